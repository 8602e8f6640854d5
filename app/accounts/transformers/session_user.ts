import type User from '#accounts/models/user'
import ApiToken from '#keys/models/api_token'
import { entitlementOf } from '#accounts/services/entitlements'

/**
 * The signed-in user as `GET /api/auth/user` and the Inertia shared props carry it:
 * `{id, email, firstName, lastName, role, createdAt, apiTokensCount,
 *   subscription: {status, plan: {id, name, price, requestLimit}}}`; price in dollars.
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
