import { describe, expect, it } from 'vitest'
import { spendCapText, usageForecastText } from '~/lib/forecast'
import type { SpendForecast, UsageForecast } from '~/types'

const usage = (change: Partial<UsageForecast>): UsageForecast => ({
  period: '2026-11',
  periodStart: '2026-11-01T00:00:00.000Z',
  resetsAt: '2026-12-01T00:00:00.000Z',
  status: 'on_track',
  used: 24_000,
  limit: 100_000,
  projectedTotal: 70_750,
  projectedPercent: 71,
  pace: {
    callsPerHour: 100,
    callsPerDay: 2400,
    windowStart: '2026-11-04T12:00:00.000Z',
    windowEnd: '2026-11-11T12:30:00.000Z',
    windowHours: 168.5,
    windowCalls: 16_850,
  },
  runsOutAt: null,
  ranOutAt: null,
  ...change,
})

describe('usageForecastText', () => {
  it('projects to the last day of the UTC month and dates the run-out', () => {
    expect(usageForecastText(usage({}))).toEqual({
      projected: 'Projected: 70,750 by November 30, 2026',
      runOut: 'At this pace your quota lasts the month',
    })
    expect(
      usageForecastText(usage({ status: 'will_run_out', runsOutAt: '2026-11-22T23:30:00.000Z' }))
        .runOut
    ).toBe('At this pace your quota runs out on November 22, 2026')
    expect(
      usageForecastText(usage({ status: 'ran_out', ranOutAt: '2026-11-09T14:00:00.000Z' })).runOut
    ).toBe('Your quota ran out on November 9, 2026')
  })
  it('says nothing without data', () => {
    expect(usageForecastText(usage({ status: 'no_data', projectedTotal: 0 }))).toEqual({
      projected: null,
      runOut: null,
    })
  })
})

const spend = (change: Partial<SpendForecast>): SpendForecast => ({
  adAccountId: 'act_1',
  name: 'Shop',
  currency: 'EUR',
  timezone: 'Europe/Paris',
  asOf: '2026-11-11T05:00:00.000Z',
  month: '2026-11',
  monthStart: '2026-10-31T23:00:00.000Z',
  monthEnd: '2026-11-30T23:00:00.000Z',
  elapsedDays: 10.25,
  remainingDays: 19.75,
  monthToDateSpend: 100_000,
  amountSpent: 500_000,
  spendCap: 560_000,
  spendCapRemaining: 60_000,
  spendCapReached: false,
  budgets: { dailyBudgetTotal: 5_000, campaigns: 1, adSets: 2, lifetimeBudgets: 0 },
  pace: {
    projectedMonthSpend: 292_683,
    dailyRate: 9_756,
    crossesSpendCap: true,
    spendCapReachedAt: '2026-11-30T23:30:00.000Z',
  },
  budget: {
    projectedMonthSpend: 198_750,
    dailyRate: 5_000,
    crossesSpendCap: true,
    spendCapReachedAt: '2026-11-23T05:00:00.000Z',
  },
  ...change,
})

describe('spendCapText', () => {
  it("dates the crossing in the ad account's time zone, by pace first", () => {
    // 23:30 UTC on November 30 is already December 1 in Paris
    expect(spendCapText(spend({}))).toBe(
      'At this pace the spending limit is reached on December 1, 2026.'
    )
    expect(
      spendCapText(
        spend({
          pace: { ...spend({}).pace, crossesSpendCap: false },
        })
      )
    ).toBe('At the active budgets the spending limit is reached on November 23, 2026.')
  })
  it('no limit, a limit reached, and a limit not reached this month', () => {
    expect(spendCapText(spend({ spendCap: null }))).toBeNull()
    expect(spendCapText(spend({ spendCapReached: true }))).toMatch(/is reached: ads stop/)
    expect(
      spendCapText(
        spend({
          pace: { ...spend({}).pace, crossesSpendCap: false },
          budget: { ...spend({}).budget, crossesSpendCap: false },
        })
      )
    ).toBe('€600.00 left under the spending limit; not reached this month at this pace or budgets.')
  })
})
