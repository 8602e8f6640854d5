/**
 * Pure rules and shapes of the Subscription page (spec §2 Subscription, §3, §4).
 */
import { isCurrentPlan } from '~/lib/plans'

export type BillingMode = 'stripe' | 'manual' | 'off'

/** Delays before the page reloads after an outcome, in ms (spec §9). */
export const RELOAD_AFTER_SUCCESS_MS = 1000
export const RELOAD_AFTER_CHANGE_MS = 2000

export const FOOTER_TEXT = 'All plans include a 14-day free trial. No credit card required.'
export const MANUAL_MODE_TEXT =
  'Billing is in manual mode: plan changes apply immediately without payment.'

/** POST /api/preview-subscription-change answer; `amountDue` in minor units. */
export interface SubscriptionPreview {
  currentPlan: { id: string; name: string; price: number }
  newPlan: { id: string; name: string; price: number }
  changeType: 'upgrade' | 'downgrade'
  isUpgrade: boolean
  effectiveDate: string
  proration: { description: string; amountDue: number; currency: string }
  message: string
}

/** POST /api/create-subscription answer (one of three shapes). */
export interface CreateSubscriptionResponse {
  changeType?: 'upgrade' | 'downgrade'
  message?: string
  clientSecret?: string
  intentType?: 'setup' | 'payment'
}

/** GET /api/subscription/client-secret answer. */
export interface PendingPayment {
  clientSecret: string
  intentType: 'setup' | 'payment'
  planId: string
}

/** POST /api/validate-invitation-code answer. */
export interface InvitationValidation {
  valid: boolean
  planId: string | null
  message: string
}

/**
 * A plan card's button label (spec §2 Subscription): 'Current Plan' for the current plan,
 * 'Downgrade to Free' for Free, 'Upgrade Plan'/'Downgrade Plan' by price while the
 * subscription is active, otherwise 'Start 14-day free trial'; 'Loading...' while that plan's
 * preview is pending.
 */
export function planButtonLabel(input: {
  plan: { id: string; name: string; price: number }
  currentPlan: { name: string; price: number }
  active: boolean
  previewPending: boolean
}): string {
  if (input.previewPending) return 'Loading...'
  if (isCurrentPlan(input.plan.name, input.currentPlan.name)) return 'Current Plan'
  if (input.plan.id === 'free') return 'Downgrade to Free'
  if (input.active)
    return input.plan.price > input.currentPlan.price ? 'Upgrade Plan' : 'Downgrade Plan'
  return 'Start 14-day free trial'
}

/** 'Immediately' for an upgrade, otherwise the date (spec §2 change-preview screen). */
export function effectiveDateLabel(
  preview: Pick<SubscriptionPreview, 'isUpgrade' | 'effectiveDate'>
): string {
  if (preview.isUpgrade) return 'Immediately'
  return new Date(preview.effectiveDate).toLocaleDateString('en-US', {
    year: 'numeric',
    month: 'long',
    day: 'numeric',
    timeZone: 'UTC',
  })
}

/** Upper-cases the invitation code as typed (spec §5). */
export function normalizeCodeInput(value: string): string {
  return value.toUpperCase()
}
