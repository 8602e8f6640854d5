/**
 * Pure rules of the Subscription page (spec §2 Subscription, §3, §4). The shapes it reads come
 * from the server (~/types).
 */
import { isCurrentPlan, startPlanLabel } from '~/lib/plans'
import type { SubscriptionPreview } from '~/types'

/** Delays before the page reloads after an outcome, in ms (spec §9). */
export const RELOAD_AFTER_SUCCESS_MS = 1000
export const RELOAD_AFTER_CHANGE_MS = 2000

export const MANUAL_MODE_TEXT =
  'Billing is in manual mode: plan changes apply immediately without payment.'

/**
 * A plan card's button label (spec §2 Subscription): 'Current Plan' for the current plan (by
 * plan id), 'Downgrade to Free' for Free, 'Upgrade Plan'/'Downgrade Plan' by price while the
 * subscription is active, otherwise 'Start 14-day free trial' ('Subscribe' once the user's
 * one trial was used: `trialAvailable` false); 'Loading...' while that plan's preview is
 * pending.
 */
export function planButtonLabel(input: {
  plan: { id: string; price: number }
  currentPlan: { id: string; price: number }
  active: boolean
  previewPending: boolean
  trialAvailable?: boolean
}): string {
  if (input.previewPending) return 'Loading...'
  if (isCurrentPlan(input.plan.id, input.currentPlan.id)) return 'Current Plan'
  if (input.plan.id === 'free') return 'Downgrade to Free'
  if (input.active)
    return input.plan.price > input.currentPlan.price ? 'Upgrade Plan' : 'Downgrade Plan'
  return startPlanLabel(input.trialAvailable)
}

/**
 * 'Immediately' for a change that applies on confirmation (every upgrade; in manual mode a
 * downgrade too: the server's `immediate`), otherwise the date (spec §2 change-preview screen).
 */
export function effectiveDateLabel(
  preview: Pick<SubscriptionPreview, 'isUpgrade' | 'effectiveDate' | 'immediate'>
): string {
  if (preview.isUpgrade || preview.immediate) return 'Immediately'
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
