import { randomUUID } from 'node:crypto'
import type Stripe from 'stripe'
import { DateTime } from 'luxon'
import { inject } from '@adonisjs/core'
import type User from '#accounts/models/user'
import Subscription from '#accounts/models/subscription'
import type Plan from '#accounts/models/plan'
import { StripeGateway, isStripeMissing } from '#billing/services/stripe_gateway'
import { StripeCustomers } from '#billing/services/stripe_customers'
import { SubscriptionSync } from '#billing/services/subscription_sync'
import { BillingSettings } from '#billing/services/billing_settings'
import { stripePriceIdOf } from '#billing/services/plan_prices'

export type StartResult =
  { clientSecret: string; intentType: 'setup' | 'payment' } | { message: string }

/** Expansions that carry the client secrets the page needs. */
export const SECRET_EXPANSIONS = ['pending_setup_intent', 'latest_invoice.confirmation_secret']

/**
 * Starts a Stripe subscription for a user who has none running.
 *
 * - First paid subscription: a 14-day trial (`trial_period_days`), no card required; the
 *   subscription's pending SetupIntent lets the page collect a card for after the trial
 *   (`{clientSecret, intentType: "setup"}`). Without a card at the trial end Stripe cancels it
 *   (`trial_settings.end_behavior.missing_payment_method = cancel`).
 * - Trial already used: `payment_behavior: default_incomplete`, so the first invoice's
 *   PaymentIntent is confirmed by the page (`{clientSecret, intentType: "payment"}`, from
 *   `latest_invoice.confirmation_secret`, API 2025-03-31.basil and later).
 * - From a running invitation or manual grant, a subscription that waits for its first payment
 *   does not replace the grant: it is kept as the row's `pendingStripeSubscriptionId` until
 *   Stripe reports it paid (a trial replaces the grant at once: it is entitled from the start).
 * See https://docs.stripe.com/billing/subscriptions/build-subscriptions and
 * https://docs.stripe.com/billing/subscriptions/trials.
 */
@inject()
export class StartStripeSubscription {
  constructor(
    private gateway: StripeGateway,
    private customers: StripeCustomers,
    private sync: SubscriptionSync,
    private settings: BillingSettings
  ) {}

  async execute(user: User, plan: Plan, local: Subscription | null): Promise<StartResult> {
    const stripe = this.gateway.client
    const price = await stripePriceIdOf(plan.id)
    const customer = await this.customers.ensure(user)

    // A dangling incomplete subscription from an abandoned attempt would bill twice: end it.
    const dangling =
      local?.provider === 'stripe' && local.status === 'incomplete'
        ? local.stripeSubscriptionId
        : (local?.pendingStripeSubscriptionId ?? null)
    if (dangling) {
      await stripe.subscriptions.cancel(dangling).catch((error) => {
        if (!isStripeMissing(error)) throw error
      })
    }
    // A running invitation or manual grant stays in force until the new subscription is paid.
    const keepsGrant = local !== null && local.provider !== 'stripe' && local.isEntitled

    const withTrial = user.trialUsedAt === null
    const params: Stripe.SubscriptionCreateParams = {
      customer,
      items: [{ price, quantity: 1 }],
      payment_behavior: 'default_incomplete',
      payment_settings: { save_default_payment_method: 'on_subscription' },
      metadata: { user_id: String(user.id), plan_id: plan.id },
      expand: SECRET_EXPANSIONS,
    }
    if (withTrial) {
      params.trial_period_days = this.settings.trialPeriodDays
      params.trial_settings = { end_behavior: { missing_payment_method: 'cancel' } }
    }
    const subscription = await stripe.subscriptions.create(params, {
      idempotencyKey: `adrelay-subscription-${user.id}-${randomUUID()}`,
    })

    if (
      keepsGrant &&
      !(Subscription.ENTITLED_STATUSES as readonly string[]).includes(subscription.status)
    ) {
      // Waiting for its first payment: the grant keeps the row; Stripe's event on payment
      // hands the row over (SubscriptionSync.apply), and the page finds the payment through
      // the pending id (GetPendingPayment).
      local!.pendingStripeSubscriptionId = subscription.id
      await local!.save()
    } else {
      await this.sync.apply(subscription, { userId: user.id, takeOver: true })
    }
    if (withTrial) {
      user.trialUsedAt = DateTime.utc()
      await user.save()
    }

    const setupIntent = subscription.pending_setup_intent
    if (setupIntent && typeof setupIntent !== 'string' && setupIntent.client_secret) {
      return { clientSecret: setupIntent.client_secret, intentType: 'setup' }
    }
    const invoice = subscription.latest_invoice
    if (subscription.status === 'incomplete' && invoice && typeof invoice !== 'string') {
      const secret = invoice.confirmation_secret?.client_secret
      if (secret) return { clientSecret: secret, intentType: 'payment' }
    }
    return { message: `Your ${plan.name} subscription is active.` }
  }
}
