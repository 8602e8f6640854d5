import { DateTime } from 'luxon'

/**
 * Timestamps are stored in UTC as `YYYY-MM-DD HH:mm:ss` (what Lucid writes for its own
 * DateTime columns on SQLite and MySQL), so raw query-builder writes must use the same form.
 */
export function toDbTimestamp(date: Date | DateTime): string {
  const instant = date instanceof DateTime ? date.toJSDate() : date
  // `toISOString` is UTC `YYYY-MM-DDTHH:mm:ss.sssZ`; several times cheaper than a luxon
  // format, and the call log formats one per metered request.
  const iso = instant.toISOString()
  return `${iso.slice(0, 10)} ${iso.slice(11, 19)}`
}

/** Reads a timestamp column as returned by either driver (Date, epoch ms, or SQL string). */
export function fromDbTimestamp(value: Date | string | number): Date {
  if (value instanceof Date) return value
  if (typeof value === 'number') return new Date(value)
  const parsed = DateTime.fromSQL(value, { zone: 'utc' })
  return parsed.isValid ? parsed.toJSDate() : new Date(value)
}
