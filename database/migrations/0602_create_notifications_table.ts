import { BaseSchema } from '@adonisjs/lucid/schema'

/**
 * Every alert delivered to a user (after preferences and deduplication): the in-app
 * notification centre lists the rows with `in_app`; email and webhook deliveries point here.
 */
export default class extends BaseSchema {
  async up() {
    this.schema.createTable('notifications', (table) => {
      table.bigIncrements('id').notNullable()
      table
        .integer('user_id')
        .unsigned()
        .notNullable()
        .references('id')
        .inTable('users')
        .onDelete('CASCADE')
      table.string('type', 40).notNullable()
      table.string('dedupe_key', 191).notNullable()
      table.string('title', 200).notNullable()
      table.text('message').notNullable()
      table.string('url', 500).nullable()
      /* JSON object (no secrets) */
      table.text('data').nullable()
      table.boolean('in_app').notNullable()
      table.timestamp('occurred_at').notNullable()
      table.timestamp('read_at').nullable()
      table.timestamp('created_at').notNullable()
      table.index(['user_id', 'id'])
      table.index(['user_id', 'read_at'])
    })
  }

  async down() {
    this.schema.dropTable('notifications')
  }
}
