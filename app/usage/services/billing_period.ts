/**
 * Quota periods are calendar months in UTC. `period` is `YYYY-MM`; `resetsAt` is the first
 * instant of the next month (UTC).
 */
export interface BillingPeriod {
  /** `YYYY-MM`, UTC */
  period: string
  /** Start of the month, UTC */
  startsAt: Date
  /** Start of the next month, UTC: when the counter resets */
  resetsAt: Date
}

/** The quota period containing `now`. */
export function billingPeriodAt(now: Date = new Date()): BillingPeriod {
  const year = now.getUTCFullYear()
  const month = now.getUTCMonth()
  return {
    period: `${year}-${String(month + 1).padStart(2, '0')}`,
    startsAt: new Date(Date.UTC(year, month, 1)),
    resetsAt: new Date(Date.UTC(year, month + 1, 1)),
  }
}

/** Whole seconds from `now` until `date` (never negative): for Retry-After and RateLimit-Reset. */
export function secondsUntil(date: Date, now: Date = new Date()): number {
  return Math.max(0, Math.ceil((date.getTime() - now.getTime()) / 1000))
}
