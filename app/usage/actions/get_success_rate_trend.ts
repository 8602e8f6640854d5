import { billingPeriodAt } from '#usage/services/billing_period'
import { rollupTotals } from '#usage/services/call_rollups'

/**
 * This month's and last month's success rates (UTC calendar months) for the dashboard's
 * "change from last month" line, which replaces the spec's static '+0.3% from last month':
 * `{ currentMonth: {period, calls, successRate}, lastMonth: {period, calls, successRate} }`;
 * `successRate` is 0-100 with one decimal, null for a month without calls. Any plan.
 * Read from the hourly rollups (call_rollups.ts).
 */
export class GetSuccessRateTrend {
  async execute(userId: number, now: Date = new Date()) {
    const current = billingPeriodAt(now)
    const previous = billingPeriodAt(new Date(current.startsAt.getTime() - 1))
    const to = new Date(now.getTime() + 1000)
    const [thisMonth, lastMonth] = await Promise.all([
      rollupTotals(userId, current.startsAt, to),
      rollupTotals(userId, previous.startsAt, current.startsAt),
    ])
    return {
      currentMonth: {
        period: current.period,
        calls: thisMonth.calls,
        successRate: thisMonth.successRate,
      },
      lastMonth: {
        period: previous.period,
        calls: lastMonth.calls,
        successRate: lastMonth.successRate,
      },
    }
  }
}
