import { DateTime } from 'luxon'
import { inject } from '@adonisjs/core'
import Subscription from '#accounts/models/subscription'
import User from '#accounts/models/user'
import { entitlementOf } from '#accounts/actions/resolve_entitlement'
import type { PlanId } from '#accounts/plan_catalog'
import { AppError } from '#shared/errors'
import { BillingSettings } from '#billing/services/billing_settings'
import { StripeGateway } from '#billing/services/stripe_gateway'
import { stripePriceIdOf } from '#billing/services/plan_prices'
import {
  formatBillingDate,
  formatMoney,
  loadPlan,
  planSummary,
} from '#billing/services/billing_format'
import { fetchLiveSubscription, isStripeActive } from '#billing/services/stripe_subscription_state'
import { MANUAL_MODE_NOTE } from '#billing/actions/change_plan_manually'

/** The subscription preview of spec §3; `amountDue` in minor units of `currency`. */
export interface SubscriptionPreview {
  currentPlan: ReturnType<typeof planSummary>
  newPlan: ReturnType<typeof planSummary>
  changeType: 'upgrade' | 'downgrade'
  isUpgrade: boolean
  /** ISO 8601 instant the change takes effect (now for upgrades). */
  effectiveDate: string
  /**
   * True when the change applies as soon as it is confirmed (every upgrade, every change in
   * manual mode, a change without a running Stripe subscription); false when it waits for
   * `effectiveDate` (a Stripe downgrade at the period end). The screen then says "Immediately"
   * instead of a date, in agreement with `message`.
   */
  immediate: boolean
  proration: { description: string; amountDue: number; currency: string }
  message: string
}

/**
 * POST /api/preview-subscription-change {planId}: what changing to `planId` would do, before
 * the user confirms. For a running Stripe subscription an upgrade is priced by Stripe with
 * `invoices.createPreview` (the `POST /v1/invoices/create_preview` that replaced
 * `GET /v1/invoices/upcoming` in API 2025-03-31.basil) at a `proration_date` stored on the row,
 * which the confirm reuses so the charge equals the preview. Downgrades take effect at the
 * period end with nothing due now (no refund mid-period).
 *
 * @throws AppError 409 `already_on_plan` for the current plan; 403 `billing_disabled` when mode is off
 */
@inject()
export class PreviewSubscriptionChange {
  constructor(
    private settings: BillingSettings,
    private gateway: StripeGateway
  ) {}

  async execute(userId: number, planId: PlanId): Promise<SubscriptionPreview> {
    if (this.settings.mode === 'off') {
      throw new AppError('billing_disabled', 'Plan changes are turned off on this server.', 403)
    }
    const target = await loadPlan(planId)
    const entitlement = await entitlementOf(userId)
    const current = entitlement.plan
    if (current.id === target.id) {
      throw new AppError('already_on_plan', `You are already on the ${current.name} plan.`, 409)
    }
    const isUpgrade = target.priceCents > current.priceCents
    const base = {
      currentPlan: planSummary(current),
      newPlan: planSummary(target),
      changeType: isUpgrade ? ('upgrade' as const) : ('downgrade' as const),
      isUpgrade,
    }

    if (this.settings.mode === 'manual') {
      return {
        ...base,
        effectiveDate: DateTime.utc().toISO()!,
        immediate: true,
        proration: { description: MANUAL_MODE_NOTE, amountDue: 0, currency: target.currency },
        message: `You will move from ${current.name} to ${target.name} immediately.`,
      }
    }

    const local = await Subscription.findBy('user_id', userId)
    if (!isStripeActive(local)) {
      // No paid subscription running (Free, or an invitation or manual grant): the change
      // starts one, with the free trial while the user has not had it (StartStripeSubscription).
      const price = formatMoney(target.priceCents, target.currency)
      const user = await User.findOrFail(userId)
      const withTrial = target.id !== 'free' && user.trialUsedAt === null
      const trialEnd = DateTime.utc().plus({ days: this.settings.trialPeriodDays })
      const grant = local !== null && local.isEntitled
      let description: string
      if (target.id === 'free') description = `Your ${current.name} access ends now.`
      else if (withTrial) {
        description = `Your ${this.settings.trialPeriodDays}-day free trial of ${target.name} starts now: no charge until ${formatBillingDate(trialEnd)}, then ${price}/month.`
      } else if (grant) {
        description = `A new ${target.name} subscription at ${price}/month starts once you pay; your ${current.name} access goes on until then.`
      } else description = `A new ${target.name} subscription at ${price}/month starts now.`
      return {
        ...base,
        effectiveDate: DateTime.utc().toISO()!,
        immediate: true,
        proration: {
          description,
          amountDue: target.id === 'free' || withTrial ? 0 : target.priceCents,
          currency: target.currency,
        },
        message: `You will move from ${current.name} to ${target.name}.`,
      }
    }

    const live = await fetchLiveSubscription(this.gateway.client, local.stripeSubscriptionId)
    const periodEnd = DateTime.fromSeconds(live.periodEnd, { zone: 'utc' })
    const trialing = live.subscription.status === 'trialing'

    if (!isUpgrade) {
      return {
        ...base,
        effectiveDate: periodEnd.toISO()!,
        immediate: false,
        proration: {
          description:
            target.id === 'free'
              ? `No refund for the rest of this period. Your subscription ends on ${formatBillingDate(periodEnd)} and no further charges are made.`
              : `No refund for the rest of this period. From ${formatBillingDate(periodEnd)} you pay ${formatMoney(target.priceCents, target.currency)}/month.`,
          amountDue: 0,
          currency: target.currency,
        },
        message: `You keep ${current.name} until ${formatBillingDate(periodEnd)}, then move to ${target.name}.`,
      }
    }

    const prorationDate = Math.floor(Date.now() / 1000)
    const preview = await this.gateway.client.invoices.createPreview({
      customer:
        typeof live.subscription.customer === 'string'
          ? live.subscription.customer
          : live.subscription.customer.id,
      subscription: live.subscription.id,
      subscription_details: {
        items: [{ id: live.item.id, price: await stripePriceIdOf(target.id), quantity: 1 }],
        proration_date: prorationDate,
        proration_behavior: 'always_invoice',
      },
    })
    local.merge({ previewPlanId: target.id, previewProrationDate: prorationDate })
    await local.save()

    const amountDue = preview.amount_due
    const currency = preview.currency ?? target.currency
    const description = trialing
      ? `No charge during your free trial. From ${formatBillingDate(periodEnd)} you pay ${formatMoney(target.priceCents, currency)}/month.`
      : `You will be charged ${formatMoney(amountDue, currency)} now for the rest of this billing period (prorated), then ${formatMoney(target.priceCents, currency)}/month from ${formatBillingDate(periodEnd)}.`
    return {
      ...base,
      effectiveDate: DateTime.fromSeconds(prorationDate, { zone: 'utc' }).toISO()!,
      immediate: true,
      proration: { description, amountDue, currency },
      message: `Your plan changes from ${current.name} to ${target.name} immediately.`,
    }
  }
}
