import { BaseSchema } from '@adonisjs/lucid/schema'
import { upsertRollups } from '#usage/services/call_rollups'

/**
 * Hourly rollups of the call log (app/usage/services/call_rollups.ts): per user, per
 * credential (`token_id`, 0 = none) and per UTC hour; totals with status classes, per-endpoint
 * counts and a response-time histogram. Backfilled from the existing `api_calls` rows.
 */
export default class extends BaseSchema {
  async up() {
    const key = (table: import('knex').Knex.CreateTableBuilder) => {
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
      /* UTC hour, `YYYY-MM-DD HH:00:00` */
      table.timestamp('hour').notNullable()
    }
    this.schema.createTable('api_call_rollups', (table) => {
      key(table)
      table.integer('calls').unsigned().notNullable().defaultTo(0)
      /* status 200-399 */
      table.integer('successes').unsigned().notNullable().defaultTo(0)
      table.integer('status_2xx').unsigned().notNullable().defaultTo(0)
      table.integer('status_3xx').unsigned().notNullable().defaultTo(0)
      table.integer('status_4xx').unsigned().notNullable().defaultTo(0)
      table.integer('status_5xx').unsigned().notNullable().defaultTo(0)
      table.integer('status_other').unsigned().notNullable().defaultTo(0)
      table.unique(['user_id', 'token_id', 'hour'], { indexName: 'api_call_rollups_key' })
      /* platform-wide windows (admin "API calls today") */
      table.index(['hour'])
    })
    this.schema.createTable('api_call_endpoint_rollups', (table) => {
      key(table)
      table.string('method', 16).notNullable()
      table.string('endpoint', 255).notNullable()
      table.integer('calls').unsigned().notNullable().defaultTo(0)
      table.integer('successes').unsigned().notNullable().defaultTo(0)
      table.unique(['user_id', 'token_id', 'hour', 'method', 'endpoint'], {
        indexName: 'api_call_endpoint_rollups_key',
      })
    })
    this.schema.createTable('api_call_latency_rollups', (table) => {
      key(table)
      /* bucket upper bound in ms (latencyBucketMs) */
      table.integer('bucket_ms').unsigned().notNullable()
      table.integer('calls').unsigned().notNullable().defaultTo(0)
      table.unique(['user_id', 'token_id', 'hour', 'bucket_ms'], {
        indexName: 'api_call_latency_rollups_key',
      })
    })

    this.defer(async (db) => {
      // Backfill in id order, a batch at a time, through the batch writer's own aggregation.
      let lastId = 0
      for (;;) {
        const calls = await db
          .from('api_calls')
          .where('id', '>', lastId)
          .orderBy('id', 'asc')
          .limit(10_000)
          .select('*')
        if (calls.length === 0) break
        lastId = Number(calls[calls.length - 1].id)
        const rows = calls.map((call) => {
          const at = call.created_at
          const createdAt =
            at instanceof Date
              ? `${at.toISOString().slice(0, 10)} ${at.toISOString().slice(11, 19)}`
              : String(at).slice(0, 19)
          return JSON.stringify([
            Number(call.user_id),
            call.token_id === null ? null : Number(call.token_id),
            call.method,
            call.endpoint,
            Number(call.status_code),
            Number(call.response_time_ms),
            createdAt,
          ])
        })
        await db.transaction((trx) => upsertRollups(trx, rows))
      }
    })
  }

  async down() {
    this.schema.dropTable('api_call_latency_rollups')
    this.schema.dropTable('api_call_endpoint_rollups')
    this.schema.dropTable('api_call_rollups')
  }
}
