import { BaseSchema } from '@adonisjs/lucid/schema'

/**
 * `subscriptions.pending_stripe_subscription_id`: a Stripe subscription a user started from an
 * invitation or manual grant that is still running, and that waits for its first payment
 * (`incomplete`). The grant stays in force until Stripe reports the new subscription entitled;
 * the page finds the payment to finish through this id (GET /api/subscription/client-secret),
 * and a new attempt or an account deletion cancels it at Stripe.
 */
export default class extends BaseSchema {
  protected tableName = 'subscriptions'

  async up() {
    this.schema.alterTable(this.tableName, (table) => {
      table.string('pending_stripe_subscription_id', 255).nullable()
    })
  }

  async down() {
    this.schema.alterTable(this.tableName, (table) => {
      table.dropColumn('pending_stripe_subscription_id')
    })
  }
}
