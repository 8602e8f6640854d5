import { BaseSchema } from '@adonisjs/lucid/schema'

/**
 * Daily per-endpoint counts (issue 18: what an Advanced Analytics read costs the database, and
 * so the metered route beside it).
 *
 * `api_call_endpoint_daily_rollups` is the hourly `api_call_endpoint_rollups` summed per UTC
 * day, same columns, `hour` holding the day's first hour (`YYYY-MM-DD 00:00:00`). Top endpoints
 * of a busy month read endpoints × ~30 days instead of endpoints × ~720 hours (12,920 hourly
 * rows, ~14 ms of each read on MySQL in the seeded benchmark). Written by the batch writer in the
 * same transaction as the hourly rows; backfilled here from them.
 */
export default class extends BaseSchema {
  async up() {
    this.schema.createTable('api_call_endpoint_daily_rollups', (table) => {
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
      table.string('method', 16).notNullable()
      table.string('endpoint', 255).notNullable()
      table.integer('calls').unsigned().notNullable().defaultTo(0)
      table.integer('successes').unsigned().notNullable().defaultTo(0)
      table.unique(['user_id', 'token_id', 'hour', 'method', 'endpoint'], {
        indexName: 'api_call_endpoint_daily_rollups_key',
      })
      table.index(
        ['user_id', 'hour', 'token_id', 'method', 'endpoint', 'calls', 'successes'],
        'api_call_endpoint_daily_rollups_user_hour_cover'
      )
      table.index(['hour'], 'api_call_endpoint_daily_rollups_hour_index')
    })
    this.defer(async (db) => {
      const day =
        db.dialect.name === 'mysql'
          ? "DATE_FORMAT(hour, '%Y-%m-%d 00:00:00')"
          : "substr(hour, 1, 10) || ' 00:00:00'"
      await db.rawQuery(
        `INSERT INTO api_call_endpoint_daily_rollups
           (user_id, token_id, hour, method, endpoint, calls, successes)
         SELECT user_id, token_id, ${day}, method, endpoint, SUM(calls), SUM(successes)
         FROM api_call_endpoint_rollups
         GROUP BY user_id, token_id, ${day}, method, endpoint`
      )
    })
  }

  async down() {
    this.schema.dropTable('api_call_endpoint_daily_rollups')
  }
}
