import { inject } from '@adonisjs/core'
import { entitlementOf } from '#accounts/actions/resolve_entitlement'
import { billingPeriodAt } from '#usage/services/billing_period'
import { rollupHourlyCalls, rollupTotals } from '#usage/services/call_rollups'
import { Metering, type QuotaState } from '#usage/services/metering'
import { forecastUsage, paceWindowStart, runOutHour } from '#usage/services/usage_forecast'

/** What `get_usage_forecast` returns (times ISO 8601 UTC). */
export interface UsageForecastResult {
  period: string
  periodStart: string
  resetsAt: string
  status: 'no_data' | 'on_track' | 'will_run_out' | 'ran_out'
  used: number
  limit: number
  projectedTotal: number
  projectedPercent: number
  pace: {
    callsPerHour: number
    callsPerDay: number
    windowStart: string
    windowEnd: string
    windowHours: number
    windowCalls: number
  }
  runsOutAt: string | null
  ranOutAt: string | null
}

/**
 * The usage forecast of one user's current quota period (UTC month): the counter (or the
 * quota state a metered call already read, `quota`), the calls of the pace window from the
 * hourly rollups (never the raw call log), and, when the quota has run out, the hour it did.
 * The rules and their limits are in `usage_forecast.ts` (ADR 0017). The plan gate
 * (`advanced_analytics`) is the published action's.
 */
@inject()
export class GetUsageForecast {
  constructor(private metering: Metering) {}

  async execute(
    userId: number,
    options: { now?: Date; quota?: QuotaState } = {}
  ): Promise<UsageForecastResult> {
    const now = options.now ?? this.metering.clock.now()
    const { period, startsAt, resetsAt } = billingPeriodAt(now)
    let quota = options.quota
    if (!quota || quota.period !== period) {
      const { requestLimit } = await entitlementOf(userId)
      quota = await this.metering.usage(userId, requestLimit, now)
    }
    const windowStart = paceWindowStart(now, startsAt)
    // Rollups are hourly and include the current (partial) hour: `to` just past now.
    const to = new Date(now.getTime() + 1000)
    const { calls: windowCalls } = await rollupTotals(userId, windowStart, to)
    const forecast = forecastUsage({
      now,
      periodStart: startsAt,
      resetsAt,
      used: quota.used,
      limit: quota.limit,
      windowCalls,
    })
    let ranOutAt: Date | null = null
    if (forecast.status === 'ran_out') {
      ranOutAt = runOutHour(await rollupHourlyCalls(userId, startsAt, to), quota.limit)
    }
    return {
      period,
      periodStart: startsAt.toISOString(),
      resetsAt: resetsAt.toISOString(),
      status: forecast.status,
      used: forecast.used,
      limit: forecast.limit,
      projectedTotal: forecast.projectedTotal,
      projectedPercent: forecast.projectedPercent,
      pace: {
        callsPerHour: Math.round(forecast.pace.callsPerHour * 1000) / 1000,
        callsPerDay: forecast.pace.callsPerDay,
        windowStart: forecast.pace.windowStart.toISOString(),
        windowEnd: now.toISOString(),
        windowHours: Math.round(forecast.pace.windowHours * 100) / 100,
        windowCalls: forecast.pace.windowCalls,
      },
      runsOutAt: forecast.runsOutAt?.toISOString() ?? null,
      ranOutAt: ranOutAt?.toISOString() ?? null,
    }
  }
}
