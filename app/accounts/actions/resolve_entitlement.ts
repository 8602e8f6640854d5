import db from '@adonisjs/lucid/services/db'
import Plan from '#accounts/models/plan'
import Subscription from '#accounts/models/subscription'
import { DEFAULT_REQUEST_LIMIT, type PlanId } from '#accounts/plan_catalog'
import { planInEffectOfRow } from '#accounts/entitlement_rule'

/** The plan a user is entitled to right now, with the subscription that grants it (if any). */
export interface Entitlement {
  plan: Plan
  /** `active` for Free (no row) and otherwise the subscription's Stripe-style status. */
  status: string
  subscription: Subscription | null
  /** Monthly request limit: the plan's, falling back to 10000 (spec §9). */
  requestLimit: number
}

/**
 * Resolves a user's current plan: the subscription's plan while it is entitled
 * (active, trialing, past_due within Stripe's retry window), otherwise Free.
 */
export async function entitlementOf(userId: number): Promise<Entitlement> {
  const subscription = await Subscription.query().where('user_id', userId).preload('plan').first()
  if (subscription && subscription.isEntitled && subscription.plan) {
    return {
      plan: subscription.plan,
      status: subscription.status,
      subscription,
      requestLimit: subscription.plan.requestLimit || DEFAULT_REQUEST_LIMIT,
    }
  }
  const free = await Plan.findOrFail('free')
  return {
    plan: free,
    status: 'active',
    subscription,
    requestLimit: free.requestLimit || DEFAULT_REQUEST_LIMIT,
  }
}

/**
 * The id of the plan a user is on right now: the same rule as {@link entitlementOf}
 * (`planInEffect` over the user's subscription row, Free without one), in one query and
 * without models. For gates that read only the plan's features (`planHasFeature`) on every
 * request, such as Advanced Analytics, where the subscription and plan models are not needed.
 */
export async function planIdOf(userId: number, now: Date = new Date()): Promise<PlanId> {
  const row = await db
    .from('subscriptions')
    .where('user_id', userId)
    .select('plan_id', 'status', 'provider', 'current_period_end')
    .first()
  return planInEffectOfRow(row, now.getTime())
}

/**
 * Whether the user's account is suspended (`users.suspended_at` set by an admin,
 * SetUserSuspension). Sessions and bearer keys check it where they authenticate; the work an
 * account does with neither (embed reads, scheduled rules) asks here. An unknown user reads
 * as not suspended (their rows are gone with them).
 */
export async function isSuspended(userId: number): Promise<boolean> {
  const row = await db.from('users').where('id', userId).select('suspended_at').first()
  return Boolean(row && row.suspended_at !== null)
}
