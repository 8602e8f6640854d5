import { test } from '@japa/runner'
import { forecastSpend, type SpendForecastInput } from '#meta/services/spend_forecast'

const base: SpendForecastInput = {
  // 10 days into November in New York (UTC−5 after Nov 1 2026): 2026-11-11T05:00Z is midnight.
  now: new Date('2026-11-11T05:00:00Z'),
  timezone: 'America/New_York',
  monthToDateSpend: 100_000,
  amountSpent: 500_000,
  spendCap: null,
  dailyBudgetTotal: 5_000,
}

test.group('Spend forecast', () => {
  test("the month and its days are the ad account's time zone", ({ assert }) => {
    const forecast = forecastSpend(base)
    assert.equal(forecast.month, '2026-11')
    // November 1 00:00 EDT (UTC−4) and December 1 00:00 EST (UTC−5)
    assert.equal(forecast.monthStart.toISOString(), '2026-11-01T04:00:00.000Z')
    assert.equal(forecast.monthEnd.toISOString(), '2026-12-01T05:00:00.000Z')
    // the DST change makes November 1 a 25-hour day
    assert.closeTo(forecast.elapsedDays, 10 + 1 / 24, 1e-9)
    assert.closeTo(forecast.remainingDays, 20, 1e-9)

    // 2026-11-01T05:00Z is still October 31 in Honolulu (UTC−10)
    const honolulu = forecastSpend({
      ...base,
      now: new Date('2026-11-01T05:00:00Z'),
      timezone: 'Pacific/Honolulu',
    })
    assert.equal(honolulu.month, '2026-10')
    const tokyoEnd = forecastSpend({
      ...base,
      now: new Date('2026-11-30T16:00:00Z'),
      timezone: 'Asia/Tokyo',
    })
    assert.equal(tokyoEnd.month, '2026-12') // already December 1, 01:00 in Tokyo
  })

  test('pace and budget projections to the month end', ({ assert }) => {
    const forecast = forecastSpend(base)
    const paceRate = 100_000 / (10 + 1 / 24)
    assert.closeTo(forecast.pace.dailyRate, paceRate, 1e-6)
    assert.equal(forecast.pace.projectedMonthSpend, 100_000 + Math.round(paceRate * 20))
    assert.equal(forecast.budget.dailyRate, 5_000)
    assert.equal(forecast.budget.projectedMonthSpend, 200_000)
    assert.isFalse(forecast.pace.crossesSpendCap)
    assert.isNull(forecast.pace.spendCapReachedAt)
    assert.isNull(forecast.spendCapRemaining)
  })

  test('flags a projection that crosses the spending limit, and when', ({ assert }) => {
    // 60,000 left under the cap: the budgets (5,000/day) use it in 12 days, within 20 days left
    const forecast = forecastSpend({ ...base, spendCap: 560_000 })
    assert.equal(forecast.spendCapRemaining, 60_000)
    assert.isFalse(forecast.spendCapReached)
    assert.isTrue(forecast.budget.crossesSpendCap)
    assert.equal(forecast.budget.spendCapReachedAt!.toISOString(), '2026-11-23T05:00:00.000Z')
    // the pace (about 9,958/day) crosses it too, sooner
    assert.isTrue(forecast.pace.crossesSpendCap)
    assert.isBelow(forecast.pace.spendCapReachedAt!.getTime(), Date.parse('2026-11-23T05:00:00Z'))

    // a cap beyond the month's projection is not crossed, but is reached one day at that rate
    const roomy = forecastSpend({ ...base, spendCap: 700_000 })
    assert.isFalse(roomy.budget.crossesSpendCap)
    assert.equal(roomy.budget.spendCapReachedAt!.toISOString(), '2026-12-21T05:00:00.000Z')
  })

  test('a limit already reached, no spend and no budgets', ({ assert }) => {
    const reached = forecastSpend({ ...base, spendCap: 400_000 })
    assert.isTrue(reached.spendCapReached)
    assert.equal(reached.spendCapRemaining, 0)
    assert.isTrue(reached.pace.crossesSpendCap)
    assert.isNull(reached.pace.spendCapReachedAt)

    const idle = forecastSpend({
      ...base,
      monthToDateSpend: 0,
      dailyBudgetTotal: 0,
      spendCap: 600_000,
    })
    assert.equal(idle.pace.projectedMonthSpend, 0)
    assert.equal(idle.budget.projectedMonthSpend, 0)
    assert.isFalse(idle.pace.crossesSpendCap)
    assert.isNull(idle.pace.spendCapReachedAt)
  })

  test('the first minutes of a month divide by at least one hour', ({ assert }) => {
    const forecast = forecastSpend({
      ...base,
      now: new Date('2026-11-01T04:06:00Z'), // 00:06 in New York
      monthToDateSpend: 100,
    })
    assert.closeTo(forecast.elapsedDays, 1 / 24, 1e-12)
    assert.closeTo(forecast.pace.dailyRate, 2_400, 1e-9)
  })

  test('refuses negative amounts and unknown time zones', ({ assert }) => {
    assert.throws(() => forecastSpend({ ...base, monthToDateSpend: -1 }), /negative/)
    assert.throws(() => forecastSpend({ ...base, timezone: 'Mars/Olympus' }), /time zone/)
  })
})
