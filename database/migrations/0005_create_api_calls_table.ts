import { BaseSchema } from '@adonisjs/lucid/schema'

export default class extends BaseSchema {
  async up() {
    this.schema.createTable('api_calls', (table) => {
      table.bigIncrements('id').notNullable()
      table
        .integer('user_id')
        .unsigned()
        .notNullable()
        .references('id')
        .inTable('users')
        .onDelete('CASCADE')
      table.integer('token_id').unsigned().nullable()
      table.string('method', 16).notNullable()
      table.string('endpoint', 255).notNullable()
      table.smallint('status_code').unsigned().notNullable()
      table.integer('response_time_ms').unsigned().notNullable()
      table.timestamp('created_at').notNullable()
      /* latest-first per user (recent calls, analytics) and per-day counts (admin stats) */
      table.index(['user_id', 'created_at'])
      table.index(['created_at'])
    })
  }

  async down() {
    this.schema.dropTable('api_calls')
  }
}
