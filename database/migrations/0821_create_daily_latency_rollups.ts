import { BaseSchema } from '@adonisjs/lucid/schema'

/**
 * Daily response-time histograms, and a covering index for platform-wide counts (issue 18:
 * Advanced Analytics p95 and the CPU analytics take beside the metered route).
 *
 * - `api_call_latency_daily_rollups`: the hourly histogram (`api_call_latency_rollups`)
 *   summed per UTC day, same columns, `hour` holding the day's first hour
 *   (`YYYY-MM-DD 00:00:00`). A month of a busy user's percentiles read ~185 buckets × 31 days
 *   instead of × 744 hours (117,000 rows, 34 ms on SQLite, in the seeded benchmark). Written
 *   by the batch writer in the same transaction as the hourly rows; backfilled here from them.
 * - `api_call_rollups (hour, calls)` replaces `(hour)`: admin's "API calls today" sums every
 *   user's rows of the day from the index alone; pruning still deletes by `hour` through it.
 */
export default class extends BaseSchema {
  async up() {
    this.schema.createTable('api_call_latency_daily_rollups', (table) => {
      table.bigIncrements('id').notNullable()
      table
        .integer('user_id')
        .unsigned()
        .notNullable()
        .references('id')
        .inTable('users')
        .onDelete('CASCADE')
      /* 0 when the call had no credential (a NULL would defeat the unique key) */
      table.integer('token_id').unsigned().notNullable().defaultTo(0)
      /* the UTC day's first hour, `YYYY-MM-DD 00:00:00` */
      table.timestamp('hour').notNullable()
      /* bucket upper bound in ms (latencyBucketMs) */
      table.integer('bucket_ms').unsigned().notNullable()
      table.integer('calls').unsigned().notNullable().defaultTo(0)
      table.unique(['user_id', 'token_id', 'hour', 'bucket_ms'], {
        indexName: 'api_call_latency_daily_rollups_key',
      })
      table.index(
        ['user_id', 'hour', 'token_id', 'bucket_ms', 'calls'],
        'api_call_latency_daily_rollups_user_hour_cover'
      )
      table.index(['hour'], 'api_call_latency_daily_rollups_hour_index')
    })
    this.schema.alterTable('api_call_rollups', (table) => {
      table.index(['hour', 'calls'], 'api_call_rollups_hour_calls_index')
      table.dropIndex(['hour'], 'api_call_rollups_hour_index')
    })
    this.defer(async (db) => {
      const day =
        db.dialect.name === 'mysql'
          ? "DATE_FORMAT(hour, '%Y-%m-%d 00:00:00')"
          : "substr(hour, 1, 10) || ' 00:00:00'"
      await db.rawQuery(
        `INSERT INTO api_call_latency_daily_rollups (user_id, token_id, hour, bucket_ms, calls)
         SELECT user_id, token_id, ${day}, bucket_ms, SUM(calls) FROM api_call_latency_rollups
         GROUP BY user_id, token_id, ${day}, bucket_ms`
      )
    })
  }

  async down() {
    this.schema.alterTable('api_call_rollups', (table) => {
      table.index(['hour'], 'api_call_rollups_hour_index')
      table.dropIndex(['hour', 'calls'], 'api_call_rollups_hour_calls_index')
    })
    this.schema.dropTable('api_call_latency_daily_rollups')
  }
}
