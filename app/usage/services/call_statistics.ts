import db from '@adonisjs/lucid/services/db'
import { toDbTimestamp } from '#shared/db_time'

/**
 * Aggregates over a user's call log (`api_calls`) for a time window `[from, to)` in UTC.
 * A call is successful when its status code is 200-399, the same rule the dashboard's
 * Success Rate uses (spec §2 Usage dashboard).
 */

const SUCCESS_SQL = 'SUM(CASE WHEN status_code BETWEEN 200 AND 399 THEN 1 ELSE 0 END)'

export interface WindowTotals {
  calls: number
  successful: number
  failed: number
  /** Percent 0-100 rounded to 1 decimal; null when there were no calls. */
  successRate: number | null
}

function windowQuery(userId: number, from: Date, to: Date) {
  return db
    .from('api_calls')
    .where('user_id', userId)
    .where('created_at', '>=', toDbTimestamp(from))
    .where('created_at', '<', toDbTimestamp(to))
}

/** Rounds a share to a percent with one decimal; null for an empty window. */
export function successPercent(successful: number, calls: number): number | null {
  if (calls === 0) return null
  return Math.round((successful / calls) * 1000) / 10
}

/** Calls, successes and failures in the window. */
export async function windowTotals(userId: number, from: Date, to: Date): Promise<WindowTotals> {
  const row = await windowQuery(userId, from, to)
    .select(db.raw('COUNT(*) as calls'), db.raw(`${SUCCESS_SQL} as successful`))
    .first()
  const calls = Number(row?.calls ?? 0)
  const successful = Number(row?.successful ?? 0)
  return {
    calls,
    successful,
    failed: calls - successful,
    successRate: successPercent(successful, calls),
  }
}

/** Per-day (UTC `YYYY-MM-DD`) counts; days without calls are absent. */
export async function dailyCounts(userId: number, from: Date, to: Date) {
  const rows = await windowQuery(userId, from, to)
    .select(
      db.raw('DATE(created_at) as day'),
      db.raw('COUNT(*) as calls'),
      db.raw(`${SUCCESS_SQL} as successful`)
    )
    .groupByRaw('DATE(created_at)')
  return rows.map((row) => {
    const day =
      row.day instanceof Date ? row.day.toISOString().slice(0, 10) : String(row.day).slice(0, 10)
    const calls = Number(row.calls)
    const successful = Number(row.successful)
    return { date: day, calls, successful, failed: calls - successful }
  })
}

/** The `limit` most-called endpoints (method + path) with their error counts. */
export async function topEndpoints(userId: number, from: Date, to: Date, limit = 5) {
  const rows = await windowQuery(userId, from, to)
    .select(
      'method',
      'endpoint',
      db.raw('COUNT(*) as calls'),
      db.raw(`${SUCCESS_SQL} as successful`)
    )
    .groupBy('method', 'endpoint')
    .orderByRaw('COUNT(*) DESC')
    .orderBy('endpoint', 'asc')
    .limit(limit)
  return rows.map((row) => {
    const calls = Number(row.calls)
    const successful = Number(row.successful)
    return {
      method: String(row.method),
      endpoint: String(row.endpoint),
      calls,
      failed: calls - successful,
    }
  })
}

/**
 * Nearest-rank percentile of response times in ms (`quantile` 0-1): the value at rank
 * ceil(q·n). Null for an empty window. Uses one ordered row lookup per percentile, so it
 * never loads the whole month into memory.
 */
export async function responseTimePercentile(
  userId: number,
  from: Date,
  to: Date,
  quantile: number,
  count: number
): Promise<number | null> {
  if (count === 0) return null
  const rank = Math.max(1, Math.ceil(quantile * count))
  const row = await windowQuery(userId, from, to)
    .select('response_time_ms')
    .orderBy('response_time_ms', 'asc')
    .offset(rank - 1)
    .limit(1)
    .first()
  return row ? Number(row.response_time_ms) : null
}

/**
 * Calls per credential (`token_id`) in the window, most used first, with the credential's
 * name, kind and display prefix (null for calls without one, e.g. deleted credentials).
 */
export async function countsByCredential(userId: number, from: Date, to: Date) {
  const rows = await db
    .from('api_calls as c')
    .leftJoin('api_tokens as t', 't.id', 'c.token_id')
    .where('c.user_id', userId)
    .where('c.created_at', '>=', toDbTimestamp(from))
    .where('c.created_at', '<', toDbTimestamp(to))
    .select(
      'c.token_id',
      't.name',
      't.kind',
      't.display_prefix',
      db.raw('COUNT(*) as calls'),
      db.raw(`${SUCCESS_SQL.replace('status_code', 'c.status_code')} as successful`)
    )
    .groupBy('c.token_id', 't.name', 't.kind', 't.display_prefix')
    .orderByRaw('COUNT(*) DESC')
    .orderBy('c.token_id', 'asc')
  return rows.map((row) => {
    const calls = Number(row.calls)
    const successful = Number(row.successful)
    return {
      tokenId: row.token_id === null ? null : Number(row.token_id),
      name: row.name === null || row.name === undefined ? null : String(row.name),
      kind: row.kind === null || row.kind === undefined ? null : String(row.kind),
      displayPrefix:
        row.display_prefix === null || row.display_prefix === undefined
          ? null
          : String(row.display_prefix),
      calls,
      successful,
      failed: calls - successful,
    }
  })
}
