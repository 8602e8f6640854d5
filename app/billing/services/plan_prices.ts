import type Stripe from 'stripe'
import Plan from '#accounts/models/plan'
import { findPlan, type PlanId } from '#accounts/plan_catalog'
import { AppError } from '#shared/errors'

/** Stripe price lookup key of a plan's monthly price (set by billing:sync). */
export function priceLookupKey(planId: PlanId): string {
  return `adrelay_${planId}_monthly`
}

/** Stripe product id of a plan (custom ids make billing:sync idempotent). */
export function productIdOf(planId: PlanId): string {
  return `adrelay_${planId}`
}

/**
 * The stored Stripe price id of a paid plan.
 * @throws AppError 503 `billing_not_synced` when billing:sync has not stored it yet
 */
export async function stripePriceIdOf(planId: PlanId): Promise<string> {
  const plan = await Plan.find(planId)
  if (!plan?.stripePriceId) {
    throw new AppError(
      'billing_not_synced',
      'Stripe prices are not set up yet. An operator must run `node ace billing:sync`.',
      503
    )
  }
  return plan.stripePriceId
}

/**
 * The plan a Stripe price belongs to: by the stored price id, then by lookup key, then by the
 * price's `metadata.plan_id`. `null` for a price Adrelay does not know.
 */
export async function planIdOfPrice(
  price: Stripe.Price | string | null | undefined
): Promise<PlanId | null> {
  if (!price) return null
  const priceId = typeof price === 'string' ? price : price.id
  const stored = await Plan.query().where('stripe_price_id', priceId).first()
  if (stored) return stored.id
  if (typeof price === 'string') return null
  const byKey = price.lookup_key?.match(/^adrelay_([a-z]+)_monthly$/)?.[1]
  if (byKey && findPlan(byKey)) return byKey as PlanId
  const byMetadata = price.metadata?.plan_id
  return byMetadata && findPlan(byMetadata) ? (byMetadata as PlanId) : null
}
