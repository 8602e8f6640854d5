/**
 * Plan rules of the plan modal (spec §2 Plan modal): which card is the user's current plan and
 * what each button says.
 */

/** Spec: "All plans include a 14-day free trial with no credit card required", as the subscription page words it. */
export const TRIAL_TEXT = 'All plans include a 14-day free trial. No credit card required.'

/**
 * Whether a plan card is the user's current plan: the plan ids are compared (the session
 * user's `subscription.plan.id`, which the server sets to `free` without a subscription).
 */
export function isCurrentPlan(planId: string, currentPlanId: string): boolean {
  return planId === currentPlanId
}

/** The plan modal's button label: 'Current Plan', 'Downgrade to Free' or 'Start 14-day free trial'. */
export function planModalButtonLabel(plan: { id: string }, currentPlanId: string) {
  if (isCurrentPlan(plan.id, currentPlanId)) return 'Current Plan'
  if (plan.id === 'free') return 'Downgrade to Free'
  return 'Start 14-day free trial'
}

/** "$29" for 29, "$0" for 0, "$9.50" for 9.5. */
export function formatPrice(dollars: number | string): string {
  const value = typeof dollars === 'string' ? Number.parseFloat(dollars) : dollars
  if (!Number.isFinite(value)) return `$${dollars}`
  return Number.isInteger(value) ? `$${value}` : `$${value.toFixed(2)}`
}
