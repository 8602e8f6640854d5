import { BaseSchema } from '@adonisjs/lucid/schema'

/**
 * Leads from Meta Lead Ads (Agency), stored minimally: ids, form, time and the person's
 * answers (`field_data`) encrypted at rest (APP_KEY). Deleted after the retention period
 * (docs/leads.md). `lead_forms` remembers each form a user's pages have and the newest lead
 * time seen, so polling asks Meta only for newer leads.
 */
export default class extends BaseSchema {
  async up() {
    this.schema.createTable('lead_forms', (table) => {
      table.increments('id').notNullable()
      table
        .integer('user_id')
        .unsigned()
        .notNullable()
        .references('id')
        .inTable('users')
        .onDelete('CASCADE')
      table.string('meta_form_id', 32).notNullable()
      table.string('meta_page_id', 32).notNullable()
      table.string('name', 255).notNullable()
      /* unix seconds of the newest lead stored for this form (polling cursor) */
      table.bigInteger('last_lead_time').notNullable().defaultTo(0)
      table.timestamp('polled_at').nullable()
      table.unique(['user_id', 'meta_form_id'])
      table.index(['meta_page_id'])
    })
    this.schema.createTable('leads', (table) => {
      table.bigIncrements('id').notNullable()
      table
        .integer('user_id')
        .unsigned()
        .notNullable()
        .references('id')
        .inTable('users')
        .onDelete('CASCADE')
      table.string('meta_lead_id', 32).notNullable()
      table.string('meta_form_id', 32).notNullable()
      table.string('meta_ad_id', 32).nullable()
      table.timestamp('created_time').notNullable()
      /* JSON [{name, values}] encrypted with APP_KEY */
      table.text('field_data_encrypted').notNullable()
      /* poll | webhook */
      table.string('received_via', 16).notNullable()
      table.timestamp('created_at').notNullable()
      table.unique(['user_id', 'meta_lead_id'])
      table.index(['user_id', 'created_time'])
    })
  }

  async down() {
    this.schema.dropTable('leads')
    this.schema.dropTable('lead_forms')
  }
}
