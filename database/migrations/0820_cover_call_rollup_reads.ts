import { BaseSchema } from '@adonisjs/lucid/schema'

/**
 * Covering indexes for the rollup reads (issue 18: analytics p95 and what analytics cost the
 * hot path beside them). Each replaces the `(user_id, hour)` index of 0810 with one that
 * starts the same way and also holds every column the window reads select, filter or group by,
 * so a user's month is read from the index alone (no lookup of each row by id):
 * - `api_call_rollups (user_id, hour, token_id, calls, successes)`: totals, days, hours, and
 *   per-credential counts;
 * - `api_call_endpoint_rollups (user_id, hour, token_id, method, endpoint, calls, successes)`:
 *   top endpoints;
 * - `api_call_latency_rollups (user_id, hour, token_id, bucket_ms, calls)`: percentiles.
 * The counters are in the keys, so the batch writer's upserts also move these index entries.
 */
export default class extends BaseSchema {
  async up() {
    this.schema.alterTable('api_call_rollups', (table) => {
      table.index(
        ['user_id', 'hour', 'token_id', 'calls', 'successes'],
        'api_call_rollups_user_hour_cover'
      )
      table.dropIndex(['user_id', 'hour'], 'api_call_rollups_user_hour_index')
    })
    this.schema.alterTable('api_call_endpoint_rollups', (table) => {
      table.index(
        ['user_id', 'hour', 'token_id', 'method', 'endpoint', 'calls', 'successes'],
        'api_call_endpoint_rollups_user_hour_cover'
      )
      table.dropIndex(['user_id', 'hour'], 'api_call_endpoint_rollups_user_hour_index')
    })
    this.schema.alterTable('api_call_latency_rollups', (table) => {
      table.index(
        ['user_id', 'hour', 'token_id', 'bucket_ms', 'calls'],
        'api_call_latency_rollups_user_hour_cover'
      )
      table.dropIndex(['user_id', 'hour'], 'api_call_latency_rollups_user_hour_index')
    })
  }

  async down() {
    this.schema.alterTable('api_call_latency_rollups', (table) => {
      table.index(['user_id', 'hour'], 'api_call_latency_rollups_user_hour_index')
      table.dropIndex(
        ['user_id', 'hour', 'token_id', 'bucket_ms', 'calls'],
        'api_call_latency_rollups_user_hour_cover'
      )
    })
    this.schema.alterTable('api_call_endpoint_rollups', (table) => {
      table.index(['user_id', 'hour'], 'api_call_endpoint_rollups_user_hour_index')
      table.dropIndex(
        ['user_id', 'hour', 'token_id', 'method', 'endpoint', 'calls', 'successes'],
        'api_call_endpoint_rollups_user_hour_cover'
      )
    })
    this.schema.alterTable('api_call_rollups', (table) => {
      table.index(['user_id', 'hour'], 'api_call_rollups_user_hour_index')
      table.dropIndex(
        ['user_id', 'hour', 'token_id', 'calls', 'successes'],
        'api_call_rollups_user_hour_cover'
      )
    })
  }
}
