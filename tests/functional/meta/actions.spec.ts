import { test } from '@japa/runner'
import app from '@adonisjs/core/services/app'
import { AppError } from '#shared/errors'
import MetaConnection from '#meta/models/meta_connection'
import { ListAdAccounts } from '#meta/actions/list_ad_accounts'
import { GetAdAccount } from '#meta/actions/get_ad_account'
import { ListCampaigns } from '#meta/actions/list_campaigns'
import { ListAdSets } from '#meta/actions/list_ad_sets'
import { ListAds } from '#meta/actions/list_ads'
import { GetInsights } from '#meta/actions/get_insights'
import { UpdateCampaignStatus } from '#meta/actions/update_campaign_status'
import { UpdateAdSetStatus } from '#meta/actions/update_ad_set_status'
import { UpdateAdStatus } from '#meta/actions/update_ad_status'
import { UpdateCampaignBudget } from '#meta/actions/update_campaign_budget'
import { UpdateAdSetBudget } from '#meta/actions/update_ad_set_budget'
import { SetAccountSpendCap } from '#meta/actions/set_account_spend_cap'
import { GetMetaConnection } from '#meta/actions/get_meta_connection'
import type { MetaSandbox } from '#stand_ins/meta_sandbox/meta_sandbox'
import { createUser } from '#tests/helpers/factories'
import {
  ALEX,
  BLAIR,
  IDS,
  connectMeta,
  freshSandbox,
  createConnectedUser,
} from '#tests/helpers/meta'
import { useRolledBackTransaction } from '#tests/helpers/rolled_back_transaction'

async function failure(promise: Promise<unknown>): Promise<AppError> {
  try {
    await promise
  } catch (error) {
    if (error instanceof AppError) return error
    throw error
  }
  throw new Error('Expected the action to fail')
}

const make = <T>(type: abstract new (...args: any[]) => T) =>
  app.container.make(type as any) as Promise<T>
const writes = (sandbox: MetaSandbox) =>
  sandbox.requests.filter((request) => request.method === 'POST').length

test.group('Meta actions (read)', (group) => {
  useRolledBackTransaction(group)
  let sandbox: MetaSandbox
  group.each.setup(async () => {
    sandbox = await freshSandbox()
  })

  test('without a connection every action answers meta_not_connected', async ({ assert }) => {
    const user = await createUser()
    const error = await failure((await make(ListAdAccounts)).execute(user.id))
    assert.equal(error.code, 'meta_not_connected')
    assert.equal(error.status, 409)
    const status = await (await make(GetMetaConnection)).execute(user.id)
    assert.isFalse(status.connected)
  })

  test('list_ad_accounts returns the accounts the token sees, money in minor units', async ({
    assert,
  }) => {
    const user = await createConnectedUser()
    const { adAccounts } = await (await make(ListAdAccounts)).execute(user.id)
    assert.deepEqual(
      adAccounts.map((account) => account.id),
      ALEX.accounts
    )
    const europe = adAccounts[1]
    assert.equal(europe.currency, 'EUR')
    assert.equal(europe.spendCap, 5_000_000)
    assert.isTrue(Number.isInteger(europe.amountSpent) && europe.amountSpent > 0)
  })

  test("get_ad_account refuses another Meta user's account", async ({ assert }) => {
    const user = await createConnectedUser()
    const mine = await (await make(GetAdAccount)).execute(user.id, { adAccountId: '100000000001' })
    assert.equal(mine.adAccount.name, 'Rivera Outdoor Co.')
    const error = await failure(
      (await make(GetAdAccount)).execute(user.id, { adAccountId: BLAIR.accounts[0] })
    )
    assert.equal(error.code, 'meta_object_not_owned')
    assert.equal(error.status, 404)
  })

  test('list_campaigns gives budgets in minor units, the budget level, and cursor pages', async ({
    assert,
  }) => {
    const user = await createConnectedUser()
    const action = await make(ListCampaigns)
    const first = await action.execute(user.id, { adAccountId: 'act_100000000001', limit: 2 })
    assert.lengthOf(first.campaigns, 2)
    assert.isString(first.paging.after)
    const cbo = first.campaigns.find((campaign) => campaign.id === IDS.cboCampaign)!
    assert.containsSubset(cbo, { dailyBudget: 15_000, budgetLevel: 'campaign', currency: 'USD' })
    const abo = first.campaigns.find((campaign) => campaign.id === IDS.aboCampaign)!
    assert.containsSubset(abo, { dailyBudget: null, budgetLevel: 'ad_set' })

    const second = await action.execute(user.id, {
      adAccountId: 'act_100000000001',
      limit: 2,
      after: first.paging.after,
    })
    assert.notIncludeMembers(
      second.campaigns.map((c) => c.id),
      first.campaigns.map((c) => c.id)
    )
  })

  test('list_campaigns filters by effective status', async ({ assert }) => {
    const user = await createConnectedUser()
    const paused = await (
      await make(ListCampaigns)
    ).execute(user.id, { adAccountId: 'act_100000000001', statuses: ['PAUSED'] })
    assert.deepEqual(
      paused.campaigns.map((campaign) => campaign.id),
      [IDS.pausedCampaign]
    )
  })

  test('list_ad_sets and list_ads read a campaign and an ad set of the user', async ({
    assert,
  }) => {
    const user = await createConnectedUser()
    const adSets = await (await make(ListAdSets)).execute(user.id, { campaignId: IDS.aboCampaign })
    assert.deepEqual(
      adSets.adSets.map((adSet) => adSet.dailyBudget),
      [5000, 3000]
    )
    const ads = await (await make(ListAds)).execute(user.id, { adSetId: IDS.cboAdSet })
    assert.lengthOf(ads.ads, 2)
    assert.isTrue(ads.ads.every((ad) => ad.adSetId === IDS.cboAdSet))
  })

  test("list_ad_sets refuses another user's campaign", async ({ assert }) => {
    const user = await createConnectedUser()
    const error = await failure(
      (await make(ListAdSets)).execute(user.id, { campaignId: IDS.blairCampaign })
    )
    assert.equal(error.code, 'meta_object_not_owned')
  })

  test('get_insights by campaign over a preset: one row per campaign, spend in minor units', async ({
    assert,
  }) => {
    const user = await createConnectedUser()
    const result = await (
      await make(GetInsights)
    ).execute(user.id, {
      objectId: 'act_100000000001',
      level: 'campaign',
      datePreset: 'last_7d',
      fields: ['spend', 'impressions', 'ctr', 'purchase_roas', 'actions'],
    })
    assert.equal(result.currency, 'USD')
    assert.isAbove(result.rows.length, 2)
    const row = result.rows.find((candidate) => candidate.campaign_id === IDS.cboCampaign)!
    assert.isTrue(Number.isInteger(row.spend) && (row.spend as number) > 0)
    assert.isNumber(row.impressions)
    assert.isNumber((row.purchase_roas as any[])[0].value)
    assert.isString(row.date_start)
  })

  test('get_insights with a time range, daily rows, breakdowns and attribution windows', async ({
    assert,
  }) => {
    const user = await createConnectedUser()
    const today = new Date()
    const day = (offset: number) =>
      new Date(today.getTime() - offset * 86_400_000).toISOString().slice(0, 10)
    const result = await (
      await make(GetInsights)
    ).execute(user.id, {
      objectId: IDS.aboCampaign,
      timeRange: { since: day(5), until: day(3) },
      timeIncrement: 1,
      breakdowns: ['gender'],
      fields: ['spend', 'actions'],
      actionAttributionWindows: ['7d_click', '1d_view'],
    })
    const dates = new Set(result.rows.map((row) => row.date_start))
    assert.equal(dates.size, 3)
    assert.includeMembers([...new Set(result.rows.map((row) => row.gender))], ['female', 'male'])
    const action = (result.rows[0].actions as any[])[0]
    assert.properties(action, ['action_type', 'value', '7d_click', '1d_view'])
  })

  test('get_insights refuses both a preset and a range, and foreign objects', async ({
    assert,
  }) => {
    const user = await createConnectedUser()
    const action = await make(GetInsights)
    const both = await failure(
      action.execute(user.id, {
        objectId: 'act_100000000001',
        datePreset: 'last_7d',
        timeRange: { since: '2026-01-01', until: '2026-01-02' },
      })
    )
    assert.equal(both.code, 'validation_failed')
    assert.equal(
      (await failure(action.execute(user.id, { objectId: IDS.blairCampaign }))).code,
      'meta_object_not_owned'
    )
  })

  test('a token Meta rejects marks the connection reconnect_required', async ({ assert }) => {
    const user = await createConnectedUser()
    sandbox.failNext({ code: 190, subcode: 460 })
    const error = await failure((await make(ListAdAccounts)).execute(user.id))
    assert.equal(error.code, 'meta_token_invalid')
    const row = await MetaConnection.findByOrFail('userId', user.id)
    assert.equal(row.status, 'reconnect_required')
    const status = await (await make(GetMetaConnection)).execute(user.id)
    assert.isTrue(status.reconnectRequired)
    // Later calls say so at once, without reaching Meta.
    const before = sandbox.requests.length
    assert.equal(
      (await failure((await make(ListAdAccounts)).execute(user.id))).code,
      'meta_token_invalid'
    )
    assert.equal(sandbox.requests.length, before)
  })
})

test.group('Meta actions (write: preview, confirm, ownership, budget conflict)', (group) => {
  useRolledBackTransaction(group)
  let sandbox: MetaSandbox
  group.each.setup(async () => {
    sandbox = await freshSandbox()
  })

  test('update_campaign_status previews without writing, then applies with confirm', async ({
    assert,
  }) => {
    const user = await createConnectedUser()
    const action = await make(UpdateCampaignStatus)
    const before = writes(sandbox)
    const preview = await action.execute(user.id, { campaignId: IDS.aboCampaign, status: 'PAUSED' })
    assert.containsSubset(preview, {
      preview: true,
      applied: false,
      changes: [{ field: 'status', before: 'ACTIVE', after: 'PAUSED' }],
    })
    assert.equal(writes(sandbox), before)
    const campaigns = await (
      await make(ListCampaigns)
    ).execute(user.id, { adAccountId: 'act_100000000001', statuses: ['ACTIVE'] })
    assert.include(
      campaigns.campaigns.map((c) => c.id),
      IDS.aboCampaign
    )

    const applied = await action.execute(user.id, {
      campaignId: IDS.aboCampaign,
      status: 'PAUSED',
      confirm: true,
    })
    assert.containsSubset(applied, { preview: false, applied: true, object: { status: 'PAUSED' } })
    assert.equal(writes(sandbox), before + 1)
    const ads = await (await make(ListAds)).execute(user.id, { campaignId: IDS.aboCampaign })
    assert.isTrue(ads.ads.every((ad) => ad.effectiveStatus === 'CAMPAIGN_PAUSED'))
  })

  test("pausing today's delivery changes today's insights", async ({ assert }) => {
    const user = await createConnectedUser()
    const insights = await make(GetInsights)
    const today = await insights.execute(user.id, {
      objectId: IDS.aboCampaign,
      datePreset: 'today',
      fields: ['spend'],
    })
    assert.isAbove(today.rows[0].spend as number, 0)
    await (
      await make(UpdateAdSetStatus)
    ).execute(user.id, { adSetId: IDS.aboAdSet, status: 'PAUSED', confirm: true })
    await (
      await make(UpdateAdSetStatus)
    ).execute(user.id, { adSetId: '120200000001022', status: 'PAUSED', confirm: true })
    const after = await insights.execute(user.id, {
      objectId: IDS.aboCampaign,
      datePreset: 'today',
      fields: ['spend'],
    })
    assert.lengthOf(after.rows, 0)
    const yesterday = await insights.execute(user.id, {
      objectId: IDS.aboCampaign,
      datePreset: 'yesterday',
      fields: ['spend'],
    })
    assert.isAbove(yesterday.rows[0].spend as number, 0)
  })

  test('update_ad_status refuses an id of another kind and ids of other users', async ({
    assert,
  }) => {
    const user = await createConnectedUser()
    const action = await make(UpdateAdStatus)
    const applied = await action.execute(user.id, {
      adId: IDS.alexAd,
      status: 'PAUSED',
      confirm: true,
    })
    assert.equal((applied.object as any).status, 'PAUSED')
    assert.equal(
      (await failure(action.execute(user.id, { adId: IDS.aboCampaign, status: 'PAUSED' }))).code,
      'meta_wrong_object_type'
    )
    const before = writes(sandbox)
    const foreign = await failure(
      action.execute(user.id, { adId: '120200000030111', status: 'PAUSED', confirm: true })
    )
    assert.equal(foreign.code, 'meta_object_not_owned')
    assert.equal(writes(sandbox), before)
  })

  test("update_campaign_status never touches another user's campaign", async ({ assert }) => {
    const user = await createConnectedUser()
    const blair = await createUser()
    await connectMeta(blair, BLAIR)
    const before = writes(sandbox)
    const error = await failure(
      (await make(UpdateCampaignStatus)).execute(user.id, {
        campaignId: IDS.blairCampaign,
        status: 'PAUSED',
        confirm: true,
      })
    )
    assert.equal(error.code, 'meta_object_not_owned')
    assert.equal(writes(sandbox), before)
    const theirs = await (
      await make(ListCampaigns)
    ).execute(blair.id, { adAccountId: BLAIR.accounts[0] })
    assert.equal(theirs.campaigns[0].status, 'ACTIVE')
  })

  test('update_ad_set_budget previews, applies, and later reads see the new budget', async ({
    assert,
  }) => {
    const user = await createConnectedUser()
    const action = await make(UpdateAdSetBudget)
    const preview = await action.execute(user.id, { adSetId: IDS.aboAdSet, dailyBudget: 6000 })
    assert.containsSubset(preview, {
      preview: true,
      currency: 'USD',
      changes: [{ field: 'daily_budget', before: 5000, after: 6000 }],
    })
    await action.execute(user.id, { adSetId: IDS.aboAdSet, dailyBudget: 6000, confirm: true })
    const adSets = await (await make(ListAdSets)).execute(user.id, { campaignId: IDS.aboCampaign })
    assert.equal(adSets.adSets.find((adSet) => adSet.id === IDS.aboAdSet)!.dailyBudget, 6000)
  })

  test('an ad-set budget under a campaign budget is refused before calling Meta (1885621)', async ({
    assert,
  }) => {
    const user = await createConnectedUser()
    const before = writes(sandbox)
    const error = await failure(
      (await make(UpdateAdSetBudget)).execute(user.id, {
        adSetId: IDS.cboAdSet,
        dailyBudget: 4000,
        confirm: true,
      })
    )
    assert.equal(error.code, 'meta_budget_conflict')
    assert.equal(error.status, 422)
    assert.equal(error.details.metaSubcode, 1885621)
    assert.equal(writes(sandbox), before)
  })

  test('a campaign budget on a campaign whose ad sets hold budgets is refused before calling Meta', async ({
    assert,
  }) => {
    const user = await createConnectedUser()
    const before = writes(sandbox)
    const error = await failure(
      (await make(UpdateCampaignBudget)).execute(user.id, {
        campaignId: IDS.aboCampaign,
        dailyBudget: 9000,
        confirm: true,
      })
    )
    assert.equal(error.code, 'meta_budget_conflict')
    assert.equal(writes(sandbox), before)
  })

  test('update_campaign_budget changes a campaign budget; switching to lifetime is refused', async ({
    assert,
  }) => {
    const user = await createConnectedUser()
    const action = await make(UpdateCampaignBudget)
    const applied = await action.execute(user.id, {
      campaignId: IDS.cboCampaign,
      dailyBudget: 20_000,
      confirm: true,
    })
    assert.containsSubset(applied, {
      applied: true,
      changes: [{ before: 15_000, after: 20_000 }],
      object: { dailyBudget: 20_000 },
    })
    const switching = await failure(
      action.execute(user.id, { campaignId: IDS.cboCampaign, lifetimeBudget: 900_000 })
    )
    assert.equal(switching.code, 'meta_budget_type_mismatch')
    const both = await failure(
      action.execute(user.id, { campaignId: IDS.cboCampaign, dailyBudget: 1, lifetimeBudget: 2 })
    )
    assert.equal(both.code, 'validation_failed')
  })

  test('a higher budget raises what the campaign spends today', async ({ assert }) => {
    const user = await createConnectedUser()
    const insights = await make(GetInsights)
    const before = await insights.execute(user.id, {
      objectId: IDS.cboCampaign,
      datePreset: 'today',
      fields: ['spend'],
    })
    await (
      await make(UpdateCampaignBudget)
    ).execute(user.id, { campaignId: IDS.cboCampaign, dailyBudget: 30_000, confirm: true })
    const after = await insights.execute(user.id, {
      objectId: IDS.cboCampaign,
      datePreset: 'today',
      fields: ['spend'],
    })
    assert.isAbove(after.rows[0].spend as number, (before.rows[0].spend as number) * 1.8)
  })

  test('set_account_spend_cap previews with a warning, applies, and removes the cap', async ({
    assert,
  }) => {
    const user = await createConnectedUser()
    const action = await make(SetAccountSpendCap)
    const preview = await action.execute(user.id, {
      adAccountId: 'act_100000000001',
      spendCap: 100,
    })
    assert.containsSubset(preview, {
      preview: true,
      changes: [{ field: 'spend_cap', before: null, after: 100 }],
    })
    assert.lengthOf(preview.warnings, 1)

    const applied = await action.execute(user.id, {
      adAccountId: 'act_100000000001',
      spendCap: 90_000_000,
      confirm: true,
    })
    assert.equal((applied.object as any).spendCap, 90_000_000)
    const removed = await action.execute(user.id, {
      adAccountId: 'act_100000000001',
      spendCap: null,
      confirm: true,
    })
    assert.isNull((removed.object as any).spendCap)
    assert.equal(
      (await failure(action.execute(user.id, { adAccountId: BLAIR.accounts[0], spendCap: 1000 })))
        .code,
      'meta_object_not_owned'
    )
  })
})
