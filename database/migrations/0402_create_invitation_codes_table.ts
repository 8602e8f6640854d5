import { BaseSchema } from '@adonisjs/lucid/schema'

export default class extends BaseSchema {
  async up() {
    this.schema.createTable('invitation_codes', (table) => {
      table.increments('id').notNullable()
      /* Stored upper-case; compared upper-case */
      table.string('code', 64).notNullable().unique()
      table.string('plan_id', 32).notNullable().references('id').inTable('plans')
      /* How long a redemption grants the plan, in days */
      table.integer('grant_days').unsigned().notNullable()
      table.integer('max_redemptions').unsigned().notNullable()
      table.integer('redemption_count').unsigned().notNullable().defaultTo(0)
      // DATETIME, not TIMESTAMP: MySQL TIMESTAMP ends in 2038 and codes may be valid for longer.
      table.dateTime('expires_at').nullable()
      table.timestamp('disabled_at').nullable()
      table.string('note', 255).nullable()
      table
        .integer('created_by_user_id')
        .unsigned()
        .nullable()
        .references('id')
        .inTable('users')
        .onDelete('SET NULL')
      table.timestamp('created_at').notNullable()
      table.timestamp('updated_at').nullable()
    })

    this.schema.createTable('invitation_redemptions', (table) => {
      table.increments('id').notNullable()
      table
        .integer('invitation_code_id')
        .unsigned()
        .notNullable()
        .references('id')
        .inTable('invitation_codes')
        .onDelete('CASCADE')
      table
        .integer('user_id')
        .unsigned()
        .notNullable()
        .references('id')
        .inTable('users')
        .onDelete('CASCADE')
      table.timestamp('grants_until').notNullable()
      table.timestamp('created_at').notNullable()
      table.unique(['invitation_code_id', 'user_id'])
    })
  }

  async down() {
    this.schema.dropTable('invitation_redemptions')
    this.schema.dropTable('invitation_codes')
  }
}
