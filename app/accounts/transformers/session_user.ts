import type User from '#accounts/models/user'
import ApiToken from '#keys/models/api_token'
import type Subscription from '#accounts/models/subscription'
import { entitlementOf } from '#accounts/services/entitlements'
import { findPlan } from '#accounts/plan_catalog'

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

/**
 * The signed-in user as `GET /api/auth/user` and the Inertia shared props carry it:
 * `{id, email, firstName, lastName, role, createdAt, apiTokensCount,
 *   subscription: {status, trialEnd, currentPeriodEnd, cancelAtPeriodEnd, pendingChange,
 *   plan: {id, name, price, requestLimit}}}`; price in dollars, dates ISO 8601.
 */
export async function toSessionUser(user: User) {
  const [entitlement, tokenCount] = await Promise.all([
    entitlementOf(user.id),
    ApiToken.query().where('user_id', user.id).whereNull('revoked_at').count('* as total').first(),
  ])
  return {
    id: user.id,
    email: user.email,
    firstName: user.firstName,
    lastName: user.lastName,
    avatarUrl: user.avatarUrl,
    role: user.role,
    createdAt: user.createdAt.toISO(),
    apiTokensCount: Number(tokenCount?.$extras.total ?? 0),
    subscription: {
      status: entitlement.status,
      trialEnd: entitlement.subscription?.trialEnd?.toISO() ?? null,
      currentPeriodEnd: entitlement.subscription?.currentPeriodEnd?.toISO() ?? null,
      cancelAtPeriodEnd: entitlement.subscription?.cancelAtPeriodEnd ?? false,
      pendingChange: pendingChangeOf(entitlement.subscription),
      plan: {
        id: entitlement.plan.id,
        name: entitlement.plan.name,
        price: entitlement.plan.priceCents / 100,
        requestLimit: entitlement.requestLimit,
      },
    },
  }
}

export type SessionUser = Awaited<ReturnType<typeof toSessionUser>>
