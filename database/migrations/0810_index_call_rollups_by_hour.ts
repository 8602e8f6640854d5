import { BaseSchema } from '@adonisjs/lucid/schema'

/**
 * Indexes for the rollup reads and pruning (ADR 0016):
 * - `(user_id, hour)` on the three rollup tables: a user's month is a range of this index,
 *   whatever the number of credentials (the unique keys put `token_id` before `hour`, so a
 *   window read scanned every hour the user ever had, up to `USAGE_ROLLUP_RETENTION_DAYS`);
 * - `hour` on the per-endpoint and histogram tables (the totals table has it since 0800):
 *   `CallLog.pruneRollups` deletes by `hour` alone and reads only the rows it deletes.
 */
export default class extends BaseSchema {
  async up() {
    this.schema.alterTable('api_call_rollups', (table) => {
      table.index(['user_id', 'hour'], 'api_call_rollups_user_hour_index')
    })
    this.schema.alterTable('api_call_endpoint_rollups', (table) => {
      table.index(['user_id', 'hour'], 'api_call_endpoint_rollups_user_hour_index')
      table.index(['hour'], 'api_call_endpoint_rollups_hour_index')
    })
    this.schema.alterTable('api_call_latency_rollups', (table) => {
      table.index(['user_id', 'hour'], 'api_call_latency_rollups_user_hour_index')
      table.index(['hour'], 'api_call_latency_rollups_hour_index')
    })
  }

  async down() {
    this.schema.alterTable('api_call_latency_rollups', (table) => {
      table.dropIndex(['hour'], 'api_call_latency_rollups_hour_index')
      table.dropIndex(['user_id', 'hour'], 'api_call_latency_rollups_user_hour_index')
    })
    this.schema.alterTable('api_call_endpoint_rollups', (table) => {
      table.dropIndex(['hour'], 'api_call_endpoint_rollups_hour_index')
      table.dropIndex(['user_id', 'hour'], 'api_call_endpoint_rollups_user_hour_index')
    })
    this.schema.alterTable('api_call_rollups', (table) => {
      table.dropIndex(['user_id', 'hour'], 'api_call_rollups_user_hour_index')
    })
  }
}
