import { AppError } from '#shared/errors'
import { entitlementOf } from '#accounts/actions/resolve_entitlement'
import { cheapestPlanWith, planHasFeature } from '#accounts/plan_catalog'
import { billingPeriodAt } from '#usage/services/billing_period'
import {
  dailyCounts,
  responseTimePercentile,
  topEndpoints,
  windowTotals,
} from '#usage/services/call_statistics'

/**
 * Advanced Analytics of the current UTC month for one user (paid plans only):
 * ```
 * { period: 'YYYY-MM', from, to (ISO, `to` = now),
 *   totals: {calls, successful, failed, successRate (0-100, 1 decimal) | null},
 *   daily: [{date: 'YYYY-MM-DD', calls, successful, failed}]   // every day from the 1st to today
 *   topEndpoints: [{method, endpoint, calls, failed}]          // 5 most called
 *   responseTimeMs: {p50, p95} | null }                        // nearest-rank percentiles
 * ```
 * Success means status 200-399 (the dashboard's rule).
 * @throws AppError 403 `plan_upgrade_required` when the plan lacks `advanced_analytics`.
 */
export class GetUsageAnalytics {
  async execute(userId: number, now: Date = new Date()) {
    const entitlement = await entitlementOf(userId)
    if (!planHasFeature(entitlement.plan.id, 'advanced_analytics')) {
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
    const [totals, perDay, endpoints] = await Promise.all([
      windowTotals(userId, startsAt, to),
      dailyCounts(userId, startsAt, to),
      topEndpoints(userId, startsAt, to, 5),
    ])
    const [p50, p95] = await Promise.all([
      responseTimePercentile(userId, startsAt, to, 0.5, totals.calls),
      responseTimePercentile(userId, startsAt, to, 0.95, totals.calls),
    ])

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
      responseTimeMs: p50 === null || p95 === null ? null : { p50, p95 },
    }
  }
}
