import type Stripe from 'stripe'
import type Subscription from '#accounts/models/subscription'
import { AppError } from '#shared/errors'

/** A running Stripe subscription and its one item (Adrelay subscriptions have one price). */
export interface LiveSubscription {
  subscription: Stripe.Subscription
  item: Stripe.SubscriptionItem
  /** Current period bounds of the item, Unix seconds. */
  periodStart: number
  periodEnd: number
}

/** True when the local row is a Stripe subscription that currently grants its plan. */
export function isStripeActive(
  local: Subscription | null
): local is Subscription & { stripeSubscriptionId: string } {
  return Boolean(
    local && local.provider === 'stripe' && local.stripeSubscriptionId && local.isEntitled
  )
}

/**
 * Fetches the subscription behind the local row from Stripe (the local row may lag behind).
 * @throws AppError 409 `subscription_not_active` when Stripe no longer has it running
 */
export async function fetchLiveSubscription(
  stripe: Stripe,
  stripeSubscriptionId: string
): Promise<LiveSubscription> {
  const subscription = await stripe.subscriptions.retrieve(stripeSubscriptionId)
  const item = subscription.items.data[0]
  if (!item || !['trialing', 'active', 'past_due'].includes(subscription.status)) {
    throw new AppError(
      'subscription_not_active',
      'Your subscription is not active any more. Reload the page.',
      409
    )
  }
  return {
    subscription,
    item,
    periodStart: item.current_period_start,
    periodEnd: item.current_period_end,
  }
}
