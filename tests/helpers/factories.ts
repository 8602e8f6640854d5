import { DateTime } from 'luxon'
import User, { type UserRole } from '#accounts/models/user'
import Subscription, { type SubscriptionStatus } from '#accounts/models/subscription'
import type { PlanId } from '#accounts/plan_catalog'
import { CreateApiKey } from '#keys/actions/create_api_key'

let sequence = 0

/** Creates a user with a unique email (override anything). */
export async function createUser(
  overrides: Partial<{
    email: string
    firstName: string
    lastName: string
    role: UserRole
    /** Set for a user whose one free trial is spent (a paid plan then charges at once). */
    trialUsedAt: DateTime
  }> = {}
) {
  sequence += 1
  return User.create({
    email: overrides.email ?? `user${Date.now()}_${sequence}@example.test`,
    firstName: overrides.firstName ?? 'Test',
    lastName: overrides.lastName ?? `User${sequence}`,
    role: overrides.role ?? 'user',
    trialUsedAt: overrides.trialUsedAt ?? null,
  })
}

/** Mints an API key for `user` through the real action; returns the full key. */
export async function createApiKey(
  user: User,
  name = 'test key',
  options: { label?: string | null; monthlyLimit?: number | null } = {}
) {
  const { key, record } = await new CreateApiKey().execute(user.id, name, options)
  return { key, record }
}

/** Puts `user` on `planId` with `status` (a manual subscription row). */
export async function setPlan(
  user: User,
  planId: PlanId,
  status: SubscriptionStatus = 'active',
  provider: Subscription['provider'] = 'manual'
) {
  await Subscription.updateOrCreate(
    { userId: user.id },
    {
      userId: user.id,
      planId,
      status,
      provider,
      currentPeriodStart: DateTime.utc(),
      currentPeriodEnd: DateTime.utc().plus({ months: 1 }),
    }
  )
}
