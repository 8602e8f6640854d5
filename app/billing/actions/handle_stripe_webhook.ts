import type Stripe from 'stripe'
import { inject } from '@adonisjs/core'
import db from '@adonisjs/lucid/services/db'
import logger from '@adonisjs/core/services/logger'
import { toDbTimestamp } from '#shared/db_time'
import { StripeGateway, isStripeMissing } from '#billing/services/stripe_gateway'
import { SubscriptionSync, idOf } from '#billing/services/subscription_sync'

/** Event types that move a local subscription row. */
export const HANDLED_EVENT_TYPES = [
  'customer.subscription.created',
  'customer.subscription.updated',
  'customer.subscription.deleted',
  'customer.subscription.trial_will_end',
  'invoice.paid',
  'invoice.payment_failed',
] as const

export interface WebhookOutcome {
  received: true
  /** The event id was processed before (Stripe delivers at least once). */
  duplicate: boolean
  /** False for event types Adrelay does not act on. */
  handled: boolean
}

/**
 * POST /api/stripe/webhook. Verifies the signature on the raw body, processes each `event.id`
 * once (recorded in stripe_webhook_events; a failed run removes its record so Stripe's retry
 * runs again) and, because Stripe neither orders nor de-duplicates deliveries
 * (https://docs.stripe.com/webhooks#event-ordering), never trusts the event's copy of the
 * subscription: it re-fetches the subscription from Stripe and writes the current state.
 *
 * - subscription created/updated/deleted, trial_will_end: that subscription
 * - invoice.paid / invoice.payment_failed: the invoice's subscription (a failed payment makes it
 *   `past_due`, which keeps the plan through Stripe's retries; `canceled`/`unpaid` then means Free)
 *
 * @throws AppError 400 `invalid_signature`
 */
@inject()
export class HandleStripeWebhook {
  constructor(
    private gateway: StripeGateway,
    private sync: SubscriptionSync
  ) {}

  async execute(rawBody: string, signature: string | undefined): Promise<WebhookOutcome> {
    const event = this.gateway.verifyWebhook(rawBody, signature)
    const handled = (HANDLED_EVENT_TYPES as readonly string[]).includes(event.type)

    if (!(await this.#claim(event))) return { received: true, duplicate: true, handled }

    try {
      if (handled) await this.#process(event)
    } catch (error) {
      await db.from('stripe_webhook_events').where('id', event.id).delete()
      throw error
    }
    return { received: true, duplicate: false, handled }
  }

  /** Records the event id; false when it was recorded before (the primary key refuses it). */
  async #claim(event: Stripe.Event): Promise<boolean> {
    try {
      await db.table('stripe_webhook_events').insert({
        id: event.id,
        type: event.type,
        created_at: toDbTimestamp(new Date()),
      })
      return true
    } catch (error) {
      const seen = await db.from('stripe_webhook_events').where('id', event.id).first()
      if (seen) return false
      throw error
    }
  }

  async #process(event: Stripe.Event) {
    const subscriptionId = subscriptionIdOf(event)
    if (!subscriptionId) return
    let subscription: Stripe.Subscription
    try {
      subscription = await this.gateway.client.subscriptions.retrieve(subscriptionId)
    } catch (error) {
      if (!isStripeMissing(error) || !event.type.startsWith('customer.subscription.')) throw error
      // Gone from Stripe: the event's own copy is the last word.
      subscription = event.data.object as Stripe.Subscription
    }
    const row = await this.sync.apply(subscription)
    logger.info(
      {
        eventId: event.id,
        type: event.type,
        subscriptionId,
        applied: Boolean(row),
        status: subscription.status,
      },
      'stripe webhook processed'
    )
  }
}

/** The subscription an event is about (subscription events, and invoices of subscriptions). */
export function subscriptionIdOf(event: Stripe.Event): string | null {
  if (event.type.startsWith('customer.subscription.')) {
    return (event.data.object as Stripe.Subscription).id
  }
  if (event.type.startsWith('invoice.')) {
    const invoice = event.data.object as Stripe.Invoice & {
      subscription?: string | { id: string } | null
    }
    return (
      idOf(
        invoice.parent?.subscription_details?.subscription as
          string | { id: string } | null | undefined
      ) ??
      // Payloads rendered in API versions before 2025-03-31.basil
      idOf(invoice.subscription ?? null)
    )
  }
  return null
}
