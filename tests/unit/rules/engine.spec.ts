import { test } from '@japa/runner'
import { DateTime } from 'luxon'
import { ruleDefinitionSchema, type RuleDefinition } from '#rules/definition'
import {
  evaluateRule,
  exactReachRanges,
  inCooldown,
  rangeKey,
  planWrite,
  windowRange,
  type DailyFacts,
  type RuleSubject,
  type SubjectData,
} from '#rules/services/engine'
import { isDue, nextRunAt, tickOf } from '#rules/services/schedule'

const clock = { now: DateTime.fromISO('2026-11-20T15:00:00Z'), today: '2026-11-20' }

const adSet = (overrides: Partial<RuleSubject> = {}): RuleSubject => ({
  type: 'ad_set',
  id: '1',
  name: 'Prospecting',
  adAccountId: 'act_1',
  currency: 'USD',
  status: 'ACTIVE',
  objective: 'OUTCOME_SALES',
  dailyBudget: 10_000,
  lifetimeBudget: null,
  bidAmount: null,
  createdTime: '2026-10-01T00:00:00+0000',
  updatedTime: '2026-11-01T00:00:00+0000',
  ...overrides,
})

/** `count` days before today, each with the same delivery. */
const days = (count: number, day: Partial<DailyFacts>): DailyFacts[] =>
  Array.from({ length: count }, (_, index) => ({
    date: DateTime.fromISO(clock.today)
      .minus({ days: index + 1 })
      .toISODate()!,
    spend: 0,
    impressions: 0,
    reach: 0,
    clicks: 0,
    purchases: 0,
    purchaseValue: 0,
    results: 0,
    ...day,
  }))

const rule = (overrides: Record<string, unknown> = {}): RuleDefinition =>
  ruleDefinitionSchema.parse({
    scope: { adAccountIds: 'all', level: 'ad_set' },
    conditions: {
      groups: [
        {
          conditions: [
            { kind: 'value', metric: 'cpa', window: 'last_7d', operator: 'gt', value: 2000 },
          ],
        },
      ],
    },
    actions: [{ type: 'pause' }],
    schedule: { type: 'every', minutes: 15 },
    ...overrides,
  })

const data = (list: DailyFacts[], subject = adSet()): SubjectData => ({ subject, days: list })

test.group('Rule engine: conditions', () => {
  test('a CPA above the target over the last 7 days matches, with the figure recorded', ({
    assert,
  }) => {
    const result = evaluateRule(
      rule(),
      data(days(7, { spend: 3000, purchases: 1, impressions: 1000 })),
      clock
    )
    assert.isTrue(result.matched)
    assert.equal(result.values['cpa:last_7d'], 3000)
  })

  test('a CPA condition with spend under the minimum never matches', ({ assert }) => {
    const definition = rule({ guards: { minSpend: 50_000 } })
    const result = evaluateRule(
      definition,
      data(days(7, { spend: 3000, purchases: 0, impressions: 1000 })),
      clock
    )
    assert.isFalse(result.matched)
    assert.match(result.notes.join(' '), /below the minimum 50000/)
  })

  test('spend without a purchase counts as an infinite CPA once the minimum is spent', ({
    assert,
  }) => {
    const definition = rule({ guards: { minSpend: 10_000 } })
    const result = evaluateRule(
      definition,
      data(days(7, { spend: 3000, purchases: 0, impressions: 1000 })),
      clock
    )
    assert.isTrue(result.matched)
  })

  test('groups combine with AND and OR', ({ assert }) => {
    const twoGroups = (match: 'all' | 'any') =>
      rule({
        conditions: {
          match,
          groups: [
            {
              conditions: [
                {
                  kind: 'value',
                  metric: 'spend',
                  window: 'yesterday',
                  operator: 'gte',
                  value: 100,
                },
              ],
            },
            {
              conditions: [
                { kind: 'value', metric: 'ctr', window: 'yesterday', operator: 'gt', value: 5 },
              ],
            },
          ],
        },
      })
    const facts = data(days(1, { spend: 500, impressions: 1000, clicks: 10 })) // CTR 1 %
    assert.isFalse(evaluateRule(twoGroups('all'), facts, clock).matched)
    assert.isTrue(evaluateRule(twoGroups('any'), facts, clock).matched)
  })

  test('between and not between include their bounds', ({ assert }) => {
    const between = (operator: 'between' | 'not_between') =>
      rule({
        conditions: {
          groups: [
            {
              conditions: [
                {
                  kind: 'value',
                  metric: 'spend',
                  window: 'yesterday',
                  operator,
                  value: 100,
                  valueTo: 500,
                },
              ],
            },
          ],
        },
      })
    const facts = data(days(1, { spend: 500, impressions: 10 }))
    assert.isTrue(evaluateRule(between('between'), facts, clock).matched)
    assert.isFalse(evaluateRule(between('not_between'), facts, clock).matched)
  })

  test('a trend compares the window with the one just before it', ({ assert }) => {
    const definition = rule({
      conditions: {
        groups: [
          {
            conditions: [
              { kind: 'trend', metric: 'cpa', window: 'last_3d', direction: 'rose', percent: 30 },
            ],
          },
        ],
      },
    })
    // days 1-3 before today: CPA 2000; days 4-6: CPA 1000 → rose 100 %
    const recent = days(3, { spend: 2000, purchases: 1, impressions: 100 })
    const older = days(6, { spend: 1000, purchases: 1, impressions: 100 }).slice(3)
    const result = evaluateRule(definition, data([...recent, ...older]), clock)
    assert.isTrue(result.matched)
    assert.equal(result.values['cpa:change_percent'], 100)
  })

  test('metric against metric: CPA above 1.5 × the CPC matches', ({ assert }) => {
    const definition = rule({
      conditions: {
        groups: [
          {
            conditions: [
              {
                kind: 'compare',
                metric: 'cpa',
                window: 'last_7d',
                operator: 'gt',
                otherMetric: 'cpc',
                multiplier: 1.5,
              },
            ],
          },
        ],
      },
    })
    const result = evaluateRule(
      definition,
      data(days(7, { spend: 1000, purchases: 1, clicks: 10, impressions: 100 })),
      clock
    )
    assert.isTrue(result.matched)
  })

  test('frequency over several days divides by the exact reach when it was fetched', ({
    assert,
  }) => {
    const definition = rule({
      conditions: {
        groups: [
          {
            conditions: [
              { kind: 'value', metric: 'frequency', window: 'last_7d', operator: 'gte', value: 3 },
            ],
          },
        ],
      },
    })
    // 7 days of 1,000 impressions to 500 people: summed reach 3,500 (frequency 2), but the
    // same 2,000 people all week (frequency 3.5)
    const week = days(7, { impressions: 1000, reach: 500, spend: 100 })
    assert.isFalse(evaluateRule(definition, data(week), clock).matched)
    const range = windowRange('last_7d', clock.today)!
    const exact = evaluateRule(
      definition,
      { ...data(week), reach: new Map([[rangeKey(range), 2000]]) },
      clock
    )
    assert.isTrue(exact.matched)
    assert.equal(exact.values['frequency:last_7d'], 3.5)
  })

  test('exact reach is needed only for reach or frequency over several days', ({ assert }) => {
    const only = (condition: Record<string, unknown>) =>
      exactReachRanges(rule({ conditions: { groups: [{ conditions: [condition] }] } }), clock.today)
    const value = { kind: 'value', operator: 'gt', value: 1 }
    assert.deepEqual(only({ ...value, metric: 'cpa', window: 'last_7d' }), [])
    assert.deepEqual(only({ ...value, metric: 'frequency', window: 'yesterday' }), [])
    assert.deepEqual(only({ ...value, metric: 'frequency', window: 'lifetime' }), [])
    assert.deepEqual(only({ ...value, metric: 'reach', window: 'last_3d' }), [
      { since: '2026-11-17', until: '2026-11-19' },
    ])
    assert.deepEqual(
      only({
        kind: 'trend',
        metric: 'frequency',
        window: 'last_3d',
        direction: 'rose',
        percent: 5,
      }),
      [
        { since: '2026-11-17', until: '2026-11-19' },
        { since: '2026-11-14', until: '2026-11-16' },
      ]
    )
    assert.deepEqual(
      only({
        kind: 'compare',
        metric: 'cpm',
        window: 'yesterday',
        operator: 'gt',
        otherMetric: 'frequency',
        otherWindow: 'this_month',
        multiplier: 1,
      }),
      [{ since: '2026-11-01', until: '2026-11-20' }]
    )
  })

  test('objects younger than the minimum age are not judged', ({ assert }) => {
    const definition = rule({ guards: { minAgeHours: 72 } })
    const young = adSet({ createdTime: '2026-11-19T12:00:00+0000' })
    const result = evaluateRule(
      definition,
      data(days(7, { spend: 3000, purchases: 1, impressions: 1000 }), young),
      clock
    )
    assert.isFalse(result.matched)
  })

  test('last_7d is the 7 days before today, today excluded', ({ assert }) => {
    assert.deepEqual(windowRange('last_7d', '2026-11-20'), {
      since: '2026-11-13',
      until: '2026-11-19',
    })
    assert.deepEqual(windowRange('this_month', '2026-11-20'), {
      since: '2026-11-01',
      until: '2026-11-20',
    })
  })
})

test.group('Rule engine: guards on writes', () => {
  const guards = (overrides: Record<string, unknown> = {}) => rule({ guards: overrides }).guards

  test('+40 % with a 20 % cap applies +20 % and is logged as clamped', ({ assert }) => {
    const plan = planWrite(
      { type: 'increase_budget', percent: 40 },
      adSet(),
      guards({ maxChangePercentPerAction: 20 })
    )
    assert.equal(plan.kind, 'write')
    if (plan.kind !== 'write') return
    assert.equal(plan.before, 10_000)
    assert.equal(plan.after, 12_000)
    assert.isTrue(plan.clamped)
    assert.match(plan.reasons[0], /max change per action/)
  })

  test('the 24-hour cap counts the changes already made today', ({ assert }) => {
    // 24 h ago the budget was 8000; +25 % would be 12500, the 24 h cap is +30 % of 8000 = 10400
    const plan = planWrite(
      { type: 'increase_budget', percent: 25 },
      adSet(),
      guards({ maxChangePercentPer24h: 30 }),
      { valueAtStartOf24h: 8000 }
    )
    assert.equal(plan.kind === 'write' && plan.after, 10_400)
  })

  test('a budget never goes to 0', ({ assert }) => {
    const plan = planWrite(
      { type: 'decrease_budget', percent: 100 },
      adSet(),
      guards({ maxChangePercentPerAction: 100, maxChangePercentPer24h: 100 })
    )
    assert.equal(plan.kind, 'skip')
    assert.match(plan.kind === 'skip' ? plan.reason : '', /never 0/)
  })

  test('min and max budget bound the result', ({ assert }) => {
    const up = planWrite(
      { type: 'set_budget', amount: 50_000 },
      adSet(),
      guards({ maxBudget: 15_000, maxChangePercentPerAction: 1000, maxChangePercentPer24h: 1000 })
    )
    assert.equal(up.kind === 'write' && up.after, 15_000)
    const down = planWrite(
      { type: 'decrease_budget', amount: 9_000 },
      adSet(),
      guards({ minBudget: 5_000, maxChangePercentPerAction: 100 })
    )
    assert.equal(down.kind === 'write' && down.after, 5_000)
  })

  test('min and max budget never turn a change around nor take it past the caps', ({ assert }) => {
    const skipped = (plan: ReturnType<typeof planWrite>) =>
      plan.kind === 'skip' ? plan.reason : ''
    // 1000, "decrease 10 %", minimum 5000: not 1000 → 5000 (+400 % against a 50 % cap)
    const down = planWrite(
      { type: 'decrease_budget', percent: 10 },
      adSet({ dailyBudget: 1000 }),
      guards({ minBudget: 5000 })
    )
    assert.match(skipped(down), /^below minimum budget/)
    // "increase 10 %", maximum below the budget: not a decrease
    const up = planWrite(
      { type: 'increase_budget', percent: 10 },
      adSet(),
      guards({ maxBudget: 8000 })
    )
    assert.match(skipped(up), /^above maximum budget/)
    // An increase that stays below a minimum the caps cannot reach
    const short = planWrite(
      { type: 'increase_budget', percent: 10 },
      adSet({ dailyBudget: 1000 }),
      guards({ minBudget: 5000 })
    )
    assert.match(skipped(short), /^below minimum budget/)
    // A decrease that stays above a maximum the caps cannot reach
    const high = planWrite(
      { type: 'decrease_budget', percent: 10 },
      adSet({ dailyBudget: 50_000 }),
      guards({ maxBudget: 10_000 })
    )
    assert.match(skipped(high), /^above maximum budget/)
    // Within the caps and the direction, the bound still applies
    const raised = planWrite(
      { type: 'increase_budget', percent: 10 },
      adSet({ dailyBudget: 4000 }),
      guards({ minBudget: 5000 })
    )
    assert.deepInclude(raised, { kind: 'write', after: 5000, clamped: true })
    const lowered = planWrite(
      { type: 'decrease_budget', percent: 10 },
      adSet({ dailyBudget: 12_000 }),
      guards({ maxBudget: 10_000 })
    )
    assert.deepInclude(lowered, { kind: 'write', after: 10_000, clamped: true })
  })

  test('the 24-hour cap limits an increase, never turns it into a decrease', ({ assert }) => {
    // 24 h ago 5000, now 10000 (someone raised it): +10 % is held by the cap, not reversed
    const plan = planWrite(
      { type: 'increase_budget', percent: 10 },
      adSet(),
      guards({ maxChangePercentPer24h: 50 }),
      { valueAtStartOf24h: 5000 }
    )
    assert.equal(plan.kind, 'skip')
    assert.match(plan.kind === 'skip' ? plan.reason : '', /no change left after the guards/)
  })

  test('an ad set whose campaign holds the budget is skipped with the reason', ({ assert }) => {
    const plan = planWrite(
      { type: 'increase_budget', percent: 10 },
      adSet({ dailyBudget: null }),
      guards()
    )
    assert.equal(plan.kind, 'skip')
  })

  test('a second action inside the cooldown is refused', ({ assert }) => {
    const now = DateTime.fromISO('2026-11-20T15:00:00Z')
    assert.isTrue(inCooldown(now.minus({ hours: 3 }), now, 24))
    assert.isFalse(inCooldown(now.minus({ hours: 25 }), now, 24))
    assert.isFalse(inCooldown(null, now, 24))
  })

  test('a daily rule is out of a 24 h cooldown at the same tick the next day', ({ assert }) => {
    // Yesterday's write 25 s into the 09:00 tick; today's job starts 3 s into it
    const wrote = DateTime.fromISO('2026-11-24T14:00:25Z')
    assert.isFalse(inCooldown(wrote, DateTime.fromISO('2026-11-25T14:00:03Z'), 24))
    assert.isTrue(inCooldown(wrote, DateTime.fromISO('2026-11-25T13:45:03Z'), 24))
    // 09:00 New York on the day the clocks go forward is 23 h after the day before
    const saturday = DateTime.fromISO('2026-03-07T14:00:04Z')
    const sunday = DateTime.fromISO('2026-03-08T13:00:30Z')
    assert.isTrue(inCooldown(saturday, sunday, 24))
    assert.isFalse(inCooldown(saturday, sunday, 24, 'America/New_York'))
    assert.isTrue(
      inCooldown(saturday, DateTime.fromISO('2026-03-08T12:45:30Z'), 24, 'America/New_York')
    )
    // On the 25-hour day an hourly rule is not held an extra hour by the repeated 01:00
    const edt = DateTime.fromISO('2026-11-01T05:00:10Z') // 01:00 EDT
    const est = DateTime.fromISO('2026-11-01T06:00:05Z') // 01:00 EST
    assert.isFalse(inCooldown(edt, est, 1, 'America/New_York'))
  })
})

test.group('Rule schedules', () => {
  test('a daily rule is due at its time in the ad account time zone', ({ assert }) => {
    const schedule = { type: 'daily' as const, time: '09:00' }
    // 14:00 UTC is 09:00 in New York (EST) and 15:00 in Paris
    const tick = DateTime.fromISO('2026-11-20T14:00:00Z')
    assert.isTrue(isDue(schedule, tick, 'America/New_York'))
    assert.isFalse(isDue(schedule, tick, 'Europe/Paris'))
    assert.equal(nextRunAt(schedule, ['Europe/Paris'], tick)!.toISO(), '2026-11-21T08:00:00.000Z')
  })

  test('ticks are 15-minute UTC slots', ({ assert }) => {
    assert.equal(
      tickOf(DateTime.fromISO('2026-11-20T14:29:59Z')).toISO(),
      '2026-11-20T14:15:00.000Z'
    )
  })

  test('dayparting runs only on its days and hours', ({ assert }) => {
    const schedule = {
      type: 'dayparting' as const,
      days: [1, 2, 3, 4, 5],
      hours: [9, 10],
      minutes: 30 as const,
    }
    // Friday 2026-11-20 10:30 in London
    assert.isTrue(isDue(schedule, DateTime.fromISO('2026-11-20T10:30:00Z'), 'Europe/London'))
    assert.isFalse(isDue(schedule, DateTime.fromISO('2026-11-20T10:45:00Z'), 'Europe/London'))
    assert.isFalse(isDue(schedule, DateTime.fromISO('2026-11-21T10:30:00Z'), 'Europe/London'))
  })
})

test.group('Rule definition validation', () => {
  test('budget actions are refused on ads, and a rule writes at most once', ({ assert }) => {
    const bad = ruleDefinitionSchema.safeParse({
      scope: { adAccountIds: 'all', level: 'ad' },
      conditions: { groups: [] },
      actions: [{ type: 'increase_budget', percent: 10 }, { type: 'pause' }],
      schedule: { type: 'every', minutes: 15 },
    })
    assert.isFalse(bad.success)
    const messages = bad.error!.issues.map((issue) => issue.message)
    assert.include(messages, 'A rule may have at most one action that writes to Meta.')
    assert.include(messages, 'Ads have no budget: use level campaign or ad_set.')
  })
})
