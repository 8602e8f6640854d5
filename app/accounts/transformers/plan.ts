import type Plan from '#accounts/models/plan'

/** Public shape of a plan (GET /api/plans): price in dollars, `priceCents` in cents. */
export function toPublicPlan(plan: Plan) {
  return {
    id: plan.id,
    name: plan.name,
    landingName: plan.landingName,
    price: plan.priceCents / 100,
    priceCents: plan.priceCents,
    currency: plan.currency,
    requestLimit: plan.requestLimit,
    features: plan.features,
    limitations: plan.limitations,
    popular: plan.popular,
  }
}
