import { DateTime } from 'luxon'
import { inject } from '@adonisjs/core'
import Subscription from '#accounts/models/subscription'
import type { PlanId } from '#accounts/plan_catalog'
import { SubscriptionSync } from '#billing/services/subscription_sync'
import { loadPlan } from '#billing/services/billing_format'

export const MANUAL_MODE_NOTE =
  'Billing is in manual mode: plan changes apply immediately without payment.'

/**
 * BILLING_MODE=manual: puts a user on a plan at once, without payment (provider `manual`,
 * status `active`, a one-month period that is informational only). Free ends the row
 * (status `canceled`), so the user falls back to Free. Returns `{message}`.
 */
@inject()
export class ChangePlanManually {
  constructor(private sync: SubscriptionSync) {}

  async execute(userId: number, planId: PlanId): Promise<{ message: string }> {
    const plan = await loadPlan(planId)
    const now = DateTime.utc()
    const local = await Subscription.findBy('user_id', userId)
    if (plan.id === 'free') {
      if (local) {
        local.merge({
          status: 'canceled',
          pendingPlanId: null,
          pendingChangeAt: null,
          cancelAtPeriodEnd: false,
        })
        await local.save()
      }
    } else {
      await Subscription.updateOrCreate(
        { userId },
        {
          userId,
          planId: plan.id,
          status: 'active',
          provider: 'manual',
          stripeSubscriptionId: null,
          stripeScheduleId: null,
          currentPeriodStart: now,
          currentPeriodEnd: now.plus({ months: 1 }),
          trialEnd: null,
          cancelAtPeriodEnd: false,
          pendingPlanId: null,
          pendingChangeAt: null,
          previewPlanId: null,
          previewProrationDate: null,
          invitationCodeId: null,
        }
      )
    }
    await this.sync.planChanged(userId)
    return { message: `You are now on the ${plan.name} plan. ${MANUAL_MODE_NOTE}` }
  }
}
