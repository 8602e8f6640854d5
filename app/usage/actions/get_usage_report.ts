import { inject } from '@adonisjs/core'
import { entitlementOf } from '#accounts/actions/resolve_entitlement'
import { AppError } from '#shared/errors'
import { Metering } from '#usage/services/metering'
import { billingPeriodAt } from '#usage/services/billing_period'
import {
  rollupCountsByCredential,
  rollupDailyCounts,
  rollupTotals,
} from '#usage/services/call_rollups'

/**
 * A month's usage of one user, for `adrelay usage` (`GET /api/v1/usage/report`):
 * ```
 * { period: 'YYYY-MM', from, to (ISO; `to` = now for the current month),
 *   plan: {id, name},
 *   quota: {used, limit, remaining, resetsAt}        // the metered counter of that month
 *   totals: {calls, successful, failed, successRate}  // the call log (429s included)
 *   daily: [{date: 'YYYY-MM-DD', calls, successful, failed}]  // every day of the window
 *   credentials: [{tokenId, name, kind, displayPrefix, calls, successful, failed}] }
 * ```
 * Read from the hourly rollups of the call log (call_rollups.ts, kept
 * `USAGE_ROLLUP_RETENTION_DAYS`, 400 by default) on the read connection (ADR 0016), so a month
 * of an Agency account costs a few hundred rows, not millions.
 * @throws AppError 422 `validation_failed` for a malformed month or one in the future
 */
@inject()
export class GetUsageReport {
  constructor(private metering: Metering) {}

  async execute(userId: number, month?: string | null, now: Date = new Date()) {
    const window = monthWindow(month, now)
    const entitlement = await entitlementOf(userId)
    const to =
      window.resetsAt.getTime() > now.getTime() ? new Date(now.getTime() + 1000) : window.resetsAt
    const [quota, totals, perDay, credentials] = await Promise.all([
      this.metering.usage(userId, entitlement.requestLimit, window.startsAt),
      rollupTotals(userId, window.startsAt, to),
      rollupDailyCounts(userId, window.startsAt, to),
      rollupCountsByCredential(userId, window.startsAt, to),
    ])
    const byDay = new Map(perDay.map((day) => [day.date, day]))
    const daily = []
    for (
      let day = new Date(window.startsAt);
      day < to;
      day = new Date(day.getTime() + 86_400_000)
    ) {
      const date = day.toISOString().slice(0, 10)
      daily.push(byDay.get(date) ?? { date, calls: 0, successful: 0, failed: 0 })
    }
    return {
      period: window.period,
      from: window.startsAt.toISOString(),
      to: (to.getTime() > now.getTime() ? now : to).toISOString(),
      plan: { id: entitlement.plan.id, name: entitlement.plan.name },
      quota: {
        used: quota.used,
        limit: quota.limit,
        remaining: quota.remaining,
        resetsAt: quota.resetsAt.toISOString(),
      },
      totals,
      daily,
      credentials,
    }
  }
}

/** The UTC month `YYYY-MM` (default: the current one), refusing months after `now`'s. */
function monthWindow(month: string | null | undefined, now: Date) {
  if (!month) return billingPeriodAt(now)
  const match = /^(\d{4})-(0[1-9]|1[0-2])$/.exec(month)
  const current = billingPeriodAt(now)
  // From 2000-01: no calls are older, and Date.UTC would read years 0-99 as 1900-1999.
  if (!match || month > current.period || month < '2000-01') {
    throw new AppError(
      'validation_failed',
      `month: must be a month in the form YYYY-MM, from 2000-01 to ${current.period}`,
      422,
      { field: 'month' }
    )
  }
  return billingPeriodAt(new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, 1)))
}
