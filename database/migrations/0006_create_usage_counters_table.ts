import { BaseSchema } from '@adonisjs/lucid/schema'

export default class extends BaseSchema {
  async up() {
    this.schema.createTable('usage_counters', (table) => {
      table
        .integer('user_id')
        .unsigned()
        .notNullable()
        .references('id')
        .inTable('users')
        .onDelete('CASCADE')
      /* calendar month in UTC, YYYY-MM */
      table.string('period', 7).notNullable()
      table.integer('count').unsigned().notNullable().defaultTo(0)
      table.primary(['user_id', 'period'])
    })
  }

  async down() {
    this.schema.dropTable('usage_counters')
  }
}
