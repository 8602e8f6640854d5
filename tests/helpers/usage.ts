import app from '@adonisjs/core/services/app'
import db from '@adonisjs/lucid/services/db'
import { billingPeriodAt } from '#usage/services/billing_period'
import { CallLog } from '#usage/services/call_log'

/**
 * Writes the buffered call log now. Metered calls are logged in batches in the background
 * (every `CALL_LOG_FLUSH_INTERVAL_MS`); tests that read the log flush it instead of polling
 * the database. The test server runs in the test process, so this is its call log.
 */
export async function flushCallLog() {
  await (await app.container.make(CallLog)).flush()
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
