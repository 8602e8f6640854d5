import { BaseSchema } from '@adonisjs/lucid/schema'

/** The user's Stripe customer (created lazily) and whether the one free trial was used. */
export default class extends BaseSchema {
  async up() {
    this.schema.alterTable('users', (table) => {
      table.string('stripe_customer_id', 255).nullable().unique()
      table.timestamp('trial_used_at').nullable()
    })
  }

  async down() {
    this.schema.alterTable('users', (table) => {
      table.dropUnique(['stripe_customer_id'])
      table.dropColumn('stripe_customer_id')
      table.dropColumn('trial_used_at')
    })
  }
}
