import { BaseSchema } from '@adonisjs/lucid/schema'

/**
 * Rollup pruning (`CallLog.pruneRollups`, `USAGE_ROLLUP_RETENTION_DAYS`) deletes by `hour`
 * alone: the per-endpoint and histogram rollups get the same `hour` index the totals table
 * has (migration 0800), so each hourly prune reads only the rows it deletes.
 */
export default class extends BaseSchema {
  async up() {
    this.schema.alterTable('api_call_endpoint_rollups', (table) => {
      table.index(['hour'], 'api_call_endpoint_rollups_hour_index')
    })
    this.schema.alterTable('api_call_latency_rollups', (table) => {
      table.index(['hour'], 'api_call_latency_rollups_hour_index')
    })
  }

  async down() {
    this.schema.alterTable('api_call_latency_rollups', (table) => {
      table.dropIndex(['hour'], 'api_call_latency_rollups_hour_index')
    })
    this.schema.alterTable('api_call_endpoint_rollups', (table) => {
      table.dropIndex(['hour'], 'api_call_endpoint_rollups_hour_index')
    })
  }
}
