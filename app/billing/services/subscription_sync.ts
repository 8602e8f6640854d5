import type Stripe from 'stripe'
import { DateTime } from 'luxon'
import { inject } from '@adonisjs/core'
import User from '#accounts/models/user'
import Subscription, { type SubscriptionStatus } from '#accounts/models/subscription'
import emitter from '@adonisjs/core/services/emitter'
import type {} from '#billing/events'
import { planIdOfPrice } from '#billing/services/plan_prices'

const ENTITLED: readonly string[] = Subscription.ENTITLED_STATUSES

function fromUnix(seconds: number | null | undefined): DateTime | null {
  return seconds ? DateTime.fromSeconds(seconds, { zone: 'utc' }) : null
}

/** The id of an expandable Stripe field (string id or expanded object). */
export function idOf(value: string | { id: string } | null | undefined): string | null {
  if (!value) return null
  return typeof value === 'string' ? value : value.id
}

/**
 * Keeps the local subscription row in step with Stripe, and announces plan changes
 * (`subscription:changed`) so the metered API sees them at once on this instance (the keys
 * module drops its cached key outcomes).
 */
@inject()
export class SubscriptionSync {
  /** Announces a change of the user's subscription row (call after any plan change). */
  async planChanged(userId: number) {
    await emitter.emit('subscription:changed', { userId })
  }

  /**
   * Writes a Stripe subscription (as just returned or re-fetched from Stripe) onto the user's
   * row: status, plan (from the price), period (from the first item, as Stripe reports it since
   * 2025-03-31.basil), trial end, cancel-at-period-end, schedule, and the pending change.
   *
   * Stale objects are ignored: a subscription other than the one the row points at only takes
   * over when it is entitled (trialing/active/past_due) and the row is not entitled through a
   * newer one, so a late event about an old, ended subscription never undoes a newer plan.
   *
   * One exception: the row's `pendingStripeSubscriptionId` (a subscription started from a
   * running invitation or manual grant) takes the row over once it is entitled (paid), and
   * clears that id when it ends unpaid, leaving the grant as it was.
   *
   * `takeOver` (a subscription the user just created here) skips that check.
   *
   * @returns the row, or null when the customer is not an Adrelay user or the object is stale
   */
  async apply(
    subscription: Stripe.Subscription,
    options: { userId?: number; takeOver?: boolean } = {}
  ): Promise<Subscription | null> {
    const owner = options.userId ?? (await this.#ownerOf(subscription))
    if (!owner) return null

    const local = await Subscription.findBy('user_id', owner)
    if (local && local.stripeSubscriptionId !== subscription.id && !options.takeOver) {
      const incomingEntitled = ENTITLED.includes(subscription.status)
      // Started from a running grant, waiting for its first payment (StartStripeSubscription).
      const pendingHere = local.pendingStripeSubscriptionId === subscription.id
      if (!incomingEntitled) {
        if (pendingHere && subscription.status !== 'incomplete') {
          // Expired or canceled before it was paid: the grant simply goes on.
          local.pendingStripeSubscriptionId = null
          await local.save()
        }
        return null
      }
      if (local.isEntitled && !pendingHere) return null
    }

    const item = subscription.items?.data?.[0]
    const planId = (await planIdOfPrice(item?.price)) ?? local?.planId ?? null
    if (!planId) return null

    const cancelAt = subscription.cancel_at ?? null
    const cancelling = subscription.cancel_at_period_end || cancelAt !== null
    const periodEnd = fromUnix(item?.current_period_end)
    const scheduleId = idOf(subscription.schedule)

    let pendingPlanId = local?.stripeSubscriptionId === subscription.id ? local.pendingPlanId : null
    let pendingChangeAt =
      local?.stripeSubscriptionId === subscription.id ? local.pendingChangeAt : null
    if (cancelling && ENTITLED.includes(subscription.status)) {
      pendingPlanId = 'free'
      pendingChangeAt = fromUnix(cancelAt) ?? periodEnd
    } else if (!scheduleId || pendingPlanId === planId || pendingPlanId === 'free') {
      pendingPlanId = null
      pendingChangeAt = null
    }

    const values = {
      userId: owner,
      planId,
      status: subscription.status as SubscriptionStatus,
      provider: 'stripe' as const,
      stripeCustomerId: idOf(subscription.customer as string | { id: string }),
      stripeSubscriptionId: subscription.id,
      currentPeriodStart: fromUnix(item?.current_period_start),
      currentPeriodEnd: periodEnd,
      trialEnd: fromUnix(subscription.trial_end),
      cancelAtPeriodEnd: cancelling,
      stripeScheduleId: scheduleId,
      pendingPlanId: ENTITLED.includes(subscription.status) ? pendingPlanId : null,
      pendingChangeAt: ENTITLED.includes(subscription.status) ? pendingChangeAt : null,
      invitationCodeId: null,
      pendingStripeSubscriptionId: null,
    }
    let row: Subscription
    if (local) {
      local.merge(values)
      await local.save()
      row = local
    } else {
      row = await Subscription.create(values)
    }
    await this.planChanged(owner)
    return row
  }

  async #ownerOf(subscription: Stripe.Subscription): Promise<number | null> {
    const customerId = idOf(subscription.customer as string | { id: string })
    if (customerId) {
      const user = await User.findBy('stripe_customer_id', customerId)
      if (user) return user.id
    }
    const fromMetadata = Number(subscription.metadata?.user_id)
    if (Number.isInteger(fromMetadata) && fromMetadata > 0) {
      const user = await User.find(fromMetadata)
      if (user) return user.id
    }
    return null
  }
}
