import { DateTime } from 'luxon'

/**
 * Timestamps are stored in UTC as `YYYY-MM-DD HH:mm:ss` (what Lucid writes for its own
 * DateTime columns on SQLite and MySQL), so raw query-builder writes must use the same form.
 */
export function toDbTimestamp(date: Date | DateTime): string {
  const value = date instanceof DateTime ? date : DateTime.fromJSDate(date)
  return value.toUTC().toFormat('yyyy-MM-dd HH:mm:ss')
}

/** Reads a timestamp column as returned by either driver (Date, epoch ms, or SQL string). */
export function fromDbTimestamp(value: Date | string | number): Date {
  if (value instanceof Date) return value
  if (typeof value === 'number') return new Date(value)
  const parsed = DateTime.fromSQL(value, { zone: 'utc' })
  return parsed.isValid ? parsed.toJSDate() : new Date(value)
}
