import { inject } from '@adonisjs/core'
import Plan from '#accounts/models/plan'
import Subscription from '#accounts/models/subscription'
import { AppError } from '#shared/errors'
import { BillingSettings } from '#billing/services/billing_settings'
import { StripeGateway } from '#billing/services/stripe_gateway'
import { SubscriptionSync, idOf } from '#billing/services/subscription_sync'

/**
 * POST /api/finalize-subscription: after Stripe.js confirmed the SetupIntent and sent the
 * browser back to /subscription?setup_complete=true. Makes the saved card the subscription's
 * default payment method (when Stripe has not already), syncs the row and answers
 * `{planName}`. Idempotent: calling it again answers the same.
 *
 * @throws AppError 404 `no_subscription` without a Stripe subscription
 * @throws AppError 409 `setup_incomplete` while the SetupIntent has not succeeded
 * @throws AppError 409 `subscription_not_active` when Stripe ended the subscription
 */
@inject()
export class FinalizeSubscription {
  constructor(
    private settings: BillingSettings,
    private gateway: StripeGateway,
    private sync: SubscriptionSync
  ) {}

  async execute(userId: number): Promise<{ planName: string }> {
    const local = await Subscription.findBy('user_id', userId)
    if (
      this.settings.mode !== 'stripe' ||
      !local ||
      local.provider !== 'stripe' ||
      !local.stripeSubscriptionId
    ) {
      throw new AppError('no_subscription', 'There is no subscription to finalize.', 404)
    }
    const stripe = this.gateway.client
    let subscription = await stripe.subscriptions.retrieve(local.stripeSubscriptionId, {
      expand: ['pending_setup_intent'],
    })
    const setupIntent = subscription.pending_setup_intent
    if (setupIntent && typeof setupIntent !== 'string') {
      if (setupIntent.status !== 'succeeded') {
        throw new AppError(
          'setup_incomplete',
          'The card has not been saved yet. Please try again.',
          409
        )
      }
      const paymentMethod = idOf(setupIntent.payment_method as string | { id: string } | null)
      if (paymentMethod && !subscription.default_payment_method) {
        subscription = await stripe.subscriptions.update(
          subscription.id,
          { default_payment_method: paymentMethod },
          { idempotencyKey: `adrelay-finalize-${subscription.id}-${paymentMethod}` }
        )
      }
    }
    if (!['trialing', 'active', 'past_due'].includes(subscription.status)) {
      await this.sync.apply(subscription, { userId })
      throw new AppError('subscription_not_active', 'This subscription is no longer active.', 409)
    }
    const row = await this.sync.apply(subscription, { userId })
    const plan = await Plan.findOrFail(row?.planId ?? local.planId)
    return { planName: plan.name }
  }
}
