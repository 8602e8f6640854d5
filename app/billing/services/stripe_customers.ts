import { inject } from '@adonisjs/core'
import db from '@adonisjs/lucid/services/db'
import type User from '#accounts/models/user'
import { StripeGateway } from '#billing/services/stripe_gateway'

/** One Stripe customer per user, created lazily. */
@inject()
export class StripeCustomers {
  constructor(private gateway: StripeGateway) {}

  /**
   * The user's Stripe customer id, creating the customer on first use. The create call carries
   * an Idempotency-Key per user, so concurrent first calls get the same customer (Stripe keeps
   * keys at least 24 h: https://docs.stripe.com/api/idempotent_requests).
   */
  async ensure(user: User): Promise<string> {
    if (user.stripeCustomerId) return user.stripeCustomerId
    const customer = await this.gateway.client.customers.create(
      {
        email: user.email,
        name: user.displayName,
        metadata: { user_id: String(user.id) },
      },
      { idempotencyKey: `adrelay-customer-user-${user.id}` }
    )
    await db
      .from('users')
      .where('id', user.id)
      .whereNull('stripe_customer_id')
      .update({ stripe_customer_id: customer.id })
    await user.refresh()
    return user.stripeCustomerId ?? customer.id
  }
}
