import db from '@adonisjs/lucid/services/db'
import type { QueryClientContract } from '@adonisjs/lucid/types/database'
import { fromDbTimestamp, toDbTimestamp } from '#shared/db_time'
import { readDb } from '#shared/read_connection'
import { latencyBucketMs } from '#usage/services/latency_buckets'

export { latencyBucketMs }

/**
 * Hourly rollups of the call log, so analytics never scan raw `api_calls` rows.
 *
 * Three tables, keyed per user, per credential (`token_id`, 0 = none) and per UTC hour
 * (`hour` = `YYYY-MM-DD HH:00:00`):
 * - `api_call_rollups`: calls, successes (status 200-399, the dashboard's rule) and status
 *   classes `status_2xx` … `status_5xx` (anything else counts in `status_other`);
 * - `api_call_endpoint_rollups`: calls and successes per method + endpoint;
 * - `api_call_latency_rollups`: a response-time histogram, calls per `bucket_ms` (see
 *   {@link latencyBucketMs});
 * - `api_call_latency_daily_rollups` and `api_call_endpoint_daily_rollups`: the same histogram
 *   and per-endpoint counts per UTC day (`hour` = the day's `YYYY-MM-DD 00:00:00`), so a
 *   month's percentiles and top endpoints read ~31 rows per bucket or endpoint, not ~744
 *   (migrations 0821 and 0822);
 * - `api_call_latency_monthly_rollups` and `api_call_endpoint_monthly_rollups`: the same per
 *   UTC calendar month (`hour` = the month's `YYYY-MM-01 00:00:00`), so this month's
 *   percentiles and top endpoints read ~185 buckets and ~20 endpoints (migration 0830).
 * {@link rollupPercentiles} and {@link rollupTopEndpoints} read whole months, whole days and
 * the edge hours of a window each from its own table ({@link windowParts}).
 *
 * They are written by the call-log batch writer in the same transaction as the raw rows
 * (`writeCallRows` in call_log.ts), so they always agree with the log. Windows are read at
 * hour granularity: `from` is floored to its hour and an hour is included when it starts
 * before `to` (every caller asks for whole months or days ending "now").
 *
 * Every aggregate of the call log is read from here (Advanced Analytics, the success-rate
 * trend, the CLI's usage report, the widgets' usage, admin stats), through the read
 * connection (`readDb()`, ADR 0016). Raw `api_calls` rows serve only lists of individual calls
 * (Recent API Calls, the widgets' recent calls) and exports. Rollups are kept
 * `USAGE_ROLLUP_RETENTION_DAYS` (default 400), longer than the raw rows' 90 days.
 */

/**
 * The calendar grains the per-endpoint counts and the response-time histogram are kept at,
 * each with its two tables and the function that maps an hour (`YYYY-MM-DD HH:00:00`) to the
 * grain's first hour. Hourly first: `hourlyOnly` writes only the first grain.
 */
const CALENDAR_GRAINS = [
  {
    grain: 'hourly',
    startOf: hourOf,
    endpoints: 'api_call_endpoint_rollups',
    latency: 'api_call_latency_rollups',
  },
  {
    grain: 'daily',
    startOf: dayOf,
    endpoints: 'api_call_endpoint_daily_rollups',
    latency: 'api_call_latency_daily_rollups',
  },
  {
    grain: 'monthly',
    startOf: monthOf,
    endpoints: 'api_call_endpoint_monthly_rollups',
    latency: 'api_call_latency_monthly_rollups',
  },
] as const satisfies ReadonlyArray<{
  grain: WindowGrain
  startOf: (timestamp: string) => string
  endpoints: string
  latency: string
}>

/** The rollup tables (pruned, erased and backfilled together): the totals and every grain's two. */
export const ROLLUP_TABLES: readonly string[] = [
  'api_call_rollups',
  ...CALENDAR_GRAINS.flatMap((grain) => [grain.endpoints, grain.latency]),
]

/** The rollup tables keyed by calendar month (`hour` = the month's first hour). */
export const MONTHLY_ROLLUP_TABLES: readonly string[] = [
  CALENDAR_GRAINS[2].endpoints,
  CALENDAR_GRAINS[2].latency,
]

/**
 * Calls in a window; a call is successful when its status is 200-399, the rule of the
 * dashboard's Success Rate (spec §2 Usage dashboard).
 */
export interface WindowTotals {
  calls: number
  successful: number
  failed: number
  /** Percent 0-100 rounded to 1 decimal; null when there were no calls. */
  successRate: number | null
}

/** Rounds a share to a percent with one decimal; null for an empty window. */
export function successPercent(successful: number, calls: number): number | null {
  if (calls === 0) return null
  return Math.round((successful / calls) * 1000) / 10
}

/** The UTC hour (`YYYY-MM-DD HH:00:00`) of a stored timestamp `YYYY-MM-DD HH:mm:ss`. */
export function hourOf(timestamp: string): string {
  return `${timestamp.slice(0, 13)}:00:00`
}

/** The UTC day's first hour (`YYYY-MM-DD 00:00:00`) of a stored timestamp. */
export function dayOf(timestamp: string): string {
  return `${timestamp.slice(0, 10)} 00:00:00`
}

/** The month's first hour (`YYYY-MM-01 00:00:00`) of a stored timestamp. */
export function monthOf(timestamp: string): string {
  return `${timestamp.slice(0, 7)}-01 00:00:00`
}

function hourFloor(date: Date): string {
  return hourOf(toDbTimestamp(date))
}

/** A serialised call row: `[user_id, token_id, method, endpoint, status, ms, created_at]`. */
type CallRow = [number, number | null, string, string, number, number, string]

/** Calls of one user and credential in one hour that share endpoint, status and bucket. */
interface CallGroup {
  userId: number
  tokenId: number
  hour: string
  method: string
  endpoint: string
  status: number
  bucket: number
  calls: number
}

type CountRow = Record<string, string | number>

/**
 * Adds `calls` (and `successes`) to the row under `key` in `rows`, made by `create` if new;
 * returns the row.
 */
function addCounts(
  rows: Map<string, CountRow>,
  key: string,
  create: () => CountRow,
  calls: number,
  successes?: number
): CountRow {
  let row = rows.get(key)
  if (!row) {
    row = create()
    rows.set(key, row)
  }
  ;(row.calls as number) += calls
  if (successes !== undefined) (row.successes as number) += successes
  return row
}

/**
 * The rows of `rows` sorted by their keys: every writer (each web instance's batch writer)
 * then takes the rollup rows' locks in one order, so two batches for the same rows queue on
 * MySQL instead of deadlocking (the call log still runs a deadlock victim's batch again).
 */
function inKeyOrder(rows: Map<string, CountRow>): CountRow[] {
  return [...rows.keys()].sort().map((key) => rows.get(key)!)
}

/**
 * Groups serialised call rows (JSON arrays as buffered by `CallLog`) by user, credential
 * (`token_id`, 0 = none), hour, method + endpoint, status and latency bucket: a batch from
 * the hot path holds a few such groups, so the rollups below are built from the groups, not
 * once per call and grain.
 */
function groupCalls(rows: string[]): Iterable<CallGroup> {
  const groups = new Map<string, CallGroup>()
  for (const json of rows) {
    const [userId, tokenIdOrNull, method, endpoint, status, ms, createdAt] = JSON.parse(
      json
    ) as CallRow
    const tokenId = tokenIdOrNull ?? 0
    const hour = hourOf(createdAt)
    const bucket = latencyBucketMs(ms)
    // The endpoint last: it is the only part that may contain the separator.
    const key = `${userId}|${tokenId}|${hour}|${status}|${bucket}|${method}|${endpoint}`
    const group = groups.get(key)
    if (group) {
      group.calls++
    } else {
      groups.set(key, { userId, tokenId, hour, method, endpoint, status, bucket, calls: 1 })
    }
  }
  return groups.values()
}

/**
 * Aggregates a batch of serialised call rows (JSON arrays as buffered by `CallLog`) into
 * rollup rows, and upserts them (adding to existing counts) through `client`: the hourly
 * totals, then per calendar grain ({@link CALENDAR_GRAINS}) the per-endpoint counts and the
 * histogram. `hourlyOnly` writes the hourly tables only (migration 0800's backfill runs
 * before the daily and monthly ones exist; migrations 0821, 0822 and 0830 build those from
 * the hourly and daily ones).
 */
export async function upsertRollups(
  client: QueryClientContract,
  rows: string[],
  { hourlyOnly = false }: { hourlyOnly?: boolean } = {}
) {
  const grains = hourlyOnly ? CALENDAR_GRAINS.slice(0, 1) : CALENDAR_GRAINS
  const totals = new Map<string, CountRow>()
  const endpoints = grains.map(() => new Map<string, CountRow>())
  const latency = grains.map(() => new Map<string, CountRow>())
  for (const group of groupCalls(rows)) {
    const { userId, tokenId, hour, method, endpoint, status, bucket, calls } = group
    // Successful: status 200-399, the dashboard's rule; status classes 2xx-5xx, else "other".
    const successes = status >= 200 && status <= 399 ? calls : 0
    const statusClass = Math.floor(status / 100)
    const statusColumn =
      statusClass >= 2 && statusClass <= 5 ? `status_${statusClass}xx` : 'status_other'
    const total = addCounts(
      totals,
      `${userId}|${tokenId}|${hour}`,
      () => ({
        user_id: userId,
        token_id: tokenId,
        hour,
        calls: 0,
        successes: 0,
        status_2xx: 0,
        status_3xx: 0,
        status_4xx: 0,
        status_5xx: 0,
        status_other: 0,
      }),
      calls,
      successes
    )
    ;(total[statusColumn] as number) += calls
    grains.forEach((grain, index) => {
      const period = grain.startOf(hour)
      addCounts(
        endpoints[index],
        `${userId}|${tokenId}|${period}|${method}|${endpoint}`,
        () => ({
          user_id: userId,
          token_id: tokenId,
          hour: period,
          method,
          endpoint,
          calls: 0,
          successes: 0,
        }),
        calls,
        successes
      )
      addCounts(
        latency[index],
        `${userId}|${tokenId}|${period}|${bucket}`,
        () => ({ user_id: userId, token_id: tokenId, hour: period, bucket_ms: bucket, calls: 0 }),
        calls
      )
    })
  }
  await upsertCounts(
    client,
    'api_call_rollups',
    ['user_id', 'token_id', 'hour'],
    inKeyOrder(totals),
    ['calls', 'successes', 'status_2xx', 'status_3xx', 'status_4xx', 'status_5xx', 'status_other']
  )
  for (const [index, grain] of grains.entries()) {
    await upsertCounts(
      client,
      grain.endpoints,
      ['user_id', 'token_id', 'hour', 'method', 'endpoint'],
      inKeyOrder(endpoints[index]),
      ['calls', 'successes']
    )
    await upsertCounts(
      client,
      grain.latency,
      ['user_id', 'token_id', 'hour', 'bucket_ms'],
      inKeyOrder(latency[index]),
      ['calls']
    )
  }
}

/**
 * Builds the rollups of every row already in `api_calls` (migration 0800's backfill), reading
 * `batchSize` rows at a time in id order and adding each batch through {@link upsertRollups}
 * in its own transaction, exactly as the batch writer would have. Expects empty rollup tables
 * (it adds, it does not replace). Returns the number of call rows read.
 */
export async function backfillRollups(
  client: QueryClientContract,
  batchSize = 10_000,
  { hourlyOnly = false }: { hourlyOnly?: boolean } = {}
): Promise<number> {
  let lastId = 0
  let total = 0
  for (;;) {
    const calls = await client
      .from('api_calls')
      .where('id', '>', lastId)
      .orderBy('id', 'asc')
      .limit(batchSize)
      .select('*')
    if (calls.length === 0) break
    lastId = Number(calls[calls.length - 1].id)
    total += calls.length
    const rows = calls.map((call) =>
      JSON.stringify([
        Number(call.user_id),
        call.token_id === null ? null : Number(call.token_id),
        call.method,
        call.endpoint,
        Number(call.status_code),
        Number(call.response_time_ms),
        storedTimestamp(call.created_at),
      ])
    )
    await client.transaction((trx) => upsertRollups(trx, rows, { hourlyOnly }))
    if (calls.length < batchSize) break
  }
  return total
}

/** A timestamp as either driver returns it, as stored: `YYYY-MM-DD HH:mm:ss` (UTC). */
function storedTimestamp(at: Date | string | number): string {
  return toDbTimestamp(fromDbTimestamp(at))
}

/** Rollup rows per upsert statement (each about 60-300 bytes of JSON). */
const UPSERT_CHUNK = 1000

/** The rollup columns' types as MySQL's `JSON_TABLE` reads them from the JSON rows. */
const JSON_TABLE_TYPES: Record<string, string> = {
  user_id: 'BIGINT',
  token_id: 'BIGINT',
  hour: 'DATETIME',
  method: 'VARCHAR(16)',
  endpoint: 'VARCHAR(255)',
  bucket_ms: 'INT',
}

/**
 * Adds `rows` to `table`'s counters: inserts each row, or adds its `counters` to the row with
 * the same `key` (the table's unique key). One bound parameter per statement, the rows as a
 * JSON array of arrays in `[...key, ...counters]` order, unpacked by the database as the call
 * rows are (`insertRows` in call_log.ts):
 * `INSERT … SELECT … FROM json_each(?) WHERE true ON CONFLICT (key) DO UPDATE SET
 * c = c + excluded.c` on SQLite (the `WHERE true` is SQLite's rule for an upsert from a
 * SELECT, https://sqlite.org/lang_upsert.html), `INSERT … SELECT … FROM JSON_TABLE(?, …)
 * ON DUPLICATE KEY UPDATE c = c + VALUES(c)` on MySQL 8 / MariaDB 10.6+. The query builder's
 * multi-row upsert, with one binding per value, cost the batch writer a few microseconds of
 * event-loop time per metered call (seven upserts per transaction).
 */
async function upsertCounts(
  client: QueryClientContract,
  table: string,
  key: string[],
  rows: Record<string, string | number>[],
  counters: string[]
) {
  if (rows.length === 0) return
  const columns = [...key, ...counters]
  const sql = upsertStatement(client.dialect.name === 'mysql', table, key, counters)
  for (let index = 0; index < rows.length; index += UPSERT_CHUNK) {
    const chunk = rows.slice(index, index + UPSERT_CHUNK)
    await client.rawQuery(sql, [JSON.stringify(chunk.map((row) => columns.map((c) => row[c])))])
  }
}

const upsertStatements = new Map<string, string>()

/** The SQL of {@link upsertCounts} for `table` on one dialect, built once per process. */
function upsertStatement(mysql: boolean, table: string, key: string[], counters: string[]) {
  const cacheKey = `${mysql ? 'mysql' : 'sqlite'} ${table}`
  let sql = upsertStatements.get(cacheKey)
  if (sql) return sql
  const columns = [...key, ...counters]
  const insert = `INSERT INTO ${table} (${columns.join(', ')})`
  if (mysql) {
    const unpacked = columns.map(
      (column, index) => `${column} ${JSON_TABLE_TYPES[column] ?? 'BIGINT'} PATH '$[${index}]'`
    )
    // Qualified with the table: the JSON_TABLE alias has columns of the same names.
    const merge = counters.map((c) => `${table}.${c} = ${table}.${c} + VALUES(${c})`)
    sql =
      `${insert} SELECT * FROM JSON_TABLE(?, '$[*]' COLUMNS (${unpacked.join(', ')})) AS counted` +
      ` ON DUPLICATE KEY UPDATE ${merge.join(', ')}`
  } else {
    const unpacked = columns.map((_, index) => `value ->> ${index}`)
    const merge = counters.map((c) => `${c} = ${table}.${c} + excluded.${c}`)
    sql =
      `${insert} SELECT ${unpacked.join(', ')} FROM json_each(?) WHERE true` +
      ` ON CONFLICT (${key.join(', ')}) DO UPDATE SET ${merge.join(', ')}`
  }
  upsertStatements.set(cacheKey, sql)
  return sql
}

/**
 * Rows of `table` for a user in `[from, to)` at hour granularity, on the read connection;
 * narrowed to one credential when `tokenId` is given (a number; `null` = every credential).
 */
function windowQuery(
  table: string,
  userId: number,
  from: Date,
  to: Date,
  tokenId: number | null = null
) {
  const query = readDb()
    .from(table)
    .where('user_id', userId)
    .where('hour', '>=', hourFloor(from))
    .where('hour', '<', toDbTimestamp(to))
  if (tokenId !== null) query.where('token_id', tokenId)
  return query
}

/** Calls, successes and failures of a user in the window (hour granularity). */
export async function rollupTotals(
  userId: number,
  from: Date,
  to: Date,
  tokenId: number | null = null
): Promise<WindowTotals> {
  const row = await windowQuery('api_call_rollups', userId, from, to, tokenId)
    .select(db.raw('SUM(calls) as calls'), db.raw('SUM(successes) as successful'))
    .first()
  return windowTotals(Number(row?.calls ?? 0), Number(row?.successful ?? 0))
}

/** The {@link WindowTotals} of `calls` of which `successful` succeeded. */
export function windowTotals(calls: number, successful: number): WindowTotals {
  return {
    calls,
    successful,
    failed: calls - successful,
    successRate: successPercent(successful, calls),
  }
}

/**
 * Per-day (UTC `YYYY-MM-DD`) counts of a user (of one credential when `tokenId` is given),
 * oldest first; days without calls are absent. Summed per day by the database (`hour`
 * formatted `%Y-%m-%d` on MySQL, the `YYYY-MM-DD` prefix of the stored `hour` on SQLite), so a month of a busy
 * user returns at most 31 rows whatever the number of hours and credentials.
 */
export async function rollupDailyCounts(
  userId: number,
  from: Date,
  to: Date,
  tokenId: number | null = null
) {
  const query = windowQuery('api_call_rollups', userId, from, to, tokenId)
  const day =
    query.client.dialect.name === 'mysql' ? "DATE_FORMAT(hour, '%Y-%m-%d')" : 'substr(hour, 1, 10)'
  const rows = await query
    .select(
      db.raw(`${day} as day`),
      db.raw('SUM(calls) as calls'),
      db.raw('SUM(successes) as successful')
    )
    .groupByRaw(day)
    .orderByRaw(day)
  return rows.map((row) => {
    const calls = Number(row.calls)
    const successful = Number(row.successful)
    return { date: String(row.day), calls, successful, failed: calls - successful }
  })
}

/**
 * The `limit` most-called endpoints (method + path) of a user (of one credential when
 * `tokenId` is given) with their error counts; ties by endpoint, then method, ascending (binary
 * order). Whole months, whole days and the edge hours come from their own tables
 * ({@link windowParts}) in one statement whose sums are the hourly window's exactly.
 */
export async function rollupTopEndpoints(
  userId: number,
  from: Date,
  to: Date,
  limit = 5,
  tokenId: number | null = null
) {
  const rows = await windowPartsQuery(
    ENDPOINT_TABLES,
    ['method', 'endpoint', 'calls', 'successes'],
    userId,
    from,
    to,
    tokenId
  )
    .select(
      'method',
      'endpoint',
      db.raw('SUM(calls) as calls'),
      db.raw('SUM(successes) as successful')
    )
    .groupBy('method', 'endpoint')
  const endpoints = rows.map((row) => ({
    method: String(row.method),
    endpoint: String(row.endpoint),
    calls: Number(row.calls),
    ok: Number(row.successful),
  }))
  const order = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0)
  return endpoints
    .sort((a, b) => b.calls - a.calls || order(a.endpoint, b.endpoint) || order(a.method, b.method))
    .slice(0, limit)
    .map(({ method, endpoint, calls, ok }) => ({ method, endpoint, calls, failed: calls - ok }))
}

/**
 * Nearest-rank response-time percentiles (ms) of a user in the window, one per `quantiles`
 * entry (0-1), read from the histogram: the upper bound of the bucket holding rank ceil(q·n),
 * exact below 100 ms and at most 10 % above the exact value beyond (see
 * {@link latencyBucketMs}). Null for an empty window.
 */
export async function rollupPercentiles(
  userId: number,
  from: Date,
  to: Date,
  quantiles: number[]
): Promise<number[] | null> {
  const byBucket = new Map<number, number>()
  for (const row of await histogramRows(userId, from, to)) {
    const ms = Number(row.bucket_ms)
    byBucket.set(ms, (byBucket.get(ms) ?? 0) + Number(row.calls))
  }
  const buckets = [...byBucket].sort((a, b) => a[0] - b[0]).map(([ms, calls]) => ({ ms, calls }))
  const count = buckets.reduce((sum, bucket) => sum + bucket.calls, 0)
  if (count === 0) return null
  return quantiles.map((quantile) => {
    const rank = Math.max(1, Math.ceil(quantile * count))
    let seen = 0
    for (const bucket of buckets) {
      seen += bucket.calls
      if (seen >= rank) return bucket.ms
    }
    return buckets[buckets.length - 1].ms
  })
}

/** Which table a part of a window is read from (see {@link windowParts}). */
export type WindowGrain = 'hourly' | 'daily' | 'monthly'

/** The first instant of the UTC month `offset` months after `date`'s. */
function monthStart(date: Date, offset = 0): Date {
  return new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth() + offset, 1))
}

/**
 * A window `[from, to)` (hour granularity) cut into parts, each read from one table: the UTC
 * calendar months whose days all lie in it (`monthly`), the whole UTC days around them
 * (`daily`), and the hours before and after those (`hourly`); a window without a whole day is
 * one hourly part. Reading each part from its table and adding them gives exactly the hourly
 * window. Each edge is its own index range: one query filtering the whole window by hour would
 * scan every hour of it (16 ms for a busy month's histogram on SQLite).
 *
 * A window that reaches past `now` is read as if it ran to the end of `to`'s month: no call is
 * logged in the future, so the rows are the same, and "this month so far" (Advanced
 * Analytics) is one monthly part of ~185 histogram rows instead of ~185 × the days so far.
 */
export function windowParts(
  from: Date,
  to: Date,
  now: Date = new Date()
): Array<{ grain: WindowGrain; from: Date; to: Date }> {
  if (to.getTime() > now.getTime()) to = monthStart(to, 1)
  const first = hourFloor(from)
  const dayMs = 86_400_000
  const firstDay = new Date(Date.parse(`${dayOf(first).replace(' ', 'T')}Z`))
  if (first !== dayOf(first)) firstDay.setTime(firstDay.getTime() + dayMs)
  // Whole days: from `firstDay` up to the last day whose last hour starts before `to` (in
  // whole seconds, as the stored bound `toDbTimestamp(to)` compares).
  const lastHourStart = Math.floor(to.getTime() / 1000) * 1000 - 1
  const endDay = new Date(Math.floor((lastHourStart - 23 * 3_600_000) / dayMs) * dayMs + dayMs)
  if (endDay <= firstDay) return [{ grain: 'hourly', from, to }]
  // Whole months: from the first month start at or after `firstDay` to the last one at or
  // before `endDay`.
  const firstMonth =
    monthStart(firstDay).getTime() === firstDay.getTime() ? firstDay : monthStart(firstDay, 1)
  const endMonth = monthStart(endDay)
  const parts: Array<{ grain: WindowGrain; from: Date; to: Date }> = []
  if (firstMonth < endMonth) {
    parts.push({ grain: 'monthly', from: firstMonth, to: endMonth })
    if (firstDay < firstMonth) parts.push({ grain: 'daily', from: firstDay, to: firstMonth })
    if (endMonth < endDay) parts.push({ grain: 'daily', from: endMonth, to: endDay })
  } else {
    parts.push({ grain: 'daily', from: firstDay, to: endDay })
  }
  if (first < toDbTimestamp(firstDay)) parts.push({ grain: 'hourly', from, to: firstDay })
  if (toDbTimestamp(endDay) < toDbTimestamp(to)) parts.push({ grain: 'hourly', from: endDay, to })
  return parts
}

/**
 * The histogram of a window, as `{bucket_ms, calls}` rows (one per bucket), read per
 * {@link windowParts}: whole months, whole days and edge hours each from its own table.
 */
async function histogramRows(userId: number, from: Date, to: Date) {
  return windowPartsQuery(LATENCY_TABLES, ['bucket_ms', 'calls'], userId, from, to)
    .select('bucket_ms', db.raw('SUM(calls) as calls'))
    .groupBy('bucket_ms')
}

/**
 * One statement over a window's {@link windowParts}: `SELECT … FROM (part UNION ALL part …)
 * parts`, each part the `columns` of its rows from `tables[grain]` (`{hourly, daily,
 * monthly}` table names), each on its own index range. The caller adds the aggregate and its
 * GROUP BY. One query where there were up to five: each costs the read a round trip and its
 * builder.
 */
function windowPartsQuery(
  tables: Record<WindowGrain, string>,
  columns: string[],
  userId: number,
  from: Date,
  to: Date,
  tokenId: number | null = null
) {
  const [first, ...rest] = windowParts(from, to).map(({ grain, from: start, to: end }) =>
    windowQuery(tables[grain], userId, start, end, tokenId).select(columns)
  )
  for (const part of rest) first.unionAll(part)
  return readDb().from(first.as('parts'))
}

/** The histogram tables per grain. */
const LATENCY_TABLES = Object.fromEntries(
  CALENDAR_GRAINS.map(({ grain, latency }) => [grain, latency])
) as Record<WindowGrain, string>

/** The per-endpoint tables per grain. */
const ENDPOINT_TABLES = Object.fromEntries(
  CALENDAR_GRAINS.map(({ grain, endpoints }) => [grain, endpoints])
) as Record<WindowGrain, string>

/** Calls logged platform-wide in the window (hour granularity), e.g. admin "API calls today". */
export async function rollupPlatformCalls(from: Date, to: Date): Promise<number> {
  const row = await readDb()
    .from('api_call_rollups')
    .where('hour', '>=', hourFloor(from))
    .where('hour', '<', toDbTimestamp(to))
    .sum('calls as total')
    .first()
  return Number(row?.total ?? 0)
}

/**
 * Calls of a user per UTC hour in the window (all credentials summed), oldest first; hours
 * without calls are absent. Used to date when a quota ran out (usage_forecast.ts).
 */
export async function rollupHourlyCalls(userId: number, from: Date, to: Date) {
  const rows = await windowQuery('api_call_rollups', userId, from, to)
    .select('hour', db.raw('SUM(calls) as calls'))
    .groupBy('hour')
    .orderBy('hour', 'asc')
  return rows.map((row) => ({
    hour: fromDbTimestamp(row.hour),
    calls: Number(row.calls),
  }))
}

/**
 * Calls per credential (`token_id`) of a user in the window, most used first (ties by id),
 * with the credential's name, kind and display prefix; `tokenId` null for calls without a
 * credential (stored as 0) and name/kind/prefix null when the credential row is gone.
 */
export async function rollupCountsByCredential(userId: number, from: Date, to: Date) {
  const client = readDb()
  const rows = await client
    .from('api_call_rollups as r')
    .leftJoin('api_tokens as t', 't.id', 'r.token_id')
    .where('r.user_id', userId)
    .where('r.hour', '>=', hourFloor(from))
    .where('r.hour', '<', toDbTimestamp(to))
    .select(
      'r.token_id',
      't.name',
      't.kind',
      't.display_prefix',
      client.raw('SUM(r.calls) as calls'),
      client.raw('SUM(r.successes) as successful')
    )
    .groupBy('r.token_id', 't.name', 't.kind', 't.display_prefix')
    .orderByRaw('SUM(r.calls) DESC')
    .orderBy('r.token_id', 'asc')
  const text = (value: unknown) => (value === null || value === undefined ? null : String(value))
  return rows.map((row) => {
    const calls = Number(row.calls)
    const successful = Number(row.successful)
    const tokenId = Number(row.token_id)
    return {
      tokenId: tokenId === 0 ? null : tokenId,
      name: text(row.name),
      kind: text(row.kind),
      displayPrefix: text(row.display_prefix),
      calls,
      successful,
      failed: calls - successful,
    }
  })
}
