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

/**
 * What a signed-in user who has had the free trial reads instead of {@link TRIAL_TEXT}: the
 * server gives one trial per user (`trialUsedAt`), so a paid plan then starts paid.
 */
export const TRIAL_USED_TEXT = 'You have had your 14-day free trial: a paid plan starts at once.'

/**
 * What a user whose free trial is running reads instead: switching between paid plans keeps
 * the trial (Stripe keeps `trial_end` on a plan change; manual billing keeps `trialEnd`), so
 * neither "a paid plan starts at once" nor the offer of a trial is true for them.
 */
export function trialRunningText(trialEnd: string): string {
  const until = new Date(trialEnd).toLocaleDateString('en-US', {
    year: 'numeric',
    month: 'long',
    day: 'numeric',
    timeZone: 'UTC',
  })
  return `Your free trial runs until ${until}. Switching between paid plans keeps it.`
}

/**
 * The trial line for a signed-in user, from the session user's `trialAvailable` and, while a
 * trial runs, its subscription (`status` 'trialing' and `trialEnd`, ISO 8601); visitors (no
 * user) read {@link TRIAL_TEXT}.
 */
export function trialText(
  trialAvailable: boolean | undefined,
  subscription?: { status: string | null; trialEnd: string | null } | null
): string {
  if (subscription?.status === 'trialing' && subscription.trialEnd) {
    return trialRunningText(subscription.trialEnd)
  }
  return trialAvailable === false ? TRIAL_USED_TEXT : TRIAL_TEXT
}

/**
 * The label of a paid plan the user can start: the spec's 'Start 14-day free trial' while the
 * user's trial is available, else 'Subscribe' (the trial is not offered twice).
 */
export function startPlanLabel(trialAvailable: boolean | undefined): string {
  return trialAvailable === false ? 'Subscribe' : 'Start 14-day free trial'
}

/**
 * The plan modal's button label: 'Current Plan', 'Downgrade to Free', or
 * {@link startPlanLabel} ('Start 14-day free trial', 'Subscribe' once the trial was used).
 */
export function planModalButtonLabel(
  plan: { id: string },
  currentPlanId: string,
  trialAvailable?: boolean
) {
  if (isCurrentPlan(plan.id, currentPlanId)) return 'Current Plan'
  if (plan.id === 'free') return 'Downgrade to Free'
  return startPlanLabel(trialAvailable)
}

/** "$29" for 29, "$0" for 0, "$9.50" for 9.5. */
export function formatPrice(dollars: number | string): string {
  const value = typeof dollars === 'string' ? Number.parseFloat(dollars) : dollars
  if (!Number.isFinite(value)) return `$${dollars}`
  return Number.isInteger(value) ? `$${value}` : `$${value.toFixed(2)}`
}
