import { BaseSchema } from '@adonisjs/lucid/schema'

/** Stripe event ids already processed: Stripe may deliver an event more than once. */
export default class extends BaseSchema {
  async up() {
    this.schema.createTable('stripe_webhook_events', (table) => {
      table.string('id', 255).primary()
      table.string('type', 128).notNullable()
      table.timestamp('created_at').notNullable()
    })
  }

  async down() {
    this.schema.dropTable('stripe_webhook_events')
  }
}
