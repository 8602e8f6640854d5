import { BaseSchema } from '@adonisjs/lucid/schema'
import { backfillRollups } from '#usage/services/call_rollups'

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

    // Rollups of the rows already logged, through the batch writer's own aggregation.
    // (The daily histogram table comes in 0821, which builds it from the hourly one.)
    this.defer(async (db) => {
      await backfillRollups(db, 10_000, { hourlyOnly: true })
    })
  }

  async down() {
    this.schema.dropTable('api_call_latency_rollups')
    this.schema.dropTable('api_call_endpoint_rollups')
    this.schema.dropTable('api_call_rollups')
  }
}
