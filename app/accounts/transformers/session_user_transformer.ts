import { BaseTransformer } from '@adonisjs/core/transformers'
import type User from '#accounts/models/user'
import type Subscription from '#accounts/models/subscription'
import type { Entitlement } from '#accounts/actions/resolve_entitlement'
import { findPlan, planFeatures } from '#accounts/plan_catalog'

/**
 * The signed-in user as `GET /api/auth/user` and the Inertia shared prop `user` carry it
 * (React reads it as `Data.Accounts.SessionUser`):
 * ```
 * { id, email, firstName, lastName, displayName, avatarUrl, role, createdAt, apiTokensCount,
 *   entitled, features, trialAvailable,
 *   subscription: { status, trialEnd, currentPeriodEnd, cancelAtPeriodEnd, pendingChange,
 *                   plan: { id, name, price, requestLimit } } }
 * ```
 * `price` in dollars, dates ISO 8601. `entitled` is true while a subscription grants the user a
 * paid plan (`Subscription.isEntitled`: active, trialing, past_due within Stripe's retry
 * window, an unexpired invitation grant); `features` are the plan features the server's gate
 * (`planHasFeature`) grants the plan in effect. The screens read both instead of rebuilding
 * the rules. `trialAvailable`: the user has not had the one free trial yet (`trialUsedAt` is
 * null), so a paid plan starts with it (StartStripeSubscription, ChangePlanManually); once
 * used, a paid plan is paid from the start. `apiTokensCount` comes from the keys module (accounts never reads keys): the web
 * module's `loadSessionUser(user)` assembles both.
 */
export default class SessionUserTransformer extends BaseTransformer<User> {
  constructor(
    user: User,
    protected entitlement: Entitlement,
    protected apiTokensCount: number
  ) {
    super(user)
  }

  toObject() {
    const user = this.resource
    const { plan, subscription } = this.entitlement
    return {
      id: user.id,
      email: user.email,
      firstName: user.firstName,
      lastName: user.lastName,
      displayName: user.displayName,
      avatarUrl: user.avatarUrl,
      role: user.role,
      createdAt: user.createdAt.toISO(),
      apiTokensCount: this.apiTokensCount,
      entitled: subscription?.isEntitled ?? false,
      features: [...planFeatures(plan.id)],
      trialAvailable: user.trialUsedAt === null,
      subscription: {
        status: this.entitlement.status,
        trialEnd: subscription?.trialEnd?.toISO() ?? null,
        currentPeriodEnd: subscription?.currentPeriodEnd?.toISO() ?? null,
        cancelAtPeriodEnd: subscription?.cancelAtPeriodEnd ?? false,
        pendingChange: pendingChangeOf(subscription),
        plan: {
          id: plan.id,
          name: plan.name,
          price: plan.priceCents / 100,
          requestLimit: this.entitlement.requestLimit,
        },
      },
    }
  }
}

/**
 * The plan change scheduled for the end of the period (a downgrade, or the move to Free), as
 * `{plan: {id, name}, at}` with `at` an ISO instant; null when none is scheduled.
 */
function pendingChangeOf(subscription: Subscription | null | undefined) {
  if (!subscription?.pendingPlanId || !subscription.pendingChangeAt) return null
  const plan = findPlan(subscription.pendingPlanId)
  return {
    plan: { id: subscription.pendingPlanId, name: plan?.name ?? subscription.pendingPlanId },
    at: subscription.pendingChangeAt.toISO(),
  }
}
