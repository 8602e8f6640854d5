import { randomUUID } from 'node:crypto'
import { DateTime } from 'luxon'
import { inject } from '@adonisjs/core'
import Subscription from '#accounts/models/subscription'
import { AppError } from '#shared/errors'
import { BillingSettings } from '#billing/services/billing_settings'
import { StripeGateway } from '#billing/services/stripe_gateway'
import { SubscriptionSync, idOf } from '#billing/services/subscription_sync'
import { formatBillingDate, loadPlan } from '#billing/services/billing_format'
import { fetchLiveSubscription, isStripeActive } from '#billing/services/stripe_subscription_state'

/**
 * POST /api/subscription/keep-plan: cancels the plan change scheduled for the end of the
 * period (a downgrade to a cheaper paid plan, or the move to Free), so the current plan
 * simply renews. Nothing is charged: the period already paid for continues.
 *
 * Stripe: the subscription schedule carrying the downgrade is released (the subscription
 * keeps its current price; https://docs.stripe.com/api/subscription_schedules/release), and
 * `cancel_at_period_end` is set back to false
 * (https://docs.stripe.com/billing/subscriptions/cancel#reactivating-canceled-subscriptions).
 *
 * @returns `{message}` naming the plan kept and its renewal date
 * @throws AppError 403 `billing_disabled` (mode off), 409 `no_scheduled_change` when no change
 *   is scheduled, 409 `subscription_not_active` when Stripe no longer runs the subscription,
 *   and Stripe failures mapped by toBillingError
 */
@inject()
export class KeepCurrentPlan {
  constructor(
    private settings: BillingSettings,
    private gateway: StripeGateway,
    private sync: SubscriptionSync
  ) {}

  async execute(userId: number): Promise<{ message: string }> {
    if (this.settings.mode === 'off') {
      throw new AppError('billing_disabled', 'Plan changes are turned off on this server.', 403)
    }
    const local = await Subscription.findBy('user_id', userId)
    // SubscriptionSync records a move to Free (cancel_at_period_end) as pending plan `free` too.
    if (!isStripeActive(local) || !local.pendingPlanId) {
      throw new AppError('no_scheduled_change', 'No plan change is scheduled.', 409)
    }

    const stripe = this.gateway.client
    const live = await fetchLiveSubscription(stripe, local.stripeSubscriptionId)
    const scheduleId = idOf(live.subscription.schedule)
    if (scheduleId) await stripe.subscriptionSchedules.release(scheduleId)
    const subscription = live.subscription.cancel_at_period_end
      ? await stripe.subscriptions.update(
          live.subscription.id,
          { cancel_at_period_end: false },
          { idempotencyKey: `adrelay-keep-${live.subscription.id}-${randomUUID()}` }
        )
      : await stripe.subscriptions.retrieve(live.subscription.id)

    // With no schedule and no cancellation left, the sync clears the pending change.
    const row = (await this.sync.apply(subscription, { userId })) ?? local
    const plan = await loadPlan(row.planId)
    const renewsAt = DateTime.fromSeconds(live.periodEnd, { zone: 'utc' })
    return {
      message: `You keep the ${plan.name} plan. It renews on ${formatBillingDate(renewsAt)}.`,
    }
  }
}
