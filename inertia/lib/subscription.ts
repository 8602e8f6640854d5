import type { SessionUser } from '~/lib/types'

/** Statuses that count as an active subscription on the screens. */
const ACTIVE_STATUSES = new Set(['active', 'trialing'])

/**
 * Whether the user has an active paid subscription, the test behind the PRO badges, the
 * 'Advanced Analytics Available' banner and the premium-gate modal (spec §2, §6).
 *
 * Decision: the spec says "active subscription"; we count `active` and `trialing` (a 14-day
 * trial is a subscription the user has started and is entitled to) and only on a paid plan:
 * Free users carry `status: 'active'` on the Free plan, but Free is exactly what the PRO
 * badges advertise an upgrade from, so it does not count. `past_due` and the rest do not count.
 */
export function hasActiveSubscription(user: SessionUser | null | undefined): boolean {
  const subscription = user?.subscription
  if (!subscription) return false
  if (!ACTIVE_STATUSES.has(subscription.status)) return false
  const planId = subscription.plan?.id?.toLowerCase()
  return Boolean(planId) && planId !== 'free'
}

/** The user's plan name, 'Free' when there is no subscription (spec: default Free). */
export function currentPlanName(user: SessionUser | null | undefined): string {
  return user?.subscription?.plan?.name || 'Free'
}

/** The sidebar's plan label: '<Plan> Plan', 'Free Plan' by default (spec Sidebar). */
export function planLabel(user: SessionUser | null | undefined): string {
  return `${currentPlanName(user)} Plan`
}

/** Name to show for a user: first and last name, or the email when there is none. */
export function displayName(user: SessionUser | null | undefined): string {
  const name = [user?.firstName, user?.lastName].filter(Boolean).join(' ').trim()
  return name || user?.email || ''
}
