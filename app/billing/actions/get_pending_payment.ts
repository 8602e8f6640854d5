import type Stripe from 'stripe'
import { inject } from '@adonisjs/core'
import Subscription from '#accounts/models/subscription'
import type { PlanId } from '#accounts/plan_catalog'
import { AppError } from '#shared/errors'
import { BillingSettings } from '#billing/services/billing_settings'
import { StripeGateway, isStripeMissing } from '#billing/services/stripe_gateway'
import { SubscriptionSync } from '#billing/services/subscription_sync'
import { SECRET_EXPANSIONS } from '#billing/actions/start_stripe_subscription'
import { planIdOfPrice } from '#billing/services/plan_prices'

export type PendingPayment = {
  clientSecret: string
  intentType: 'setup' | 'payment'
  planId: PlanId
}

const SETUP_OPEN = ['requires_payment_method', 'requires_confirmation', 'requires_action']

function nothingPending() {
  return new AppError(
    'no_pending_subscription',
    'There is no subscription waiting for payment details.',
    404
  )
}

/**
 * GET /api/subscription/client-secret: the client secret the payment form needs to finish a
 * subscription the user started (spec §4, "an incomplete subscription is looked up"):
 * - `incomplete` (first invoice unpaid): `{clientSecret, intentType: "payment", planId}`
 * - trialing with its pending SetupIntent still open: `{clientSecret, intentType: "setup", planId}`
 *
 * A dangling one (gone from Stripe, expired after Stripe's 23 h, or without a payment to
 * confirm) is canceled in Stripe, the local row follows, and the answer is 404 `orphan_cleaned`.
 * A subscription started from a running grant and waiting for payment is found through the
 * row's `pendingStripeSubscriptionId` (the grant keeps the row meanwhile).
 *
 * @throws AppError 404 `no_pending_subscription` | 404 `orphan_cleaned`
 */
@inject()
export class GetPendingPayment {
  constructor(
    private settings: BillingSettings,
    private gateway: StripeGateway,
    private sync: SubscriptionSync
  ) {}

  async execute(userId: number): Promise<PendingPayment> {
    if (this.settings.mode !== 'stripe') throw nothingPending()
    const local = await Subscription.findBy('user_id', userId)
    if (local && local.provider !== 'stripe' && local.pendingStripeSubscriptionId) {
      return this.#pendingBesideGrant(local, local.pendingStripeSubscriptionId)
    }
    if (!local || local.provider !== 'stripe' || !local.stripeSubscriptionId) throw nothingPending()
    if (!['incomplete', 'trialing'].includes(local.status)) throw nothingPending()

    const stripe = this.gateway.client
    let subscription: Stripe.Subscription
    try {
      subscription = await stripe.subscriptions.retrieve(local.stripeSubscriptionId, {
        expand: SECRET_EXPANSIONS,
      })
    } catch (error) {
      if (!isStripeMissing(error)) throw error
      local.merge({ status: 'canceled', pendingPlanId: null, pendingChangeAt: null })
      await local.save()
      await this.sync.planChanged(userId)
      throw this.#orphanCleaned()
    }

    if (subscription.status === 'incomplete') {
      const invoice = subscription.latest_invoice
      const secret =
        invoice && typeof invoice !== 'string' ? invoice.confirmation_secret?.client_secret : null
      if (secret) return { clientSecret: secret, intentType: 'payment', planId: local.planId }
      const canceled = await stripe.subscriptions.cancel(subscription.id)
      await this.sync.apply(canceled, { userId })
      throw this.#orphanCleaned()
    }
    if (subscription.status === 'incomplete_expired' || subscription.status === 'canceled') {
      await this.sync.apply(subscription, { userId })
      throw this.#orphanCleaned()
    }

    const setupIntent = subscription.pending_setup_intent
    await this.sync.apply(subscription, { userId })
    if (
      setupIntent &&
      typeof setupIntent !== 'string' &&
      setupIntent.client_secret &&
      SETUP_OPEN.includes(setupIntent.status)
    ) {
      return { clientSecret: setupIntent.client_secret, intentType: 'setup', planId: local.planId }
    }
    throw nothingPending()
  }

  /**
   * A subscription started from a running invitation or manual grant, waiting for its first
   * payment (`pendingStripeSubscriptionId`): its PaymentIntent while it is `incomplete`; once
   * paid it takes the row over (no payment left: 404 `no_pending_subscription`); gone, expired
   * or without a payment to confirm, it is canceled, the id cleared (the grant goes on) and
   * the answer is 404 `orphan_cleaned`.
   */
  async #pendingBesideGrant(local: Subscription, subscriptionId: string): Promise<PendingPayment> {
    const stripe = this.gateway.client
    const forget = async () => {
      local.pendingStripeSubscriptionId = null
      await local.save()
      return this.#orphanCleaned()
    }
    let subscription: Stripe.Subscription
    try {
      subscription = await stripe.subscriptions.retrieve(subscriptionId, {
        expand: SECRET_EXPANSIONS,
      })
    } catch (error) {
      if (!isStripeMissing(error)) throw error
      throw await forget()
    }
    if (subscription.status === 'incomplete') {
      const invoice = subscription.latest_invoice
      const secret =
        invoice && typeof invoice !== 'string' ? invoice.confirmation_secret?.client_secret : null
      const planId = await planIdOfPrice(subscription.items?.data?.[0]?.price)
      if (secret && planId) return { clientSecret: secret, intentType: 'payment', planId }
      await stripe.subscriptions.cancel(subscription.id).catch((error) => {
        if (!isStripeMissing(error)) throw error
      })
      throw await forget()
    }
    if ((Subscription.ENTITLED_STATUSES as readonly string[]).includes(subscription.status)) {
      await this.sync.apply(subscription, { userId: local.userId })
      throw nothingPending()
    }
    throw await forget()
  }

  #orphanCleaned() {
    return new AppError(
      'orphan_cleaned',
      'An unfinished subscription was cleaned up. Choose a plan to start again.',
      404
    )
  }
}
