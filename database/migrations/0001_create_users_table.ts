import { BaseSchema } from '@adonisjs/lucid/schema'

export default class extends BaseSchema {
  async up() {
    this.schema.createTable('users', (table) => {
      table.increments('id').notNullable()
      table.string('email', 254).notNullable().unique()
      table.string('first_name', 100).nullable()
      table.string('last_name', 100).nullable()
      table.string('avatar_url', 2048).nullable()
      table.string('role', 16).notNullable().defaultTo('user')
      table.string('google_subject_id', 255).nullable().unique()
      table.timestamp('suspended_at').nullable()
      table.timestamp('created_at').notNullable()
      table.timestamp('updated_at').nullable()
    })
  }

  async down() {
    this.schema.dropTable('users')
  }
}
