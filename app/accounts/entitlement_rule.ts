import type { PlanId } from '#accounts/plan_catalog'
import { fromDbTimestamp } from '#shared/db_time'

/**
 * The one entitlement rule: whether a subscription row grants its plan right now, and which
 * plan a user is therefore on. Pure (no database, no clock of its own), so every reader
 * applies the same rule to the same facts: `Subscription.isEntitled` (the model),
 * `entitlementOf` (screens, usage, billing), `planIdOf` (per-read feature gates: Advanced
 * Analytics, embed reads), the session user's `entitled`/`features`, and the API key
 * verifier's single joined query (keys), which feeds it the row it read.
 */

/**
 * Stripe subscription statuses in which the plan's quota and features apply: `active`,
 * `trialing`, and `past_due` (Stripe keeps retrying the payment and the customer keeps
 * access during the retry window, https://docs.stripe.com/billing/subscriptions/overview).
 * Every other status (`canceled`, `unpaid`, `incomplete`, `incomplete_expired`, `paused`)
 * falls back to Free.
 */
export const ENTITLED_STATUSES = ['active', 'trialing', 'past_due'] as const

/** The facts of a subscription row the rule reads; `null` fields mean "not set". */
export interface EntitlementFacts {
  /** Stripe-style status (`SubscriptionStatus`). */
  status: string
  /** `stripe`, `manual` or `invitation` (`SubscriptionProvider`). */
  provider: string
  /** End of the current period as epoch milliseconds, or null when open-ended. */
  currentPeriodEndMs: number | null
}

/**
 * Whether a subscription grants its plan at `nowMs` (epoch milliseconds): its status is one
 * of `ENTITLED_STATUSES` and, for an invitation grant or a manual-mode trial, its period has
 * not ended (they end at their period end without any outside event, unlike Stripe, whose
 * webhook moves the status). `null` (no subscription row) is never entitled.
 */
export function isEntitled(facts: EntitlementFacts | null, nowMs: number): boolean {
  if (!facts) return false
  if (!(ENTITLED_STATUSES as readonly string[]).includes(facts.status)) return false
  if (endsWithoutOutsideEvent(facts) && facts.currentPeriodEndMs !== null) {
    return facts.currentPeriodEndMs > nowMs
  }
  return true
}

/**
 * Grants that end at their period end with nobody to tell us: an invitation grant, and a
 * free trial started in manual billing mode (no Stripe to send `customer.subscription.updated`;
 * its period is the trial, see ChangePlanManually).
 */
function endsWithoutOutsideEvent(facts: EntitlementFacts): boolean {
  return (
    facts.provider === 'invitation' || (facts.provider === 'manual' && facts.status === 'trialing')
  )
}

/**
 * The plan a user is on at `nowMs`: the subscription's `planId` while `isEntitled`, otherwise
 * Free (no row, or a row that no longer grants its plan).
 */
export function planInEffect(
  subscription: (EntitlementFacts & { planId: PlanId }) | null,
  nowMs: number
): PlanId {
  return subscription && isEntitled(subscription, nowMs) ? subscription.planId : 'free'
}

/**
 * A subscription row's columns as a raw query returns them (`subscriptions.plan_id`,
 * `status`, `provider`, `current_period_end`); all null when a left join found no row.
 */
export interface SubscriptionColumns {
  plan_id: string | null
  status: string | null
  provider: string | null
  /** Either driver's timestamp (Date, epoch ms or `YYYY-MM-DD HH:mm:ss` UTC), or null. */
  current_period_end: Date | string | number | null
}

/**
 * {@link planInEffect} over a raw subscription row, for readers that query without models
 * (`planIdOf`, the API key verifier's joined query). `null`, `undefined` or a row without
 * `plan_id` (no subscription) is Free.
 */
export function planInEffectOfRow(
  row: SubscriptionColumns | null | undefined,
  nowMs: number
): PlanId {
  if (!row || row.plan_id === null) return 'free'
  return planInEffect(
    {
      planId: row.plan_id as PlanId,
      status: String(row.status),
      provider: String(row.provider),
      currentPeriodEndMs:
        row.current_period_end === null ? null : fromDbTimestamp(row.current_period_end).getTime(),
    },
    nowMs
  )
}
