import { BaseSchema } from '@adonisjs/lucid/schema'

/**
 * Pending OAuth 2.0 device authorization requests (RFC 8628) of the adrelay CLI. The device
 * code is stored only as its SHA-256; the user code is short-lived, single-use and stored
 * normalised (8 letters, no dash). Rows are kept after use (status) until they are pruned.
 */
export default class extends BaseSchema {
  async up() {
    this.schema.createTable('device_authorizations', (table) => {
      table.increments('id').notNullable()
      table.string('device_code_hash', 64).notNullable().unique()
      table.string('user_code', 8).notNullable().unique()
      table.string('client_id', 64).notNullable()
      table.string('device_name', 100).notNullable()
      table.string('requester_ip', 64).notNullable()
      /* pending → approved | denied; approved → consumed once the token is issued */
      table.string('status', 16).notNullable().defaultTo('pending')
      table
        .integer('user_id')
        .unsigned()
        .nullable()
        .references('id')
        .inTable('users')
        .onDelete('CASCADE')
      /* current polling interval in seconds (grows by 5 with each slow_down) */
      table.integer('interval_seconds').unsigned().notNullable()
      table.timestamp('last_polled_at').nullable()
      table.timestamp('expires_at').notNullable()
      table.timestamp('decided_at').nullable()
      table.timestamp('created_at').notNullable()
      table.index(['expires_at'])
    })
  }

  async down() {
    this.schema.dropTable('device_authorizations')
  }
}
