import { test } from '@japa/runner'
import { setPlan } from '#tests/helpers/factories'
import type { MetaSandbox } from '#stand_ins/meta_sandbox/meta_sandbox'
import { IDS, createConnectedUser, freshSandbox } from '#tests/helpers/meta'
import { ACCOUNT, invoke } from '#tests/helpers/rules'

const CAPPED = IDS.aboAdSet // given a bid cap of 250 below; delivers every day
const AUTOMATIC = '120200000001022' // same campaign, automatic bidding (no bid amount)

/** +20 % bid on both ad sets whenever they spent yesterday (they do, every day). */
const changeBid = {
  scope: { adAccountIds: [ACCOUNT], level: 'ad_set', filters: { ids: [CAPPED, AUTOMATIC] } },
  conditions: {
    groups: [
      {
        conditions: [
          { kind: 'value', metric: 'spend', window: 'yesterday', operator: 'gt', value: 0 },
        ],
      },
    ],
  },
  actions: [{ type: 'change_bid', percent: 20 }],
  guards: { cooldownHours: 24 },
  schedule: { type: 'every', minutes: 60 },
}

/** A Trafficker user whose CAPPED ad set bids with a 250 bid cap (set through the app). */
async function userWithBidCap() {
  const user = await createConnectedUser()
  await setPlan(user, 'trafficker')
  await invoke(user.id, 'update_ad_set', {
    adSetId: CAPPED,
    bidStrategy: 'LOWEST_COST_WITH_BID_CAP',
    bidAmount: 250,
    confirm: true,
  })
  const { adSet } = await invoke(user.id, 'get_ad_set', { adSetId: CAPPED })
  return { user, bid: adSet.bidAmount as number }
}

test.group('Rules: change_bid in preview and backtest', (group) => {
  let sandbox: MetaSandbox
  group.each.setup(async () => {
    sandbox = await freshSandbox()
  })

  test("preview plans the ad set's real bid, before → after, as the live run does", async ({
    assert,
  }) => {
    const { user, bid } = await userWithBidCap()
    assert.equal(bid, 250)
    const preview = await invoke(user.id, 'preview_rule', { definition: changeBid })
    assert.equal(preview.matched, 2)
    const capped = preview.matches.find((match: any) => match.objectId === CAPPED)
    assert.deepInclude(capped.planned, {
      action: 'change_bid',
      field: 'bid_amount',
      before: 250,
      after: 300,
      clamped: false,
    })
    // Automatic bidding really has no bid amount: that one is (rightly) skipped
    const automatic = preview.matches.find((match: any) => match.objectId === AUTOMATIC)
    assert.isTrue(automatic.planned.skipped)
    assert.match(automatic.planned.reason, /no bid amount/)

    // The live (dry) run plans the same change from the same bid
    const { rule } = await invoke(user.id, 'create_rule', { name: 'Bid up', definition: changeBid })
    const { run } = await invoke(user.id, 'run_rule', { ruleId: rule.id })
    const item = run.items.find((each: any) => each.objectId === CAPPED)
    assert.equal(item.status, 'planned')
    assert.equal(item.before, '250')
    assert.equal(item.planned, '300')
  })

  test('an ad set whose bid cannot be read skips that match, not the whole preview', async ({
    assert,
  }) => {
    const { user } = await userWithBidCap()
    sandbox.failNext({
      code: 100,
      message: 'Unsupported get request.',
      path: CAPPED,
      method: 'GET',
    })
    const preview = await invoke(user.id, 'preview_rule', { definition: changeBid })
    const capped = preview.matches.find((match: any) => match.objectId === CAPPED)
    assert.isTrue(capped.planned.skipped)
    assert.match(capped.planned.reason, /^its bid could not be read: /)
    const automatic = preview.matches.find((match: any) => match.objectId === AUTOMATIC)
    assert.match(automatic.planned.reason, /no bid amount/)
  })

  test('a negative change lowers the bid; budget actions refuse negative numbers', async ({
    assert,
  }) => {
    const { user } = await userWithBidCap()
    const lower = { ...changeBid, actions: [{ type: 'change_bid', percent: -20 }] }
    const { rule } = await invoke(user.id, 'create_rule', { name: 'Bid down', definition: lower })
    const { run } = await invoke(user.id, 'run_rule', { ruleId: rule.id })
    const item = run.items.find((each: any) => each.objectId === CAPPED)
    assert.equal(item.status, 'planned')
    assert.equal(item.before, '250')
    assert.equal(item.planned, '200')

    for (const action of [
      { type: 'decrease_budget', percent: -20 },
      { type: 'increase_budget', amount: -500 },
      { type: 'change_bid', percent: 0 },
    ]) {
      const refused = invoke(user.id, 'create_rule', {
        name: 'Wrong sign',
        definition: {
          ...changeBid,
          scope: { ...changeBid.scope, level: 'ad_set' },
          actions: [action],
        },
      })
      await assert.rejects(() => refused, /validation|percent|amount|negative/i)
    }
  })

  test('a backtest counts the fires of a change_bid rule and carries the bid forward', async ({
    assert,
  }) => {
    const { user } = await userWithBidCap()
    const result = await invoke(user.id, 'backtest_rule', { definition: changeBid, days: 3 })
    // The capped ad set fires once a day (24 h cooldown); the automatic one has no bid to change
    assert.equal(result.fires, 3)
    assert.equal(result.objects, 1)
    assert.equal(result.skippedByCooldown, 0)
    assert.isTrue(result.events.every((event: any) => event.objectId === CAPPED))
    assert.deepEqual(
      result.events.map((event: any) => [event.change.before, event.change.after]),
      [
        [250, 300],
        [300, 360],
        [360, 432],
      ]
    )
    assert.isTrue(result.events.every((event: any) => event.change.field === 'bid_amount'))
  })
})
