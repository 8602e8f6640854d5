import { randomUUID } from 'node:crypto'
import type Stripe from 'stripe'
import { DateTime } from 'luxon'
import { inject } from '@adonisjs/core'
import type Plan from '#accounts/models/plan'
import Subscription from '#accounts/models/subscription'
import { StripeGateway } from '#billing/services/stripe_gateway'
import { SubscriptionSync, idOf } from '#billing/services/subscription_sync'
import { BillingSettings } from '#billing/services/billing_settings'
import { stripePriceIdOf } from '#billing/services/plan_prices'
import { formatBillingDate } from '#billing/services/billing_format'
import { fetchLiveSubscription } from '#billing/services/stripe_subscription_state'

export interface PlanChangeResult {
  changeType: 'upgrade' | 'downgrade'
  message: string
}

/**
 * Changes the plan of a running Stripe subscription (the user confirmed the preview).
 *
 * - Upgrade (higher price): immediate. The item's price is swapped with
 *   `proration_behavior: always_invoice`, so the prorated difference is invoiced and charged at
 *   once, with the `proration_date` of the user's preview (≤ 1 h old) so the charge equals what
 *   was shown (https://docs.stripe.com/billing/subscriptions/prorations#preview-proration).
 *   `payment_behavior: error_if_incomplete`: a declined card leaves the plan unchanged (402).
 *   Any scheduled downgrade is released first.
 * - Downgrade to a cheaper paid plan: at the period end, through a subscription schedule whose
 *   second phase carries the new price (`proration_behavior: none`, so no refund mid-period);
 *   the webhook applies it locally when Stripe switches phases.
 * - Free: `cancel_at_period_end`; the plan stays until the period ends.
 */
@inject()
export class ChangeStripePlan {
  constructor(
    private gateway: StripeGateway,
    private sync: SubscriptionSync,
    private settings: BillingSettings
  ) {}

  async execute(
    local: Subscription & { stripeSubscriptionId: string },
    current: Plan,
    target: Plan
  ): Promise<PlanChangeResult> {
    const stripe = this.gateway.client
    const live = await fetchLiveSubscription(stripe, local.stripeSubscriptionId)

    if (target.id === 'free') {
      await this.#releaseSchedule(live.subscription)
      const updated = await stripe.subscriptions.update(
        live.subscription.id,
        { cancel_at_period_end: true },
        { idempotencyKey: `adrelay-cancel-${live.subscription.id}-${randomUUID()}` }
      )
      await this.sync.apply(updated, { userId: local.userId })
      return {
        changeType: 'downgrade',
        message: `Your ${current.name} plan stays active until ${formatBillingDate(
          DateTime.fromSeconds(live.periodEnd, { zone: 'utc' })
        )}; then you move to the Free plan.`,
      }
    }

    const targetPrice = await stripePriceIdOf(target.id)
    if (target.priceCents > current.priceCents) {
      await this.#releaseSchedule(live.subscription)
      const prorationDate = this.#prorationDate(local, target, live.periodStart)
      const updated = await stripe.subscriptions.update(
        live.subscription.id,
        {
          items: [{ id: live.item.id, price: targetPrice, quantity: 1 }],
          proration_behavior: 'always_invoice',
          proration_date: prorationDate,
          payment_behavior: 'error_if_incomplete',
          cancel_at_period_end: false,
          metadata: { user_id: String(local.userId), plan_id: target.id },
        },
        { idempotencyKey: `adrelay-upgrade-${live.subscription.id}-${target.id}-${prorationDate}` }
      )
      await this.sync.apply(updated, { userId: local.userId })
      await Subscription.query()
        .where('user_id', local.userId)
        .update({ preview_plan_id: null, preview_proration_date: null })
      return { changeType: 'upgrade', message: `You are now on the ${target.name} plan.` }
    }

    // Downgrade to a cheaper paid plan at the end of the current period.
    let subscription = live.subscription
    if (subscription.cancel_at_period_end) {
      subscription = await stripe.subscriptions.update(subscription.id, {
        cancel_at_period_end: false,
      })
    }
    const scheduleId = idOf(subscription.schedule)
    const schedule = scheduleId
      ? await stripe.subscriptionSchedules.retrieve(scheduleId)
      : await stripe.subscriptionSchedules.create(
          { from_subscription: subscription.id },
          { idempotencyKey: `adrelay-schedule-${subscription.id}-${randomUUID()}` }
        )
    const phaseStart = schedule.current_phase?.start_date ?? live.periodStart
    const phaseEnd = schedule.current_phase?.end_date ?? live.periodEnd
    const currentPrice = idOf(live.item.price)!
    const firstPhase: Stripe.SubscriptionScheduleUpdateParams.Phase = {
      items: [{ price: currentPrice, quantity: live.item.quantity ?? 1 }],
      start_date: phaseStart,
      end_date: phaseEnd,
    }
    if (subscription.status === 'trialing' && subscription.trial_end)
      firstPhase.trial_end = subscription.trial_end
    const updatedSchedule = await stripe.subscriptionSchedules.update(schedule.id, {
      end_behavior: 'release',
      proration_behavior: 'none',
      phases: [
        firstPhase,
        {
          items: [{ price: targetPrice, quantity: 1 }],
          duration: { interval: 'month', interval_count: 1 },
          metadata: { plan_id: target.id },
        },
      ],
    })
    const refreshed = await stripe.subscriptions.retrieve(subscription.id)
    const row = await this.sync.apply(refreshed, { userId: local.userId })
    const changeAt = DateTime.fromSeconds(phaseEnd, { zone: 'utc' })
    if (row) {
      row.merge({
        pendingPlanId: target.id,
        pendingChangeAt: changeAt,
        stripeScheduleId: updatedSchedule.id,
      })
      await row.save()
    }
    return {
      changeType: 'downgrade',
      message: `Your plan changes to ${target.name} on ${formatBillingDate(changeAt)}. You keep ${current.name} until then; there is no refund for the current period.`,
    }
  }

  /** The preview's proration date when it is for this plan, recent and inside the period; else now. */
  #prorationDate(local: Subscription, target: Plan, periodStart: number): number {
    const now = Math.floor(Date.now() / 1000)
    const previewed = local.previewProrationDate
    if (
      local.previewPlanId === target.id &&
      previewed !== null &&
      previewed >= periodStart &&
      previewed <= now &&
      now - previewed <= this.settings.previewValiditySeconds
    ) {
      return previewed
    }
    return now
  }

  async #releaseSchedule(subscription: Stripe.Subscription) {
    const scheduleId = idOf(subscription.schedule)
    if (!scheduleId) return
    await this.gateway.client.subscriptionSchedules.release(scheduleId)
  }
}
