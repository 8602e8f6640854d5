/**
 * Display formatting shared by the screens (en-US, the product's language).
 */
export { formatMoney } from '../../app/meta/money_format'

/** `Jan 5, 2025`, or `—` for none. */
export function formatDate(iso: string | null | undefined): string {
  return formatInstant(iso, {})
}

/** `Jan 5, 2025, 14:03`, or `—` for none. */
export function formatDateTime(iso: string | null | undefined): string {
  return formatInstant(iso, { hour: '2-digit', minute: '2-digit' })
}

function formatInstant(iso: string | null | undefined, time: Intl.DateTimeFormatOptions) {
  if (!iso) return '—'
  return new Date(iso).toLocaleString('en-US', {
    year: 'numeric',
    month: 'short',
    day: 'numeric',
    ...time,
  })
}

/**
 * Splits `text` into `[head, tail]` for middle truncation: the tail is the last `tailLength`
 * characters, starting at the first `/` inside that window so a path's last segment stays
 * whole. `head + tail === text`; text no longer than the window is all head (it only
 * truncates at its end, if ever).
 */
export function splitForMiddleTruncation(text: string, tailLength = 16): [string, string] {
  const size = text.length > tailLength ? tailLength : 0
  if (size <= 0) return [text, '']
  let start = text.length - size
  const slash = text.indexOf('/', start)
  if (slash > start && slash < text.length - 1) start = slash
  return [text.slice(0, start), text.slice(start)]
}

/** `March 5, 2026` in UTC (billing dates: trial ends, plan changes, as the server words them). */
export function formatLongDateUtc(iso: string): string {
  return new Date(iso).toLocaleDateString('en-US', {
    year: 'numeric',
    month: 'long',
    day: 'numeric',
    timeZone: 'UTC',
  })
}
