import Plan from '#accounts/models/plan'
import Subscription from '#accounts/models/subscription'
import { DEFAULT_REQUEST_LIMIT } from '#accounts/plan_catalog'

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
