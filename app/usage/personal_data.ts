import { readDb } from '#shared/read_connection'
import { inject } from '@adonisjs/core'
import db from '@adonisjs/lucid/services/db'
import { CallLog } from '#usage/services/call_log'
import { Metering } from '#usage/services/metering'
import { ROLLUP_TABLES } from '#usage/services/call_rollups'
import {
  isoTimestamp,
  pageById,
  type ErasureSubject,
  type ExportSection,
  type PersonalDataHolder,
} from '#shared/personal_data'

/** Call records read (export) or deleted per query. */
const CHUNK_SIZE = 1000
const DELETE_CHUNK_SIZE = 5000

/**
 * What the usage module holds about a user: the call log (`api_calls`: method, endpoint, status,
 * response time, key id, time; kept `CALL_LOG_RETENTION_DAYS`) and the monthly quota counters
 * (`usage_counters`, and Redis keys with `REDIS_URL`).
 *
 * The call log is exported 1,000 rows per query by ascending id, so 100,000 records never sit in
 * memory at once. Erasing first writes out the records still buffered in this process, then
 * deletes the call log 5,000 rows per statement (no long lock on a big log), then every quota
 * counter in the database and in Redis.
 */
@inject()
export default class UsagePersonalData implements PersonalDataHolder {
  readonly name = 'usage'

  constructor(
    private callLog: CallLog,
    private metering: Metering
  ) {}

  sections(userId: number): Record<string, ExportSection> {
    return {
      callLog: {
        kind: 'many',
        rows: () =>
          pageById(
            (afterId, limit) =>
              readDb()
                .from('api_calls')
                .where('user_id', userId)
                .where('id', '>', afterId)
                .orderBy('id')
                .limit(limit)
                .select(
                  'id',
                  'token_id',
                  'method',
                  'endpoint',
                  'status_code',
                  'response_time_ms',
                  'created_at'
                ),
            (row) => ({
              id: Number(row.id),
              keyId: row.token_id === null ? null : Number(row.token_id),
              method: row.method,
              endpoint: row.endpoint,
              statusCode: Number(row.status_code),
              responseTimeMs: Number(row.response_time_ms),
              createdAt: isoTimestamp(row.created_at),
            }),
            CHUNK_SIZE
          ),
      },
      usageCounters: {
        kind: 'many',
        rows: async function* () {
          const rows = await readDb()
            .from('usage_counters')
            .where('user_id', userId)
            .orderBy('period')
            .select('period', 'count')
          // One row per month the user made calls: small.
          for (const row of rows) yield { period: row.period, requests: Number(row.count) }
        },
      },
    }
  }

  async erase({ userId }: ErasureSubject): Promise<void> {
    await this.callLog.flush()
    while (true) {
      const ids = await db
        .from('api_calls')
        .where('user_id', userId)
        .orderBy('id')
        .limit(DELETE_CHUNK_SIZE)
        .select('id')
      if (ids.length === 0) break
      await db
        .from('api_calls')
        .whereIn(
          'id',
          ids.map((row) => row.id)
        )
        .delete()
      if (ids.length < DELETE_CHUNK_SIZE) break
    }
    // The hourly rollups of the call log (call_rollups.ts) describe the same calls.
    for (const table of ROLLUP_TABLES) {
      await db.from(table).where('user_id', userId).delete()
    }
    await this.metering.quotas.forget(userId)
  }
}
