import { inject } from '@adonisjs/core'
import type User from '#accounts/models/user'
import Subscription from '#accounts/models/subscription'
import { entitlementOf } from '#accounts/actions/resolve_entitlement'
import type { PlanId } from '#accounts/plan_catalog'
import { AppError } from '#shared/errors'
import { BillingSettings } from '#billing/services/billing_settings'
import { SubscriptionSync } from '#billing/services/subscription_sync'
import { loadPlan } from '#billing/services/billing_format'
import { isStripeActive } from '#billing/services/stripe_subscription_state'
import { ChangePlanManually } from '#billing/actions/change_plan_manually'
import { RedeemInvitationCode } from '#billing/actions/redeem_invitation_code'
import { StartStripeSubscription } from '#billing/actions/start_stripe_subscription'
import { ChangeStripePlan } from '#billing/actions/change_stripe_plan'

/** The create-subscription response of spec §3 (one of three shapes). */
export type CreateSubscriptionResult =
  | { changeType: 'upgrade' | 'downgrade'; message: string }
  | { clientSecret: string; intentType: 'setup' | 'payment' }
  | { message: string }

/**
 * POST /api/create-subscription {planId, invitationCode?}: puts the user on `planId`.
 *
 * - With an invitation code: redeems it (no payment), in every billing mode.
 * - BILLING_MODE=manual: the change applies at once (`{message}`).
 * - BILLING_MODE=stripe, a paid subscription running: a confirmed change (`{changeType, message}`,
 *   see ChangeStripePlan); otherwise a new subscription (`{clientSecret, intentType}`, see
 *   StartStripeSubscription). Free without a running subscription ends an invitation grant.
 *
 * @throws AppError 403 `billing_disabled` (mode off), 409 `already_on_plan`, 422 `unknown_plan`,
 *   the invitation errors of RedeemInvitationCode, and Stripe failures mapped by toBillingError
 */
@inject()
export class CreateSubscription {
  constructor(
    private settings: BillingSettings,
    private sync: SubscriptionSync,
    private manual: ChangePlanManually,
    private redeem: RedeemInvitationCode,
    private start: StartStripeSubscription,
    private change: ChangeStripePlan
  ) {}

  async execute(
    user: User,
    planId: PlanId,
    invitationCode?: string | null
  ): Promise<CreateSubscriptionResult> {
    const target = await loadPlan(planId)
    if (invitationCode && invitationCode.trim()) {
      return this.redeem.execute(user.id, invitationCode, target.id)
    }
    if (this.settings.mode === 'off') {
      throw new AppError('billing_disabled', 'Plan changes are turned off on this server.', 403)
    }

    const entitlement = await entitlementOf(user.id)
    const local = await Subscription.findBy('user_id', user.id)
    if (entitlement.plan.id === target.id) {
      throw new AppError('already_on_plan', `You are already on the ${target.name} plan.`, 409)
    }
    if (this.settings.mode === 'manual') return this.manual.execute(user.id, target.id)

    if (isStripeActive(local)) return this.change.execute(local, entitlement.plan, target)

    if (target.id === 'free') {
      // An invitation or manual grant ends now; there is nothing to bill.
      if (local && local.isEntitled) {
        local.merge({ status: 'canceled', pendingPlanId: null, pendingChangeAt: null })
        await local.save()
        await this.sync.planChanged(user.id)
      }
      return { message: 'You are now on the Free plan.' }
    }
    return this.start.execute(user, target, local)
  }
}
