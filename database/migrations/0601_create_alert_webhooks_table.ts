import { BaseSchema } from '@adonisjs/lucid/schema'

/**
 * Webhook destinations of a user's alerts: Slack incoming webhooks and generic JSON
 * endpoints (signed). The URL and the signing secret are encrypted at rest (APP_KEY).
 */
export default class extends BaseSchema {
  async up() {
    this.schema.createTable('alert_webhooks', (table) => {
      table.increments('id').notNullable()
      table
        .integer('user_id')
        .unsigned()
        .notNullable()
        .references('id')
        .inTable('users')
        .onDelete('CASCADE')
      table.string('name', 100).notNullable()
      /* slack | json */
      table.string('format', 16).notNullable()
      table.text('url_encrypted').notNullable()
      /* scheme://host shown in lists (the full URL of a Slack webhook is a secret) */
      table.string('url_display', 300).notNullable()
      table.text('secret_encrypted').nullable()
      table.timestamp('created_at').notNullable()
      table.index(['user_id'])
    })
  }

  async down() {
    this.schema.dropTable('alert_webhooks')
  }
}
