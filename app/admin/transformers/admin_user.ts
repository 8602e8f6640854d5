import type User from '#accounts/models/user'

/**
 * A user as the admin list shows it (spec §3 Admin users response, plus `suspendedAt`):
 * `{id, firstName, lastName, displayName, email, role, createdAt, suspendedAt, entitled,
 *   subscription: {plan: {id, name}, status, provider}}`.
 * `subscription` describes the user's subscription row: its plan and Stripe-style status
 * (`active`, `trialing`, `canceled`...); a user without a row is on Free with status `none`.
 * `entitled` is `Subscription.isEntitled` (the row grants its paid plan now): the table's
 * Active/Inactive column. Expects `subscription.plan` preloaded.
 */
export function toAdminUser(user: User) {
  const subscription = user.subscription
  return {
    id: user.id,
    firstName: user.firstName,
    lastName: user.lastName,
    displayName: user.displayName,
    email: user.email,
    role: user.role,
    createdAt: user.createdAt.toUTC().toISO(),
    suspendedAt: user.suspendedAt?.toUTC().toISO() ?? null,
    entitled: subscription?.isEntitled ?? false,
    subscription: {
      plan: { id: subscription?.plan?.id ?? 'free', name: subscription?.plan?.name ?? 'Free' },
      status: subscription?.status ?? 'none',
      provider: subscription?.provider ?? null,
    },
  }
}

export type AdminUser = ReturnType<typeof toAdminUser>
