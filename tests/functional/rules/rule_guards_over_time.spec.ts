import { test } from '@japa/runner'
import app from '@adonisjs/core/services/app'
import db from '@adonisjs/lucid/services/db'
import { DateTime } from 'luxon'
import Notification from '#alerts/models/notification'
import Rule from '#rules/models/rule'
import RuleRun from '#rules/models/rule_run'
import RuleRunItem from '#rules/models/rule_run_item'
import { RuleScheduler } from '#rules/services/rule_scheduler'
import { toDbTimestamp } from '#shared/db_time'
import type { MetaSandbox } from '#stand_ins/meta_sandbox/meta_sandbox'
import { freshSandbox } from '#tests/helpers/meta'
import {
  CART,
  VISITORS,
  alwaysMatchingRule,
  budgetOf,
  invoke,
  posts,
  traffickerWithMeta,
} from '#tests/helpers/rules'

/**
 * The guards a rule keeps over several runs: min/max budget never turned against the action,
 * a daily rule's cooldown measured between its scheduled ticks, pending approvals and reverts
 * holding an object, and `rule_fired` alerts told apart by mode and by the exact objects.
 */

/** The shared always-matching rule, on the Visitors ad set only by default. */
const definition = (overrides: Record<string, unknown> = {}, ids: string[] = [VISITORS]) =>
  alwaysMatchingRule(overrides, ids)

test.group('Rules: min and max budget never turn a change around', (group) => {
  let sandbox: MetaSandbox
  group.each.setup(async () => {
    sandbox = await freshSandbox()
  })

  test('a decrease below the minimum, or an increase above the maximum, is skipped, not reversed', async ({
    assert,
  }) => {
    const user = await traffickerWithMeta()
    const cases = [
      // 5000, "decrease 10 %" with a minimum of 25000: used to write 25000 (+400 %, cap 50 %)
      {
        action: { type: 'decrease_budget', percent: 10 },
        guards: { minBudget: 25_000 },
        reason: /below minimum budget/,
      },
      // 5000, "increase 10 %" with a maximum of 4000: used to write 4000 (a decrease)
      {
        action: { type: 'increase_budget', percent: 10 },
        guards: { maxBudget: 4000 },
        reason: /above maximum budget/,
      },
      // 5000, "increase 10 %" with a minimum of 9000: reaching it needs +80 %, past the 50 % cap
      {
        action: { type: 'increase_budget', percent: 10 },
        guards: { minBudget: 9000 },
        reason: /below minimum budget/,
      },
    ]
    for (const [index, { action, guards, reason }] of cases.entries()) {
      const { rule } = await invoke(user.id, 'create_rule', {
        name: `Bounded ${index}`,
        definition: definition({ actions: [action], guards }),
        mode: 'auto',
      })
      const writes = posts(sandbox).length
      const { run } = await invoke(user.id, 'run_rule', { ruleId: rule.id })
      assert.equal(run.acted, 0, `case ${index}`)
      assert.equal(run.items[0].status, 'skipped', `case ${index}`)
      assert.match(run.items[0].reason, reason, `case ${index}`)
      assert.equal(posts(sandbox).length, writes, `case ${index}`)
      assert.equal(await budgetOf(user.id, VISITORS), 5000, `case ${index}`)
    }
  })

  test('a minimum the cap allows still bounds a decrease', async ({ assert }) => {
    const user = await traffickerWithMeta()
    const { rule } = await invoke(user.id, 'create_rule', {
      name: 'Trim',
      definition: definition({
        actions: [{ type: 'decrease_budget', percent: 40 }],
        guards: { minBudget: 4000 },
      }),
      mode: 'auto',
    })
    const { run } = await invoke(user.id, 'run_rule', { ruleId: rule.id })
    assert.equal(run.items[0].status, 'executed')
    assert.equal(run.items[0].executed, '4000')
    assert.isTrue(run.items[0].clamped)
    assert.match(run.items[0].reason, /minimum budget 4000/)
    assert.equal(await budgetOf(user.id, VISITORS), 4000)
  })
})

test.group('Rules: a daily rule with a 24 h cooldown runs every day', (group) => {
  let sandbox: MetaSandbox
  group.each.setup(async () => {
    sandbox = await freshSandbox()
    // A tick claims every enabled rule due, anyone's: only this group's rule may be due.
    await db.from('rules').where('enabled', true).update({ enabled: false })
  })
  group.each.teardown(() => sandbox.store.clock.reset())

  /**
   * An enabled auto rule "daily at 09:00 (New York), +20 %, at most once per 24 h" on the
   * Visitors ad set, and a function that runs the scheduler's tick at `startedAt` (the
   * every-minute job starts a few seconds into the minute) with Meta's clock there, then dates
   * the tick's writes `writtenAfter` seconds into the tick, as they were when it ran.
   * `seededAt`: Meta's world is rebuilt as of that day (its campaigns started before it).
   */
  async function dailyRule(seededAt?: string) {
    if (seededAt) {
      sandbox.store.clock.set(seededAt)
      sandbox.store.reset()
    }
    const user = await traffickerWithMeta()
    const { rule } = await invoke(user.id, 'create_rule', {
      name: 'Scale winners daily',
      definition: definition({
        schedule: { type: 'daily', time: '09:00' },
        guards: { maxChangePercentPerAction: 20, cooldownHours: 24 },
      }),
      mode: 'auto',
      enabled: true,
    })
    const tickAt = async (tick: string, startedAfter: number, writtenAfter: number) => {
      const start = DateTime.fromISO(tick, { zone: 'utc' })
      const startedAt = start.plus({ seconds: startedAfter })
      sandbox.store.clock.set(startedAt)
      await Rule.query()
        .where('id', rule.id)
        .update({ nextRunAt: toDbTimestamp(start) })
      const runIds = (await RuleRun.query().where('rule_id', rule.id)).map((run) => run.id)
      await (await app.container.make(RuleScheduler)).runTick(startedAt)
      const written = toDbTimestamp(start.plus({ seconds: writtenAfter }))
      await db
        .from('rule_run_items')
        .where('rule_id', rule.id)
        .whereNotIn('run_id', runIds)
        .update({ created_at: written, executed_at: written })
      const run = await RuleRun.query()
        .where('rule_id', rule.id)
        .whereNotIn('id', runIds)
        .firstOrFail()
      const items = await RuleRunItem.query().where('run_id', run.id)
      return { run, items }
    }
    return { user, tickAt }
  }

  test('the next day, a tick that starts a few seconds earlier in its minute still acts', async ({
    assert,
  }) => {
    const { user, tickAt } = await dailyRule()
    // Tuesday 09:00 New York (EST): started 20 s in, the write 25 s in
    const first = await tickAt('2026-11-24T14:00:00Z', 20, 25)
    assert.equal(first.run.status, 'completed')
    assert.equal(first.items[0].status, 'executed')
    assert.equal(await budgetOf(user.id, VISITORS), 6000)
    // Wednesday 09:00: the job started 3 s in, 23 h 59 min 38 s after Tuesday's write
    const second = await tickAt('2026-11-25T14:00:00Z', 3, 8)
    assert.equal(second.items[0].status, 'executed', second.items[0].reason ?? '')
    assert.equal(second.run.actedCount, 1)
    assert.equal(await budgetOf(user.id, VISITORS), 7200)
  })

  test('on the 23-hour day the clocks go forward, 09:00 still comes after the cooldown', async ({
    assert,
  }) => {
    const { user, tickAt } = await dailyRule('2026-03-06T12:00:00Z')
    // Saturday 7 March 2026, 09:00 EST (14:00 UTC); Sunday 8 March, 09:00 EDT (13:00 UTC)
    const first = await tickAt('2026-03-07T14:00:00Z', 2, 4)
    assert.equal(first.items[0].status, 'executed')
    assert.equal(await budgetOf(user.id, VISITORS), 6000)
    const second = await tickAt('2026-03-08T13:00:00Z', 30, 35)
    assert.equal(second.items[0].status, 'executed', second.items[0].reason ?? '')
    assert.equal(await budgetOf(user.id, VISITORS), 7200)
  })
})

test.group('Rules: approvals and reverts hold an object', (group) => {
  let sandbox: MetaSandbox
  group.each.setup(async () => {
    sandbox = await freshSandbox()
  })

  test('an object waiting for approval is not proposed again, and its value is not stale', async ({
    assert,
  }) => {
    const user = await traffickerWithMeta()
    const { rule } = await invoke(user.id, 'create_rule', {
      name: 'Scale with approval',
      definition: definition({ guards: { maxChangePercentPerAction: 20, cooldownHours: 1 } }),
      mode: 'approval',
    })
    await invoke(user.id, 'run_rule', { ruleId: rule.id })
    const { run } = await invoke(user.id, 'run_rule', { ruleId: rule.id })
    assert.equal(run.items[0].status, 'skipped')
    assert.match(run.items[0].reason, /awaiting approval/)
    const { items } = await invoke(user.id, 'list_rule_approvals', {})
    assert.lengthOf(items, 1)
    assert.equal(items[0].planned, '6000')

    const writes = posts(sandbox).length
    await invoke(user.id, 'approve_rule_action', { itemId: items[0].id })
    assert.equal(posts(sandbox).length - writes, 1)
    assert.equal(await budgetOf(user.id, VISITORS), 6000)
    // Approved: the cooldown now holds it, and nothing is waiting any more
    const after = await invoke(user.id, 'run_rule', { ruleId: rule.id })
    assert.match(after.run.items[0].reason, /cooldown/)
    assert.lengthOf((await invoke(user.id, 'list_rule_approvals', {})).items, 0)
  })

  test('an approval whose apply never finished holds the object for an hour, not for ever', async ({
    assert,
  }) => {
    const user = await traffickerWithMeta()
    const { rule } = await invoke(user.id, 'create_rule', {
      name: 'Scale with approval',
      definition: definition(),
      mode: 'approval',
    })
    await invoke(user.id, 'run_rule', { ruleId: rule.id })
    const [item] = (await invoke(user.id, 'list_rule_approvals', {})).items
    // Claimed for approval, then the process died before applying it.
    const claimedAt = (minutesAgo: number) =>
      db
        .from('rule_run_items')
        .where('id', item.id)
        .update({
          status: 'approving',
          decided_at: toDbTimestamp(DateTime.utc().minus({ minutes: minutesAgo })),
        })
    await claimedAt(5)
    const held = await invoke(user.id, 'run_rule', { ruleId: rule.id })
    assert.match(held.run.items[0].reason, /awaiting approval/)

    await claimedAt(90)
    const after = await invoke(user.id, 'run_rule', { ruleId: rule.id })
    assert.equal(after.run.items[0].status, 'pending_approval')
  })

  test('a proposal the user rejected is not proposed again within the cooldown', async ({
    assert,
  }) => {
    const user = await traffickerWithMeta()
    const { rule } = await invoke(user.id, 'create_rule', {
      name: 'Scale with approval',
      definition: definition(),
      mode: 'approval',
    })
    await invoke(user.id, 'run_rule', { ruleId: rule.id })
    const { items } = await invoke(user.id, 'list_rule_approvals', {})
    assert.lengthOf(items, 1)
    await invoke(user.id, 'reject_rule_action', { itemId: items[0].id })

    const again = await invoke(user.id, 'run_rule', { ruleId: rule.id })
    assert.equal(again.run.items[0].status, 'skipped')
    assert.match(again.run.items[0].reason, /cooldown: its proposed change was rejected/)
    assert.lengthOf((await invoke(user.id, 'list_rule_approvals', {})).items, 0)
    assert.equal(await budgetOf(user.id, VISITORS), 5000)
  })

  test('a change the user reverted is not re-applied within the cooldown', async ({ assert }) => {
    const user = await traffickerWithMeta()
    const { rule } = await invoke(user.id, 'create_rule', {
      name: 'Scale',
      definition: definition(),
      mode: 'auto',
    })
    const { run } = await invoke(user.id, 'run_rule', { ruleId: rule.id })
    assert.equal(await budgetOf(user.id, VISITORS), 6000)
    await invoke(user.id, 'revert_rule_action', { itemId: run.items[0].id })
    assert.equal(await budgetOf(user.id, VISITORS), 5000)

    const writes = posts(sandbox).length
    const again = await invoke(user.id, 'run_rule', { ruleId: rule.id })
    assert.equal(again.run.items[0].status, 'skipped')
    assert.match(again.run.items[0].reason, /cooldown/)
    assert.match(again.run.items[0].reason, /reverted/)
    assert.equal(posts(sandbox).length, writes)
    assert.equal(await budgetOf(user.id, VISITORS), 5000)
  })
})

test.group('Rules: rule_fired alerts', (group) => {
  let sandbox: MetaSandbox
  group.each.setup(async () => {
    sandbox = await freshSandbox()
  })

  const firedAlerts = (userId: number) =>
    Notification.query().where('user_id', userId).where('type', 'rule_fired').orderBy('id', 'asc')

  test('after a dry run, the first real run still sends its "acted on" alert', async ({
    assert,
  }) => {
    const user = await traffickerWithMeta()
    const { rule } = await invoke(user.id, 'create_rule', {
      name: 'Scale',
      definition: definition({}, [VISITORS, CART]),
      mode: 'auto',
    })
    await invoke(user.id, 'run_rule', { ruleId: rule.id, dryRun: true })
    await invoke(user.id, 'run_rule', { ruleId: rule.id })
    const alerts = await firedAlerts(user.id)
    assert.deepEqual(
      alerts.map((alert) => alert.title),
      ['Rule "Scale" would act on 2 ad sets', 'Rule "Scale" acted on 2 ad sets']
    )
  })

  test('runs that acted on different objects are different alerts, however many objects', async ({
    assert,
  }) => {
    const user = await traffickerWithMeta()
    // Fourteen copies of the Visitors ad set (no delivery: the rule has no condition)
    const template = sandbox.store.adSets.get(VISITORS)!
    const ids = Array.from({ length: 14 }, (_, index) => {
      const id = sandbox.store.newId()
      sandbox.store.adSets.set(id, { ...template, id, name: `Copy ${index}` })
      return id
    })
    const notifyOn = (objectIds: string[]) => ({
      ...definition({ conditions: { groups: [] }, actions: [{ type: 'notify' }] }, objectIds),
    })
    const { rule } = await invoke(user.id, 'create_rule', {
      name: 'Tell me',
      definition: notifyOn(ids.slice(0, 13)),
      mode: 'auto',
    })
    const first = await invoke(user.id, 'run_rule', { ruleId: rule.id })
    assert.equal(first.run.acted, 13)
    // The same first twelve objects, a different thirteenth
    await invoke(user.id, 'update_rule', {
      ruleId: rule.id,
      definition: notifyOn([...ids.slice(0, 12), ids[13]]),
    })
    const second = await invoke(user.id, 'run_rule', { ruleId: rule.id })
    assert.equal(second.run.acted, 13)
    const alerts = await firedAlerts(user.id)
    assert.lengthOf(alerts, 2)
    assert.include(alerts[1].data!.objectIds as string[], ids[13])
    for (const alert of alerts) assert.isAtMost(alert.dedupeKey.length, 191)
  })
})
