import app from '@adonisjs/core/services/app'
import db from '@adonisjs/lucid/services/db'
import { billingPeriodAt } from '#usage/services/billing_period'
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
