import { BaseSchema } from '@adonisjs/lucid/schema'

/**
 * Monthly response-time histograms and per-endpoint counts (issue 18: the database CPU an
 * Advanced Analytics read takes, and so the metered route beside it).
 *
 * `api_call_latency_monthly_rollups` and `api_call_endpoint_monthly_rollups` are the daily
 * tables (migrations 0821, 0822) summed per UTC calendar month, same columns, `hour` holding the
 * month's first hour (`YYYY-MM-01 00:00:00`). This month's percentiles and top endpoints read
 * ~185 buckets and ~20 endpoints instead of × the days so far (about 5,000 histogram rows by
 * the 28th: 2.3 ms of MariaDB CPU per read in the seeded benchmark, 1.15 ms on SQLite).
 * Written by the batch writer in the same transaction as the hourly and daily rows; backfilled
 * here from the daily tables.
 */
export default class extends BaseSchema {
  async up() {
    this.schema.createTable('api_call_latency_monthly_rollups', (table) => {
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
      /* the UTC month's first hour, `YYYY-MM-01 00:00:00` */
      table.timestamp('hour').notNullable()
      /* bucket upper bound in ms (latencyBucketMs) */
      table.integer('bucket_ms').unsigned().notNullable()
      table.integer('calls').unsigned().notNullable().defaultTo(0)
      table.unique(['user_id', 'token_id', 'hour', 'bucket_ms'], {
        indexName: 'api_call_latency_monthly_rollups_key',
      })
      table.index(
        ['user_id', 'hour', 'token_id', 'bucket_ms', 'calls'],
        'api_call_latency_monthly_rollups_user_hour_cover'
      )
      table.index(['hour'], 'api_call_latency_monthly_rollups_hour_index')
    })
    this.schema.createTable('api_call_endpoint_monthly_rollups', (table) => {
      table.bigIncrements('id').notNullable()
      table
        .integer('user_id')
        .unsigned()
        .notNullable()
        .references('id')
        .inTable('users')
        .onDelete('CASCADE')
      table.integer('token_id').unsigned().notNullable().defaultTo(0)
      /* the UTC month's first hour, `YYYY-MM-01 00:00:00` */
      table.timestamp('hour').notNullable()
      table.string('method', 16).notNullable()
      table.string('endpoint', 255).notNullable()
      table.integer('calls').unsigned().notNullable().defaultTo(0)
      table.integer('successes').unsigned().notNullable().defaultTo(0)
      table.unique(['user_id', 'token_id', 'hour', 'method', 'endpoint'], {
        indexName: 'api_call_endpoint_monthly_rollups_key',
      })
      table.index(
        ['user_id', 'hour', 'token_id', 'method', 'endpoint', 'calls', 'successes'],
        'api_call_endpoint_monthly_rollups_user_hour_cover'
      )
      table.index(['hour'], 'api_call_endpoint_monthly_rollups_hour_index')
    })
    this.defer(async (db) => {
      const month =
        db.dialect.name === 'mysql'
          ? "DATE_FORMAT(hour, '%Y-%m-01 00:00:00')"
          : "substr(hour, 1, 7) || '-01 00:00:00'"
      await db.rawQuery(
        `INSERT INTO api_call_latency_monthly_rollups (user_id, token_id, hour, bucket_ms, calls)
         SELECT user_id, token_id, ${month}, bucket_ms, SUM(calls)
         FROM api_call_latency_daily_rollups
         GROUP BY user_id, token_id, ${month}, bucket_ms`
      )
      await db.rawQuery(
        `INSERT INTO api_call_endpoint_monthly_rollups
           (user_id, token_id, hour, method, endpoint, calls, successes)
         SELECT user_id, token_id, ${month}, method, endpoint, SUM(calls), SUM(successes)
         FROM api_call_endpoint_daily_rollups
         GROUP BY user_id, token_id, ${month}, method, endpoint`
      )
    })
  }

  async down() {
    this.schema.dropTable('api_call_endpoint_monthly_rollups')
    this.schema.dropTable('api_call_latency_monthly_rollups')
  }
}
