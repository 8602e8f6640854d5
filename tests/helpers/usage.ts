import app from '@adonisjs/core/services/app'
import db from '@adonisjs/lucid/services/db'
import { billingPeriodAt } from '#usage/services/billing_period'
import { paceWindowStart } from '#usage/services/usage_forecast'
import {
  CallLog,
  serializeCallRecord,
  writeCallRows,
  type ApiCallRecord,
} from '#usage/services/call_log'

/**
 * Writes the buffered call log now. Metered calls are logged in batches in the background
 * (every `CALL_LOG_FLUSH_INTERVAL_MS`); tests that read the log flush it instead of polling
 * the database. The test server runs in the test process, so this is its call log.
 */
export async function flushCallLog() {
  await (await app.container.make(CallLog)).flush()
}

/**
 * A call log for tests that log calls at fixed dates: it keeps raw rows and rollups for
 * 10,000 days, where the defaults (90 and 400) would make its first flush prune what the test
 * just wrote once those dates are far enough in the past (found running the suite under
 * libfaketime at 2027-03-14: calls dated 2026-11-21 were gone after the flush).
 * `flushIntervalMs` and `maxBuffered` as for `CallLog` (defaults: 60 s, 100,000 records, so
 * nothing flushes until the test does).
 */
export function datedCallLog(flushIntervalMs = 60_000, maxBuffered = 100_000) {
  return new CallLog(flushIntervalMs, maxBuffered, 10_000, 10_000)
}

/** Sets the user's quota counter for the current month (database, and reseeds Redis). */
export async function setUsage(userId: number, count: number) {
  const { period } = billingPeriodAt()
  await db
    .table('usage_counters')
    .insert({ user_id: userId, period, count })
    .onConflict(['user_id', 'period'])
    .merge({ count })
  // The Redis store keeps its own copy of the month's counter; reseed it from the database.
  if (process.env.REDIS_URL) {
    const redis = (await app.container.make('redis')).connection('main')
    await redis.del(`adrelay:quota:${userId}:${period}`)
  }
}

/** A call as tests describe it: every field optional (see {@link callRecord}'s defaults). */
export interface TestCall {
  status?: number
  ms?: number
  at?: Date
  endpoint?: string
  method?: string
  tokenId?: number | null
}

/**
 * The call-log record of a metered call of `userId`, as the gateway hands it to `CallLog`.
 * Defaults: no credential, `GET /api/v1/me`, status 200, 42 ms, now.
 */
export function callRecord(userId: number, call: TestCall = {}): ApiCallRecord {
  return {
    userId,
    tokenId: call.tokenId ?? null,
    method: call.method ?? 'GET',
    endpoint: call.endpoint ?? '/api/v1/me',
    statusCode: call.status ?? 200,
    responseTimeMs: call.ms ?? 42,
    createdAt: call.at ?? new Date(),
  }
}

/**
 * Writes call records now, through the call-log batch writer (raw `api_calls` rows and the
 * hourly rollups in one transaction), as metered calls made at `createdAt` would have been.
 * Defaults as {@link callRecord}'s.
 */
export async function logCallRecords(userId: number, calls: TestCall[]) {
  const rows = calls.map((call) => serializeCallRecord(callRecord(userId, call)))
  await db.transaction((trx) => writeCallRows(trx, rows))
}

/**
 * A test timeout for tests that call {@link callsLeftToRunOut} with 10,000 window calls: the
 * month's last ~4 minutes of waiting plus the test's own time.
 */
export const MONTH_TURN_TIMEOUT = 6 * 60_000

/**
 * How many requests to leave under the monthly limit so that, once `windowCalls` calls are
 * logged now, the usage forecast says `will_run_out` with room to spare: at the pace window's
 * rate (usage_forecast.ts) the quota runs out about halfway to the month's reset. At most
 * `max`, at least 2 (so one more request does not exhaust it).
 *
 * A fixed number fails near a month's end: the pace window is the last 7 days, so 2,000 calls
 * make a pace of ~12 an hour, and 20 requests left then outlast the month's last 1.7 hours
 * (found running the suite under libfaketime at 2027-02-28 23:52 UTC). In a month's last
 * minutes, where even 2 would outlast it, this waits for the month to turn first (a timer to
 * the reset instant, at most those minutes).
 */
export async function callsLeftToRunOut(windowCalls: number, max: number): Promise<number> {
  for (;;) {
    const now = new Date()
    const period = billingPeriodAt(now)
    const windowHours = Math.max(
      1,
      (now.getTime() - paceWindowStart(now, period.startsAt).getTime()) / 3_600_000
    )
    const hoursLeft = (period.resetsAt.getTime() - now.getTime()) / 3_600_000
    const left = Math.min(max, Math.floor(((windowCalls / windowHours) * hoursLeft) / 2))
    if (left >= 2) return left
    await new Promise((resolve) =>
      setTimeout(resolve, period.resetsAt.getTime() - now.getTime() + 1000)
    )
  }
}

/** Sets one API key's own counter for the current month (database, and reseeds Redis). */
export async function setKeyUsage(tokenId: number, count: number) {
  const { period } = billingPeriodAt()
  await db
    .table('key_usage_counters')
    .insert({ token_id: tokenId, period, count })
    .onConflict(['token_id', 'period'])
    .merge({ count })
  if (process.env.REDIS_URL) {
    const redis = (await app.container.make('redis')).connection('main')
    await redis.del(`adrelay:quota:key:${tokenId}:${period}`)
  }
}
