/**
 * Usage forecast (issue 18 "predictive metrics", ADR 0017): where the month's metered-request
 * count will stand when the period resets, and when the quota runs out at the current pace.
 * Pure functions (no clock, no database): the action reads the counter and the hourly rollups
 * and hands the figures in.
 *
 * **Pace** = calls logged in the pace window ÷ hours the window has lasted, where the window
 * starts at the later of the period start and the start of the current UTC hour minus
 * {@link PACE_WINDOW_HOURS} (7 days), and ends now. So: the last 7 days (plus the current,
 * partial hour), or the period so far when it is shorter. The divisor is at least one hour, so
 * the first minutes of a month do not project a burst of a few calls over the whole month.
 * The calls come from the hourly rollups (`call_rollups.ts`), which hold every logged call,
 * refused ones (429) included: the pace is demand, not the counted share of it.
 *
 * **Level** = the quota counter (`used`), which is what the hot path enforces; the rollups only
 * give the pace. Projection = `used + pace × hours left in the period`.
 *
 * Limits: a flat pace over the rest of the month (no weekly cycle, no trend); on day 1 the pace
 * rests on a few hours; with no calls in the window the pace is 0 and the quota never runs out.
 */

/** Length of the trailing window the pace is measured over, in hours (7 days). */
export const PACE_WINDOW_HOURS = 168

const HOUR_MS = 3_600_000

/** `no_data`: nothing used and nothing in the window; `on_track`: stays under the limit. */
export type UsageForecastStatus = 'no_data' | 'on_track' | 'will_run_out' | 'ran_out'

export interface UsageForecastInput {
  /** The instant the forecast is made for. */
  now: Date
  /** First instant of the quota period (UTC month start). */
  periodStart: Date
  /** First instant of the next period: when the counter resets. */
  resetsAt: Date
  /** Requests counted this period (the quota counter). */
  used: number
  /** Monthly request limit. */
  limit: number
  /** Calls logged from `paceWindowStart(now, periodStart)` to `now`. */
  windowCalls: number
}

export interface UsageForecast {
  status: UsageForecastStatus
  used: number
  limit: number
  /** Requests projected at the end of the period (rounded to a whole request). */
  projectedTotal: number
  /** `projectedTotal / limit` as a whole percent (may exceed 100). */
  projectedPercent: number
  pace: {
    /** Calls per hour over the window (not rounded). */
    callsPerHour: number
    /** `callsPerHour × 24`, rounded to one decimal. */
    callsPerDay: number
    windowStart: Date
    /** Hours the window lasted (≥ 1). */
    windowHours: number
    windowCalls: number
  }
  /** When the quota runs out at this pace; only with status `will_run_out`. */
  runsOutAt: Date | null
}

/**
 * Start of the pace window: the later of `periodStart` and the start of `now`'s UTC hour minus
 * {@link PACE_WINDOW_HOURS}. It is always on an hour boundary, so hourly rollups cover it exactly.
 */
export function paceWindowStart(now: Date, periodStart: Date): Date {
  const hourStart = Math.floor(now.getTime() / HOUR_MS) * HOUR_MS
  return new Date(Math.max(periodStart.getTime(), hourStart - PACE_WINDOW_HOURS * HOUR_MS))
}

/**
 * The forecast for one user's quota period (see the module comment for the rules).
 * - `used >= limit` → `ran_out` (projection still given, `runsOutAt` null: see
 *   {@link runOutHour} for when it happened);
 * - `used = 0` and no call in the window → `no_data`, projection 0;
 * - projection ≥ limit → `will_run_out` with `runsOutAt = now + (limit − used) / pace`;
 * - otherwise `on_track`, `runsOutAt` null (a pace of 0 never runs out).
 * @throws RangeError when `now` is outside `[periodStart, resetsAt)` or a count is negative
 */
export function forecastUsage(input: UsageForecastInput): UsageForecast {
  const { now, periodStart, resetsAt, used, limit, windowCalls } = input
  if (now < periodStart || now >= resetsAt) {
    throw new RangeError('forecastUsage: now must lie inside the period')
  }
  if (used < 0 || limit < 0 || windowCalls < 0) {
    throw new RangeError('forecastUsage: counts must not be negative')
  }
  const windowStart = paceWindowStart(now, periodStart)
  const windowHours = Math.max(1, (now.getTime() - windowStart.getTime()) / HOUR_MS)
  const callsPerHour = windowCalls / windowHours
  const hoursLeft = (resetsAt.getTime() - now.getTime()) / HOUR_MS
  const projectedTotal = Math.round(used + callsPerHour * hoursLeft)

  let status: UsageForecastStatus
  let runsOutAt: Date | null = null
  if (used >= limit && (used > 0 || limit > 0)) {
    status = 'ran_out'
  } else if (used === 0 && windowCalls === 0) {
    status = 'no_data'
  } else if (callsPerHour > 0 && used + callsPerHour * hoursLeft >= limit) {
    status = 'will_run_out'
    const hoursToLimit = (limit - used) / callsPerHour
    runsOutAt = new Date(now.getTime() + Math.ceil(hoursToLimit * HOUR_MS))
  } else {
    status = 'on_track'
  }

  return {
    status,
    used,
    limit,
    projectedTotal,
    projectedPercent: limit > 0 ? Math.round((projectedTotal / limit) * 100) : 0,
    pace: {
      callsPerHour,
      callsPerDay: Math.round(callsPerHour * 24 * 10) / 10,
      windowStart,
      windowHours,
      windowCalls,
    },
    runsOutAt,
  }
}

/**
 * When a quota that has run out ran out, from the period's hourly call counts: the start of
 * the first hour by whose end the logged calls reached `limit`. Null when the log never
 * reaches it (the counter can be ahead of the log: a call is counted before it is logged,
 * and the log is written in batches). Hours need not be sorted.
 */
export function runOutHour(hourly: Array<{ hour: Date; calls: number }>, limit: number) {
  let seen = 0
  for (const row of [...hourly].sort((a, b) => a.hour.getTime() - b.hour.getTime())) {
    seen += row.calls
    if (seen >= limit) return row.hour
  }
  return null
}
