import { test } from '@japa/runner'
import type { Assert } from '@japa/assert'
import db from '@adonisjs/lucid/services/db'
import { DateTime } from 'luxon'
import { publishedRegistry } from '#automation/registry/published_actions'
import Rule from '#rules/models/rule'
import { claimMany } from '#rules/services/rule_scheduler'
import { tickKey, tickOf } from '#rules/services/schedule'
import { setPlan } from '#tests/helpers/factories'
import { IDS, createConnectedUser, freshSandbox } from '#tests/helpers/meta'

const RULES = 1_200
const WORKERS = 12

/**
 * `RULES` enabled rules of one Trafficker user: one made through `create_rule`, the others
 * copies of its row (only the name differs).
 */
async function manyRules() {
  await freshSandbox()
  const user = await createConnectedUser()
  await setPlan(user, 'trafficker')
  const { rule } = (await publishedRegistry().invoke(
    'create_rule',
    { userId: user.id, planId: 'trafficker', tokenId: null },
    {
      name: 'template',
      definition: {
        scope: {
          adAccountIds: ['act_100000000001'],
          level: 'ad_set',
          filters: { ids: [IDS.aboAdSet] },
        },
        conditions: {
          groups: [
            {
              conditions: [
                { kind: 'value', metric: 'spend', window: 'last_7d', operator: 'gt', value: 0 },
              ],
            },
          ],
        },
        actions: [{ type: 'pause' }],
        schedule: { type: 'every', minutes: 15 },
      },
      enabled: true,
    }
  )) as { rule: { id: number } }
  const columns = { ...(await db.from('rules').where('id', rule.id).firstOrFail()) }
  delete columns.id
  const copies = Array.from({ length: RULES - 1 }, (_, index) => ({
    ...columns,
    name: `copy ${index + 1}`,
  }))
  for (let start = 0; start < copies.length; start += 200) {
    await db.table('rules').insert(copies.slice(start, start + 200))
  }
  return Rule.query().where('user_id', user.id).orderBy('id', 'asc')
}

/**
 * Runs `WORKERS` concurrent `claimMany` calls over `orderOf(worker)` and checks that every rule
 * was claimed by exactly one worker and stored once.
 */
async function claimConcurrently(
  assert: Assert,
  orderOf: (rules: Rule[], worker: number) => Rule[]
) {
  const rules = await manyRules()
  assert.lengthOf(rules, RULES)
  const now = DateTime.utc()
  const tick = tickKey(tickOf(now))
  const claims = await Promise.all(
    Array.from({ length: WORKERS }, (_, worker) => claimMany(orderOf(rules, worker), tick, now))
  )
  const owner = new Map<number, number>()
  claims.forEach((owned, worker) => {
    for (const ruleId of owned.keys()) {
      assert.isFalse(owner.has(ruleId), `rule ${ruleId} claimed twice`)
      owner.set(ruleId, worker)
    }
  })
  assert.equal(owner.size, RULES)
  const stored = await db
    .from('rule_runs')
    .whereIn(
      'rule_id',
      rules.map((rule) => rule.id)
    )
    .where('tick', tick)
    .count('* as total')
  assert.equal(Number(stored[0].total), RULES)
}

/** `rules` rotated by `worker` hundred rules and reversed for odd workers: a different order each. */
function scrambled(rules: Rule[], worker: number) {
  const shift = (worker * 100) % rules.length
  const rotated = [...rules.slice(shift), ...rules.slice(0, shift)]
  return worker % 2 === 1 ? rotated.reverse() : rotated
}

test.group('Rules: claiming a tick', () => {
  test('a dozen workers claiming the same 1,200 due rules at once claim each exactly once', async ({
    assert,
  }) => {
    // Every worker claims the whole set, in batches of 500, at the same time.
    await claimConcurrently(assert, (rules) => rules)
  }).timeout(120_000)

  test('workers handed the rules in different orders still claim each once, without a deadlock', async ({
    assert,
  }) => {
    // MySQL: concurrent multi-row INSERT IGNOREs on one unique key, in different orders,
    // deadlock (errno 1213) unless claimMany orders them and retries a victim batch.
    await claimConcurrently(assert, scrambled)
  }).timeout(120_000)
})
