import { BaseSchema } from '@adonisjs/lucid/schema'

export default class extends BaseSchema {
  async up() {
    this.schema.createTable('api_tokens', (table) => {
      table.increments('id').notNullable()
      table
        .integer('user_id')
        .unsigned()
        .notNullable()
        .references('id')
        .inTable('users')
        .onDelete('CASCADE')
      table.string('name', 100).notNullable()
      /* hex SHA-256 of the whole key; the key itself is never stored */
      table.string('token_hash', 64).notNullable().unique()
      /* first characters of the key, enough to recognise it in a list */
      table.string('display_prefix', 16).notNullable()
      table.timestamp('last_used_at').nullable()
      table.timestamp('revoked_at').nullable()
      table.timestamp('created_at').notNullable()
      table.index(['user_id', 'revoked_at'])
    })
  }

  async down() {
    this.schema.dropTable('api_tokens')
  }
}
