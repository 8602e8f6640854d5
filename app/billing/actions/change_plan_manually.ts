import { DateTime } from 'luxon'
import { inject } from '@adonisjs/core'
import db from '@adonisjs/lucid/services/db'
import Subscription from '#accounts/models/subscription'
import User from '#accounts/models/user'
import type { PlanId } from '#accounts/plan_catalog'
import { entitlementOf } from '#accounts/actions/resolve_entitlement'
import { SubscriptionSync } from '#billing/services/subscription_sync'
import { BillingSettings } from '#billing/services/billing_settings'
import { formatBillingDate, loadPlan } from '#billing/services/billing_format'

export const MANUAL_MODE_NOTE =
  'Billing is in manual mode: plan changes apply immediately without payment.'

/** What a manual plan change answers: a change of a running plan, or a start (spec §4). */
export type ManualChangeResult =
  { changeType: 'upgrade' | 'downgrade'; message: string } | { message: string }

/**
 * BILLING_MODE=manual: puts a user on a plan at once, without payment (provider `manual`).
 *
 * - A user on Free choosing a paid plan starts its free trial, once per user like Stripe's
 *   (`trial_period_days`, 14): status `trialing`, `trialEnd` = `currentPeriodEnd` = now + the
 *   trial days, `users.trial_used_at` set. The trial ends on time without any job: the
 *   entitlement rule stops granting a manual trial at its `currentPeriodEnd`
 *   (app/accounts/entitlement_rule.ts). A user whose trial is spent goes straight to
 *   `active`. Answers `{message}` (the spec's 'Success' toast).
 * - A user with a plan moving to another (an upgrade or downgrade, Free included) changes at
 *   once; a running trial keeps its end date. Answers `{changeType, message}` (the spec's
 *   'Upgrade Successful!' / 'Downgrade Scheduled' toasts, reload after 2 s).
 * Free ends the row (status `canceled`), so the user falls back to Free.
 */
@inject()
export class ChangePlanManually {
  constructor(
    private sync: SubscriptionSync,
    private settings: BillingSettings
  ) {}

  async execute(userId: number, planId: PlanId): Promise<ManualChangeResult> {
    const plan = await loadPlan(planId)
    const { plan: current } = await entitlementOf(userId)
    const now = DateTime.utc()
    let trialEnd: DateTime | null = null

    await db.transaction(async (trx) => {
      const local = await Subscription.query({ client: trx })
        .where('user_id', userId)
        .forUpdate()
        .first()
      if (plan.id === 'free') {
        if (local) {
          local.merge({
            status: 'canceled',
            pendingPlanId: null,
            pendingChangeAt: null,
            cancelAtPeriodEnd: false,
          })
          await local.useTransaction(trx).save()
        }
        return
      }
      const runningTrial =
        local?.provider === 'manual' && local.status === 'trialing' && local.isEntitled
      const user = await User.query({ client: trx }).where('id', userId).forUpdate().firstOrFail()
      const startsTrial = current.id === 'free' && user.trialUsedAt === null
      if (startsTrial) {
        user.trialUsedAt = now
        await user.useTransaction(trx).save()
      }
      trialEnd = runningTrial
        ? local!.trialEnd
        : startsTrial
          ? now.plus({ days: this.settings.trialPeriodDays })
          : null
      const fields = {
        userId,
        planId: plan.id,
        status: trialEnd ? ('trialing' as const) : ('active' as const),
        provider: 'manual' as const,
        stripeSubscriptionId: null,
        stripeScheduleId: null,
        currentPeriodStart: runningTrial ? local!.currentPeriodStart : now,
        // Informational for `active` (one month); a trial's period is the trial.
        currentPeriodEnd: trialEnd ?? now.plus({ months: 1 }),
        trialEnd,
        cancelAtPeriodEnd: false,
        pendingPlanId: null,
        pendingChangeAt: null,
        previewPlanId: null,
        previewProrationDate: null,
        invitationCodeId: null,
      }
      if (local) await local.useTransaction(trx).merge(fields).save()
      else await Subscription.create(fields, { client: trx })
    })
    await this.sync.planChanged(userId)

    if (current.id === 'free') {
      const started: DateTime | null = trialEnd
      return {
        message: started
          ? `Your ${this.settings.trialPeriodDays}-day free trial of the ${plan.name} plan has started. It ends on ${formatBillingDate(started)}. ${MANUAL_MODE_NOTE}`
          : `You are now on the ${plan.name} plan. ${MANUAL_MODE_NOTE}`,
      }
    }
    return {
      changeType: plan.priceCents > current.priceCents ? 'upgrade' : 'downgrade',
      message: `You are now on the ${plan.name} plan. ${MANUAL_MODE_NOTE}`,
    }
  }
}
