import { DateTime } from 'luxon'
import Plan from '#accounts/models/plan'
import { findPlan, type PlanId } from '#accounts/plan_catalog'
import { AppError } from '#shared/errors'

/** "March 5, 2026" (UTC): dates in billing messages. */
export function formatBillingDate(date: DateTime | null | undefined): string {
  return (date ?? DateTime.utc()).toUTC().toFormat('LLLL d, yyyy')
}

/** "$12.34" from minor units (USD only today, as the catalogue). */
export function formatMoney(amountCents: number, currency = 'usd'): string {
  const sign = amountCents < 0 ? '-' : ''
  const value = (Math.abs(amountCents) / 100).toFixed(2)
  return currency.toLowerCase() === 'usd'
    ? `${sign}$${value}`
    : `${sign}${value} ${currency.toUpperCase()}`
}

/** Plan as billing responses carry it: `{id, name, price (dollars), priceCents, currency}`. */
export function planSummary(plan: Plan) {
  return {
    id: plan.id,
    name: plan.name,
    price: plan.priceCents / 100,
    priceCents: plan.priceCents,
    currency: plan.currency,
  }
}

/**
 * Loads a plan row by id.
 * @throws AppError 422 `unknown_plan` for an id outside the catalogue
 */
export async function loadPlan(planId: string): Promise<Plan> {
  const plan = findPlan(planId) ? await Plan.find(planId as PlanId) : null
  if (!plan)
    throw new AppError('unknown_plan', `There is no plan "${planId}".`, 422, { field: 'planId' })
  return plan
}
