import { BaseSchema } from '@adonisjs/lucid/schema'

/**
 * One Meta ads connection per user. The access token is stored only encrypted
 * (AES-256-GCM, key chosen by `token_key_version`; since 0250 AdonisJS encryption, see
 * MetaTokenSealer).
 */
export default class extends BaseSchema {
  async up() {
    this.schema.createTable('meta_connections', (table) => {
      table.increments('id').notNullable()
      table
        .integer('user_id')
        .unsigned()
        .notNullable()
        .unique()
        .references('id')
        .inTable('users')
        .onDelete('CASCADE')
      /* Meta's app-scoped user id (string of digits) */
      table.string('meta_user_id', 64).notNullable()
      table.string('name', 255).nullable()
      table.text('access_token_encrypted').notNullable()
      table.integer('token_key_version').notNullable()
      table.boolean('is_long_lived').notNullable().defaultTo(false)
      /* null: the token never expires (debug_token expires_at = 0) */
      table.timestamp('expires_at').nullable()
      table.timestamp('data_access_expires_at').nullable()
      /* comma-separated permissions granted (debug_token scopes) */
      table.text('scopes').nullable()
      /* connected | reconnect_required */
      table.string('status', 32).notNullable().defaultTo('connected')
      table.string('last_error_code', 64).nullable()
      /* made against the embedded sandbox rather than Meta */
      table.boolean('sandbox').notNullable().defaultTo(false)
      table.timestamp('created_at').notNullable()
      table.timestamp('updated_at').nullable()
    })
  }

  async down() {
    this.schema.dropTable('meta_connections')
  }
}
