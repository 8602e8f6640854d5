import { BaseSchema } from '@adonisjs/lucid/schema'

/**
 * Deduplication: the last time an alert with a given key was let through for a user. The
 * primary key makes the "at most once per cooldown" claim atomic across app instances.
 */
export default class extends BaseSchema {
  async up() {
    this.schema.createTable('alert_dedupe', (table) => {
      table
        .integer('user_id')
        .unsigned()
        .notNullable()
        .references('id')
        .inTable('users')
        .onDelete('CASCADE')
      table.string('dedupe_key', 191).notNullable()
      table.timestamp('last_raised_at').notNullable()
      table.primary(['user_id', 'dedupe_key'])
    })
  }

  async down() {
    this.schema.dropTable('alert_dedupe')
  }
}
