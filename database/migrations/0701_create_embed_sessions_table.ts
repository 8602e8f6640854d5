import { BaseSchema } from '@adonisjs/lucid/schema'

/**
 * Embed sessions (issue 17): short-lived, scoped credentials that client-portal widgets use
 * to read an account's figures from the browser. Only the client secret's SHA-256 is stored.
 */
export default class extends BaseSchema {
  async up() {
    this.schema.createTable('embed_sessions', (table) => {
      table.increments('id').notNullable()
      /* es_… : the id the API answers with; also the client secret's first part */
      table.string('public_id', 40).notNullable().unique()
      table
        .integer('user_id')
        .unsigned()
        .notNullable()
        .references('id')
        .inTable('users')
        .onDelete('CASCADE')
      /* the client key the session is scoped to; null: the whole account */
      table
        .integer('key_id')
        .unsigned()
        .nullable()
        .references('id')
        .inTable('api_tokens')
        .onDelete('CASCADE')
      /* JSON arrays: component names, act_… ids, origins (scheme://host[:port]) */
      table.text('components').notNullable()
      table.text('ad_account_ids').notNullable()
      table.text('allowed_origins').notNullable()
      table.boolean('hide_powered_by').notNullable().defaultTo(false)
      /* hex SHA-256 of the client secret; the secret itself is never stored */
      table.string('secret_hash', 64).notNullable().unique()
      table.timestamp('expires_at').notNullable()
      table.timestamp('revoked_at').nullable()
      table.timestamp('created_at').notNullable()
      table.index(['user_id', 'created_at'])
    })
  }

  async down() {
    this.schema.dropTable('embed_sessions')
  }
}
