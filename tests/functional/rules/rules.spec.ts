import { test } from '@japa/runner'
import { createServer } from 'node:http'
import metaConfig from '#config/meta'
import app from '@adonisjs/core/services/app'
import db from '@adonisjs/lucid/services/db'
import emitter from '@adonisjs/core/services/emitter'
import { DateTime } from 'luxon'
import Rule from '#rules/models/rule'
import RuleRun from '#rules/models/rule_run'
import { RuleScheduler } from '#rules/services/rule_scheduler'
import type { MetaSandbox } from '#stand_ins/meta_sandbox/meta_sandbox'
import { createApiKey, createUser, setPlan } from '#tests/helpers/factories'
import { createConnectedUser, freshSandbox } from '#tests/helpers/meta'
import {
  ACCOUNT,
  CART,
  VISITORS,
  alwaysMatchingRule,
  budgetOf,
  failure,
  invoke,
  posts,
  traffickerWithMeta,
} from '#tests/helpers/rules'
import { useRolledBackTransaction } from '#tests/helpers/rolled_back_transaction'

const definition = (overrides: Record<string, unknown> = {}) => alwaysMatchingRule(overrides)
/** Stores `count` disabled dry-run rules for the user directly (no limit check). */
function storeRules(userId: number, count: number) {
  return Rule.createMany(
    Array.from({ length: count }, (_, index) => ({
      userId,
      name: `Rule ${index}`,
      enabled: false,
      mode: 'dry_run' as const,
      definition: definition() as any,
      template: null,
    }))
  )
}

test.group('Rules: plan gates and validation', (group) => {
  group.each.setup(async () => {
    await freshSandbox()
  })

  test('on Free, creating a rule over REST answers 403 plan_upgrade_required', async ({
    client,
    assert,
  }) => {
    const user = await createConnectedUser()
    const { key } = await createApiKey(user)
    const response = await client
      .post('/api/v1/rules/create_rule')
      .bearerToken(key)
      .json({ name: 'Stop-loss', definition: definition() })
    response.assertStatus(403)
    assert.equal(response.body().error.code, 'plan_upgrade_required')
    assert.equal(response.body().error.requiredPlan, 'trafficker')
    assert.equal(
      await Rule.query()
        .where('user_id', user.id)
        .count('* as n')
        .first()
        .then((row: any) => Number(row.$extras.n)),
      0
    )
  })

  test('a new rule is a disabled dry run with its next run computed once enabled', async ({
    assert,
  }) => {
    const user = await traffickerWithMeta()
    const created = await invoke(user.id, 'create_rule', {
      name: 'Scale',
      definition: definition(),
    })
    assert.equal(created.rule.mode, 'dry_run')
    assert.isFalse(created.rule.enabled)
    assert.isNull(created.rule.nextRunAt)
    const enabled = await invoke(user.id, 'update_rule', { ruleId: created.rule.id, enabled: true })
    assert.isString(enabled.rule.nextRunAt)
    assert.equal(enabled.rule.scheduleText, 'Every 15 minutes')
  })

  test('the plan caps the number of rules', async ({ assert }) => {
    const user = await traffickerWithMeta()
    await storeRules(user.id, 25)
    const error = await failure(
      invoke(user.id, 'create_rule', { name: 'One more', definition: definition() })
    )
    assert.equal(error.code, 'rule_limit_reached')
    assert.equal(error.status, 403)
    assert.equal(error.details.limit, 25)
  })

  test('creations at the limit at the same moment cannot pass it together', async ({ assert }) => {
    const user = await traffickerWithMeta()
    await storeRules(user.id, 24)
    // One place left, three creations at once: one is stored, two refused.
    const outcomes = await Promise.allSettled(
      [1, 2, 3].map((index) =>
        invoke(user.id, 'create_rule', { name: `Burst ${index}`, definition: definition() })
      )
    )
    assert.lengthOf(
      outcomes.filter((outcome) => outcome.status === 'fulfilled'),
      1
    )
    for (const outcome of outcomes.filter((each) => each.status === 'rejected')) {
      assert.equal((outcome as PromiseRejectedResult).reason.code, 'rule_limit_reached')
    }
    const [row] = await db.from('rules').where('user_id', user.id).count('* as total')
    assert.equal(Number(row.total), 25)
  })

  test('a budget action on ads is refused with a clear 422', async ({ assert }) => {
    const user = await traffickerWithMeta()
    const error = await failure(
      invoke(user.id, 'create_rule', {
        name: 'Bad',
        definition: definition({ scope: { adAccountIds: 'all', level: 'ad' } }),
      })
    )
    assert.equal(error.code, 'validation_failed')
    assert.match(error.message, /Ads have no budget/)
  })

  test('filter lists are bounded, so a definition always fits its column', async ({ assert }) => {
    const user = await traffickerWithMeta()
    for (const filters of [
      { objectives: Array.from({ length: 2000 }, () => 'OUTCOME_SALES') },
      { statuses: Array.from({ length: 1000 }, () => 'ACTIVE') },
    ]) {
      const error = await failure(
        invoke(user.id, 'create_rule', {
          name: 'Huge',
          definition: definition({ scope: { adAccountIds: 'all', level: 'campaign', filters } }),
        })
      )
      assert.equal(error.code, 'validation_failed')
      assert.match(String(error.details.field), /^definition\.scope\.filters\./)
    }
    assert.lengthOf(await Rule.query().where('user_id', user.id), 0)
  })

  test("another user's ad account cannot be in a rule's scope", async ({ assert }) => {
    const user = await traffickerWithMeta()
    const error = await failure(
      invoke(user.id, 'create_rule', {
        name: 'Not mine',
        definition: definition({ scope: { adAccountIds: ['act_200000000001'], level: 'ad_set' } }),
      })
    )
    assert.equal(error.code, 'meta_object_not_owned')
  })
})

test.group('Rules: runs and guards', (group) => {
  let sandbox: MetaSandbox
  group.each.setup(async () => {
    sandbox = await freshSandbox()
  })

  test('a dry run records what it would do and never writes to Meta', async ({ assert }) => {
    const user = await traffickerWithMeta()
    const { rule } = await invoke(user.id, 'create_rule', {
      name: 'Scale',
      definition: definition(),
    })
    const before = posts(sandbox).length
    const { run } = await invoke(user.id, 'run_rule', { ruleId: rule.id })
    assert.equal(run.status, 'completed')
    assert.equal(run.matched, 2)
    assert.equal(run.acted, 0)
    assert.deepEqual(
      run.items.map((item: any) => item.status),
      ['planned', 'planned']
    )
    assert.equal(posts(sandbox).length, before)
    assert.equal(await budgetOf(user.id, VISITORS), 5000)
  })

  test('+40 % with a 20 % cap applies +20 % at Meta and is logged as clamped', async ({
    assert,
  }) => {
    const user = await traffickerWithMeta()
    const { rule } = await invoke(user.id, 'create_rule', {
      name: 'Scale',
      definition: definition(),
      mode: 'auto',
    })
    const { run } = await invoke(user.id, 'run_rule', { ruleId: rule.id })
    const visitors = run.items.find((item: any) => item.objectId === VISITORS)
    assert.equal(visitors.status, 'executed')
    assert.equal(visitors.before, '5000')
    assert.equal(visitors.planned, '6000')
    assert.equal(visitors.executed, '6000')
    assert.isTrue(visitors.clamped)
    assert.match(visitors.reason, /max change per action/)
    assert.isNumber(visitors.metrics['spend:last_7d'])
    assert.equal(await budgetOf(user.id, VISITORS), 6000)
    assert.equal(run.acted, 2)
  })

  test('a second match inside the cooldown is skipped', async ({ assert }) => {
    const user = await traffickerWithMeta()
    const { rule } = await invoke(user.id, 'create_rule', {
      name: 'Scale',
      definition: definition(),
      mode: 'auto',
    })
    await invoke(user.id, 'run_rule', { ruleId: rule.id })
    const writes = posts(sandbox).length
    const { run } = await invoke(user.id, 'run_rule', { ruleId: rule.id })
    assert.equal(run.matched, 2)
    assert.equal(run.acted, 0)
    assert.isTrue(run.items.every((item: any) => item.status === 'skipped'))
    assert.match(run.items[0].reason, /cooldown/)
    assert.equal(posts(sandbox).length, writes)
    assert.equal(await budgetOf(user.id, VISITORS), 6000)
  })

  test('the blast-radius cap limits the objects changed per run', async ({ assert }) => {
    const user = await traffickerWithMeta()
    const { rule } = await invoke(user.id, 'create_rule', {
      name: 'Scale one',
      definition: definition({ guards: { maxChangePercentPerAction: 20, maxObjectsPerRun: 1 } }),
      mode: 'auto',
    })
    const { run } = await invoke(user.id, 'run_rule', { ruleId: rule.id })
    const statuses = run.items.map((item: any) => item.status).sort()
    assert.deepEqual(statuses, ['executed', 'skipped'])
    const skipped = run.items.find((item: any) => item.status === 'skipped')
    assert.match(skipped.reason, /blast-radius cap: at most 1/)
    assert.equal(run.acted, 1)
  })

  test('approval mode waits; approving applies the previewed value, rejecting sends nothing', async ({
    assert,
  }) => {
    const user = await traffickerWithMeta()
    const raised: any[] = []
    const listener = (alert: any) => raised.push(alert)
    emitter.on('alert:raised', listener)
    try {
      const { rule } = await invoke(user.id, 'create_rule', {
        name: 'Scale with approval',
        definition: definition(),
        mode: 'approval',
      })
      const writes = posts(sandbox).length
      await invoke(user.id, 'run_rule', { ruleId: rule.id })
      assert.equal(posts(sandbox).length, writes)
      const { items } = await invoke(user.id, 'list_rule_approvals', {})
      assert.lengthOf(items, 2)
      assert.isTrue(
        raised.some((alert) => alert.type === 'rule_approval_needed' && alert.userId === user.id)
      )

      const visitors = items.find((item: any) => item.objectId === VISITORS)
      const cart = items.find((item: any) => item.objectId === CART)
      const approved = await invoke(user.id, 'approve_rule_action', { itemId: visitors.id })
      assert.equal(approved.item.status, 'executed')
      assert.equal(await budgetOf(user.id, VISITORS), 6000)

      const rejected = await invoke(user.id, 'reject_rule_action', { itemId: cart.id })
      assert.equal(rejected.item.status, 'rejected')
      assert.equal(await budgetOf(user.id, CART), 3000)

      const again = await failure(invoke(user.id, 'approve_rule_action', { itemId: visitors.id }))
      assert.equal(again.code, 'rule_action_not_pending')
      const other = await traffickerWithMeta()
      const foreign = await failure(invoke(other.id, 'approve_rule_action', { itemId: cart.id }))
      assert.equal(foreign.code, 'rule_action_not_found')
    } finally {
      emitter.off('alert:raised', listener)
    }
  })

  test('a budget change is reverted in one call', async ({ assert }) => {
    const user = await traffickerWithMeta()
    const { rule } = await invoke(user.id, 'create_rule', {
      name: 'Scale',
      definition: definition({
        scope: { adAccountIds: [ACCOUNT], level: 'ad_set', filters: { ids: [VISITORS] } },
      }),
      mode: 'auto',
    })
    const { run } = await invoke(user.id, 'run_rule', { ruleId: rule.id })
    assert.equal(await budgetOf(user.id, VISITORS), 6000)
    const reverted = await invoke(user.id, 'revert_rule_action', { itemId: run.items[0].id })
    assert.equal(reverted.item.status, 'reverted')
    assert.equal(await budgetOf(user.id, VISITORS), 5000)
    const twice = await failure(invoke(user.id, 'revert_rule_action', { itemId: run.items[0].id }))
    assert.equal(twice.code, 'rule_action_not_revertible')
  })

  test("a write Meta refuses is recorded as failed with Meta's message", async ({ assert }) => {
    const user = await traffickerWithMeta()
    const { rule } = await invoke(user.id, 'create_rule', {
      name: 'Pause',
      definition: definition({
        scope: { adAccountIds: [ACCOUNT], level: 'ad_set', filters: { ids: [VISITORS] } },
        actions: [{ type: 'pause' }],
      }),
      mode: 'auto',
    })
    sandbox.failNext({
      code: 100,
      path: VISITORS,
      method: 'POST',
      message: 'Invalid parameter',
      userMessage: 'This ad set is in review and cannot be changed.',
    })
    const { run } = await invoke(user.id, 'run_rule', { ruleId: rule.id })
    assert.equal(run.items[0].status, 'failed')
    assert.equal(run.items[0].errorMessage, 'This ad set is in review and cannot be changed.')
  })

  test("Meta's rate limit records a skipped run with the reason", async ({ assert }) => {
    const user = await traffickerWithMeta()
    const { rule } = await invoke(user.id, 'create_rule', {
      name: 'Scale',
      definition: definition(),
    })
    sandbox.failNext({
      code: 80004,
      path: 'insights',
      message: 'There have been too many calls to this ad-account.',
    })
    const { run } = await invoke(user.id, 'run_rule', { ruleId: rule.id })
    assert.equal(run.status, 'skipped')
    assert.match(run.reason, /^meta_rate_limited/)
  })

  test('preview shows matches and planned changes without recording anything', async ({
    assert,
  }) => {
    const user = await traffickerWithMeta()
    const preview = await invoke(user.id, 'preview_rule', { definition: definition() })
    assert.equal(preview.matched, 2)
    const visitors = preview.matches.find((match: any) => match.objectId === VISITORS)
    assert.deepInclude(visitors.planned, { before: 5000, after: 6000, clamped: true })
    assert.equal(
      await RuleRun.query()
        .where('user_id', user.id)
        .count('* as n')
        .first()
        .then((row: any) => Number(row.$extras.n)),
      0
    )
  })

  test('frequency over the last 7 days uses the exact unique reach of the whole week', async ({
    assert,
  }) => {
    const user = await traffickerWithMeta()
    const week = { objectId: VISITORS, datePreset: 'last_7d', fields: ['impressions', 'reach'] }
    const daily = await invoke(user.id, 'get_insights', { ...week, timeIncrement: '1' })
    const whole = await invoke(user.id, 'get_insights', week)
    const impressions = daily.rows.reduce((sum: number, row: any) => sum + row.impressions, 0)
    const summedReach = daily.rows.reduce((sum: number, row: any) => sum + row.reach, 0)
    const exactReach = whole.rows[0].reach as number
    assert.isAbove(daily.rows.length, 1)
    // People seen on several days count once: the week's reach is below the sum of the days
    assert.isBelow(exactReach, summedReach)
    const withSum = impressions / summedReach
    const exact = impressions / exactReach
    const threshold = (withSum + exact) / 2
    const preview = await invoke(user.id, 'preview_rule', {
      definition: definition({
        scope: { adAccountIds: [ACCOUNT], level: 'ad_set', filters: { ids: [VISITORS] } },
        conditions: {
          groups: [
            {
              conditions: [
                {
                  kind: 'value',
                  metric: 'frequency',
                  window: 'last_7d',
                  operator: 'gt',
                  value: threshold,
                },
              ],
            },
          ],
        },
      }),
    })
    // Summed daily reach would give withSum < threshold: no match; the exact reach matches
    assert.isBelow(withSum, threshold)
    assert.equal(preview.matched, 1)
    assert.closeTo(preview.matches[0].values['frequency:last_7d'], exact, 0.0001)
  })

  test('a backtest replays the days with the cooldown simulated', async ({ assert }) => {
    const user = await traffickerWithMeta()
    const result = await invoke(user.id, 'backtest_rule', {
      definition: definition({
        conditions: {
          groups: [
            {
              conditions: [
                { kind: 'value', metric: 'spend', window: 'yesterday', operator: 'gt', value: 0 },
              ],
            },
          ],
        },
        guards: { maxChangePercentPerAction: 20, cooldownHours: 48 },
      }),
      days: 6,
    })
    // 6 days, both ad sets match daily, a 48 h cooldown lets each act every other day
    assert.equal(result.fires, 6)
    assert.equal(result.skippedByCooldown, 6)
    const visitors = result.events.filter((event: any) => event.objectId === VISITORS)
    assert.deepEqual(
      visitors.map((event: any) => event.change.after),
      [6000, 7200, 8640]
    )
  })
})

test.group('Rules: scheduling', (group) => {
  let sandbox: MetaSandbox
  group.each.setup(async () => {
    sandbox = await freshSandbox()
    // A tick claims every enabled rule due, anyone's: rules earlier tests left enabled fall
    // due later (rule_claims.spec.ts leaves 2,400 "every 15 minutes" rules, due at the next
    // quarter hour), and this group's claim counts must see only its own.
    await db.from('rules').where('enabled', true).update({ enabled: false })
  })

  test('two workers on the same tick run each due rule exactly once', async ({ assert }) => {
    const user = await traffickerWithMeta()
    const ids: number[] = []
    for (const name of ['A', 'B', 'C']) {
      const { rule } = await invoke(user.id, 'create_rule', {
        name,
        definition: definition(),
        enabled: true,
      })
      ids.push(rule.id)
    }
    await Rule.query()
      .whereIn('id', ids)
      .update({ nextRunAt: DateTime.utc().minus({ minutes: 1 }).toFormat('yyyy-LL-dd HH:mm:ss') })
    const first = await app.container.make(RuleScheduler)
    const second = await app.container.make(RuleScheduler)
    const now = DateTime.utc()
    const [one, two] = await Promise.all([first.runTick(now), second.runTick(now)])
    assert.equal(one.claimed + two.claimed, 3)
    assert.equal(one.alreadyClaimed + two.alreadyClaimed, 3)
    const runs = await RuleRun.query().whereIn('rule_id', ids)
    assert.lengthOf(runs, 3)
    assert.isTrue(runs.every((run) => run.status === 'completed'))
    const rules = await Rule.query().whereIn('id', ids)
    assert.isTrue(rules.every((rule) => rule.nextRunAt !== null && rule.nextRunAt > DateTime.utc()))
  })

  test('the rules of a tick share one insights request per ad account and level', async ({
    assert,
  }) => {
    const user = await traffickerWithMeta()
    const ids: number[] = []
    for (const window of ['last_7d', 'last_3d', 'yesterday']) {
      const { rule } = await invoke(user.id, 'create_rule', {
        name: window,
        definition: definition({
          scope: { adAccountIds: 'all', level: 'ad_set' },
          conditions: {
            groups: [
              { conditions: [{ kind: 'value', metric: 'cpa', window, operator: 'gt', value: 1 }] },
            ],
          },
        }),
        enabled: true,
      })
      ids.push(rule.id)
    }
    await Rule.query()
      .whereIn('id', ids)
      .update({ nextRunAt: DateTime.utc().minus({ minutes: 1 }).toFormat('yyyy-LL-dd HH:mm:ss') })
    const before = sandbox.requests.length
    const report = await (await app.container.make(RuleScheduler)).runTick(DateTime.utc())
    const insights = sandbox.requests
      .slice(before)
      .filter((request) => request.path.endsWith('/insights'))
    // Alex sees two ad accounts: one insights request each for the ad-set level
    assert.lengthOf(insights, 2)
    assert.equal(report.graphCalls.insights, 2)
    assert.equal(report.claimed, 3)
  })

  test('exact reach costs one more insights request per range, only when a due rule reads it', async ({
    assert,
  }) => {
    const user = await traffickerWithMeta()
    const condition = (metric: string, window: string, kind = 'value') =>
      kind === 'trend'
        ? { kind, metric, window, direction: 'rose', percent: 10 }
        : { kind, metric, window, operator: 'gt', value: 0 }
    const create = async (name: string, adAccountIds: unknown, cond: unknown) => {
      const { rule } = await invoke(user.id, 'create_rule', {
        name,
        definition: definition({
          scope: { adAccountIds, level: 'ad_set' },
          conditions: { groups: [{ conditions: [cond] }] },
        }),
        enabled: true,
      })
      return rule.id as number
    }
    const tick = async (ids: number[]) => {
      await Rule.query()
        .whereIn('id', ids)
        .update({
          nextRunAt: DateTime.utc().minus({ minutes: 1 }).toFormat('yyyy-LL-dd HH:mm:ss'),
        })
      const before = sandbox.requests.length
      const report = await (await app.container.make(RuleScheduler)).runTick(DateTime.utc())
      const insights = sandbox.requests
        .slice(before)
        .filter((request) => request.path.endsWith('/insights'))
      assert.equal(report.graphCalls.insights, insights.length)
      return insights
    }

    // Frequency over one day reads the daily row: still one request per ad account and level
    const daily = [
      await create('cpa', 'all', condition('cpa', 'last_7d')),
      await create('frequency yesterday', 'all', condition('frequency', 'yesterday')),
    ]
    assert.lengthOf(await tick(daily), 2)

    // Frequency over the last 7 days on one account, and a reach trend (this week and the one
    // before) on the same account: the daily series plus one aggregated request per distinct
    // range, and nothing for the other account
    const weekly = [
      await create('frequency week', [ACCOUNT], condition('frequency', 'last_7d')),
      await create('reach trend', [ACCOUNT], condition('reach', 'last_7d', 'trend')),
    ]
    const insights = await tick(weekly)
    const aggregated = insights.filter((request) => !request.insights?.time_increment)
    assert.lengthOf(insights, 3)
    assert.lengthOf(aggregated, 2)
    for (const request of aggregated) {
      assert.include(request.path, ACCOUNT)
      assert.deepEqual(request.insights!.fields.split(',').sort(), [
        'adset_id',
        'adset_name',
        'campaign_id',
        'reach',
      ])
      assert.equal(request.insights!.level, 'adset')
      const range = JSON.parse(request.insights!.time_range)
      assert.isTrue(range.since < range.until)
    }
    const ranges = aggregated.map((request) => JSON.parse(request.insights!.time_range))
    assert.notEqual(ranges[0].since, ranges[1].since)
  })

  test("one tick runs a user's dry-run, approval and auto rules together, each with its own writes", async ({
    assert,
  }) => {
    const user = await traffickerWithMeta()
    const raised: any[] = []
    const listener = (alert: any) => raised.push(alert)
    emitter.on('alert:raised', listener)
    try {
      const ids: Record<string, number> = {}
      for (const mode of ['dry_run', 'approval', 'auto']) {
        const { rule } = await invoke(user.id, 'create_rule', {
          name: mode,
          definition: definition(),
          enabled: true,
          mode,
        })
        ids[mode] = rule.id
      }
      await Rule.query()
        .whereIn('id', Object.values(ids))
        .update({
          nextRunAt: DateTime.utc().minus({ minutes: 1 }).toFormat('yyyy-LL-dd HH:mm:ss'),
        })
      const writes = posts(sandbox).length
      const report = await (await app.container.make(RuleScheduler)).runTick(DateTime.utc())
      assert.equal(report.claimed, 3)

      const itemsOf = async (mode: string) =>
        (await invoke(user.id, 'list_rule_runs', { ruleId: ids[mode] })).runs[0]
      const dry = await itemsOf('dry_run')
      assert.equal(dry.status, 'completed')
      assert.deepEqual(dry.items.map((item: any) => item.status).sort(), ['planned', 'planned'])

      // Only the auto rule wrote to Meta: +40 % clamped to +20 % on both ad sets.
      assert.equal(posts(sandbox).length - writes, 2)
      const auto = await itemsOf('auto')
      assert.equal(auto.acted, 2)
      assert.deepEqual(auto.items.map((item: any) => [item.status, item.executed]).sort(), [
        ['executed', '3600'],
        ['executed', '6000'],
      ])

      // The approval alert names the stored items (ids read back after the multi-row insert).
      const { items: pending } = await invoke(user.id, 'list_rule_approvals', {})
      assert.lengthOf(pending, 2)
      const alert = raised.find((entry) => entry.type === 'rule_approval_needed')
      assert.deepEqual([...alert.data.itemIds].sort(), pending.map((item: any) => item.id).sort())
      const rules = await Rule.query().whereIn('id', Object.values(ids))
      assert.isTrue(
        rules.every((rule) => rule.lastRunAt !== null && rule.nextRunAt! > DateTime.utc())
      )
    } finally {
      emitter.off('alert:raised', listener)
    }
  })

  /**
   * Creates an enabled auto rule due a minute ago, applies `change` to its owner, runs a tick,
   * and returns the rule's run and how many writes reached Meta.
   */
  async function tickAfter(
    change: (user: Awaited<ReturnType<typeof traffickerWithMeta>>) => Promise<unknown>
  ) {
    const user = await traffickerWithMeta()
    const { rule } = await invoke(user.id, 'create_rule', {
      name: 'A',
      definition: definition(),
      enabled: true,
      mode: 'auto',
    })
    await change(user)
    await Rule.query()
      .where('id', rule.id)
      .update({ nextRunAt: DateTime.utc().minus({ minutes: 1 }).toFormat('yyyy-LL-dd HH:mm:ss') })
    const writes = posts(sandbox).length
    await (await app.container.make(RuleScheduler)).runTick(DateTime.utc())
    return {
      run: await RuleRun.findByOrFail('rule_id', rule.id),
      wrote: posts(sandbox).length - writes,
    }
  }

  test("a suspended account's due rules are skipped, not run", async ({ assert }) => {
    const { run, wrote } = await tickAfter(async (user) => {
      user.suspendedAt = DateTime.utc()
      await user.save()
    })
    assert.equal(run.status, 'skipped')
    assert.match(run.reason!, /account_suspended/)
    assert.equal(wrote, 0)
  })

  test('a user whose plan lapsed has due rules skipped, not run', async ({ assert }) => {
    const { run, wrote } = await tickAfter((user) => setPlan(user, 'free'))
    assert.equal(run.status, 'skipped')
    assert.match(run.reason!, /plan_upgrade_required/)
    assert.equal(wrote, 0)
  })
})

test.group('Rules: templates', (group) => {
  useRolledBackTransaction(group)
  test('every template is a valid rule definition', async ({ assert }) => {
    const user = await createUser()
    const { templates } = await invoke(user.id, 'list_rule_templates', {})
    assert.deepEqual(
      templates.map((template: any) => template.id),
      ['stop_loss', 'scale_winners', 'frequency_cap', 'spend_pacing', 'night_pause']
    )
  })
})

test.group('Rules: webhook action', (group) => {
  const received: any[] = []
  let origin = ''
  const server = createServer((request, response) => {
    let body = ''
    request.on('data', (chunk) => (body += chunk))
    request.on('end', () => {
      received.push({ type: request.headers['content-type'], body: JSON.parse(body) })
      response.writeHead(204).end()
    })
  })
  group.setup(async () => {
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
    origin = `http://127.0.0.1:${(server.address() as any).port}`
    metaConfig.imageFetch.allowedOrigins.push(origin)
    return async () => {
      metaConfig.imageFetch.allowedOrigins.splice(
        metaConfig.imageFetch.allowedOrigins.indexOf(origin),
        1
      )
      await new Promise<void>((resolve) => server.close(() => resolve()))
    }
  })
  group.each.setup(async () => {
    received.length = 0
    await freshSandbox()
  })

  test('a run POSTs one JSON summary with the matched objects and their changes', async ({
    assert,
  }) => {
    const user = await traffickerWithMeta()
    const { rule } = await invoke(user.id, 'create_rule', {
      name: 'Scale and tell',
      definition: definition({
        actions: [
          { type: 'increase_budget', percent: 10 },
          { type: 'webhook', url: `${origin}/hook` },
        ],
      }),
      mode: 'auto',
    })
    const { run } = await invoke(user.id, 'run_rule', { ruleId: rule.id })
    assert.lengthOf(received, 1)
    assert.equal(received[0].type, 'application/json')
    assert.equal(received[0].body.rule.id, rule.id)
    const visitors = received[0].body.objects.find((object: any) => object.objectId === VISITORS)
    assert.deepInclude(visitors.change, { field: 'daily_budget', before: '5000', after: '5500' })
    const hooks = run.items.filter((item: any) => item.action === 'webhook')
    assert.isTrue(hooks.length === 2 && hooks.every((item: any) => item.status === 'executed'))
  })

  test('the webhook URL is stored encrypted, shown to its owner and still called', async ({
    assert,
  }) => {
    const user = await traffickerWithMeta()
    const url = `${origin}/hook/T0000/B0000/secret-path-token`
    const { rule } = await invoke(user.id, 'create_rule', {
      name: 'Tell Slack',
      definition: definition({ actions: [{ type: 'webhook', url }] }),
      mode: 'auto',
    })
    // At rest: no trace of the URL in the row, an encrypted value in its place.
    const stored = await db.from('rules').where('id', rule.id).firstOrFail()
    const raw =
      typeof stored.definition === 'string' ? stored.definition : JSON.stringify(stored.definition)
    assert.notInclude(raw, 'secret-path-token')
    assert.notInclude(raw, origin)
    assert.isString(JSON.parse(raw).actions[0].urlEncrypted)
    // Its owner reads and edits it in full (the Rules page edits it, keys read it).
    const { rule: read } = await invoke(user.id, 'get_rule', { ruleId: rule.id })
    assert.equal(read.definition.actions[0].url, url)
    await invoke(user.id, 'update_rule', { ruleId: rule.id, name: 'Tell Slack now' })
    const { rule: renamed } = await invoke(user.id, 'get_rule', { ruleId: rule.id })
    assert.equal(renamed.definition.actions[0].url, url)
    // The run posts to it.
    await invoke(user.id, 'run_rule', { ruleId: rule.id })
    assert.lengthOf(received, 1)
    assert.equal(received[0].body.rule.name, 'Tell Slack now')
  })

  test('a rule stored before encryption (URL in clear) still reads and runs', async ({
    assert,
  }) => {
    const user = await traffickerWithMeta()
    const { rule } = await invoke(user.id, 'create_rule', {
      name: 'Old',
      definition: definition({ actions: [{ type: 'webhook', url: `${origin}/old` }] }),
      mode: 'auto',
    })
    const stored = await db.from('rules').where('id', rule.id).firstOrFail()
    const doc =
      typeof stored.definition === 'string' ? JSON.parse(stored.definition) : stored.definition
    doc.actions = [{ type: 'webhook', url: `${origin}/old` }]
    await db
      .from('rules')
      .where('id', rule.id)
      .update({ definition: JSON.stringify(doc) })
    const { rule: read } = await invoke(user.id, 'get_rule', { ruleId: rule.id })
    assert.equal(read.definition.actions[0].url, `${origin}/old`)
    await invoke(user.id, 'run_rule', { ruleId: rule.id })
    assert.lengthOf(received, 1)
  })

  test('a dry run records the webhook without calling it, and private addresses are refused', async ({
    assert,
  }) => {
    const user = await traffickerWithMeta()
    const dry = await invoke(user.id, 'create_rule', {
      name: 'Tell',
      definition: definition({ actions: [{ type: 'webhook', url: `${origin}/hook` }] }),
    })
    const { run } = await invoke(user.id, 'run_rule', { ruleId: dry.rule.id })
    assert.lengthOf(received, 0)
    assert.isTrue(run.items.every((item: any) => item.status === 'planned'))

    const internal = await invoke(user.id, 'create_rule', {
      name: 'Internal',
      definition: definition({ actions: [{ type: 'webhook', url: 'https://10.0.0.1/hook' }] }),
      mode: 'auto',
    })
    const refused = await invoke(user.id, 'run_rule', { ruleId: internal.rule.id })
    assert.equal(refused.run.items[0].status, 'failed')
    assert.match(refused.run.items[0].errorMessage, /not a public internet address/)
  })
})
