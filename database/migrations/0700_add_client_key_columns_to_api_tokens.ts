import { BaseSchema } from '@adonisjs/lucid/schema'

/**
 * Client keys (issue 17): an optional label (the client a key is for) and an optional monthly
 * request limit of the key's own, below the plan's quota; and a per-key monthly counter that
 * the quota stores update in the same atomic step as the account's `usage_counters` row.
 */
export default class extends BaseSchema {
  async up() {
    this.schema.alterTable('api_tokens', (table) => {
      table.string('label', 100).nullable()
      /* requests per calendar month (UTC); null: only the plan's quota applies */
      table.integer('monthly_limit').unsigned().nullable()
    })
    this.schema.createTable('key_usage_counters', (table) => {
      table
        .integer('token_id')
        .unsigned()
        .notNullable()
        .references('id')
        .inTable('api_tokens')
        .onDelete('CASCADE')
      /* calendar month in UTC, YYYY-MM */
      table.string('period', 7).notNullable()
      table.integer('count').unsigned().notNullable().defaultTo(0)
      table.primary(['token_id', 'period'])
    })
  }

  async down() {
    this.schema.dropTable('key_usage_counters')
    this.schema.alterTable('api_tokens', (table) => {
      table.dropColumn('monthly_limit')
      table.dropColumn('label')
    })
  }
}
