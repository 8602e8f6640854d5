import { AppError } from '#shared/errors'
import { planIdOf } from '#accounts/actions/resolve_entitlement'
import { cheapestPlanWith, planHasFeature } from '#accounts/plan_catalog'
import { billingPeriodAt } from '#usage/services/billing_period'
import {
  rollupDailyCounts,
  rollupPercentiles,
  rollupTopEndpoints,
  windowTotals,
} from '#usage/services/call_rollups'

/**
 * Advanced Analytics of the current UTC month for one user (paid plans only):
 * ```
 * { period: 'YYYY-MM', from, to (ISO, `to` = now),
 *   totals: {calls, successful, failed, successRate (0-100, 1 decimal) | null},
 *   daily: [{date: 'YYYY-MM-DD', calls, successful, failed}]   // every day from the 1st to today
 *   topEndpoints: [{method, endpoint, calls, failed}]          // 5 most called
 *   responseTimeMs: {p50, p95} | null }                        // nearest-rank percentiles
 * ```
 * Success means status 200-399 (the dashboard's rule). Read from the rollups
 * (call_rollups.ts: hourly, and daily for the whole days of top endpoints and percentiles;
 * the totals are the sum of the daily counts, one query fewer);
 * percentiles come from the histogram: exact below 100 ms, at most 10 % high beyond.
 * @throws AppError 403 `plan_upgrade_required` when the plan lacks `advanced_analytics`.
 */
export class GetUsageAnalytics {
  async execute(userId: number, now: Date = new Date()) {
    if (!planHasFeature(await planIdOf(userId), 'advanced_analytics')) {
      const plan = cheapestPlanWith('advanced_analytics')
      throw new AppError(
        'plan_upgrade_required',
        `Advanced analytics needs the ${plan?.name ?? 'Trafficker'} plan or higher.`,
        403,
        { feature: 'advanced_analytics', requiredPlan: plan?.id ?? null }
      )
    }

    const { period, startsAt } = billingPeriodAt(now)
    // Include calls logged in the current second as well.
    const to = new Date(now.getTime() + 1000)
    const [perDay, endpoints, percentiles] = await Promise.all([
      rollupDailyCounts(userId, startsAt, to),
      rollupTopEndpoints(userId, startsAt, to, 5),
      rollupPercentiles(userId, startsAt, to, [0.5, 0.95]),
    ])

    // The month's totals are the sum of its days (the same window of the same rollup rows).
    let calls = 0
    let successful = 0
    for (const day of perDay) {
      calls += day.calls
      successful += day.successful
    }
    const totals = windowTotals(calls, successful)

    const byDay = new Map(perDay.map((day) => [day.date, day]))
    const daily = []
    for (let day = 1; day <= now.getUTCDate(); day++) {
      const date = new Date(Date.UTC(startsAt.getUTCFullYear(), startsAt.getUTCMonth(), day))
        .toISOString()
        .slice(0, 10)
      daily.push(byDay.get(date) ?? { date, calls: 0, successful: 0, failed: 0 })
    }

    return {
      period,
      from: startsAt.toISOString(),
      to: now.toISOString(),
      totals,
      daily,
      topEndpoints: endpoints,
      responseTimeMs: percentiles === null ? null : { p50: percentiles[0], p95: percentiles[1] },
    }
  }
}
