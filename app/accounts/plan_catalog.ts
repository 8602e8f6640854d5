import { AppError } from '#shared/errors'

/**
 * The plan catalogue (spec §9 and the plan modal). One source of truth: the plans table is
 * written from it by its migration, and every screen reads the plans through GET /api/plans.
 */

export type PlanId = 'free' | 'trafficker' | 'agency'

/** A feature that a plan may unlock; the server checks these through `planHasFeature`. */
export type PlanFeature =
  | 'advanced_analytics'
  | 'performance_alerts'
  | 'lead_tracking'
  | 'automation_tools'
  | 'automated_rules'
  /* issue 17: embeddable widgets (paid plans), without the "Powered by Adrelay" line (Agency) */
  | 'embed_widgets'
  | 'embed_unbranded'

export interface PlanDefinition {
  id: PlanId
  /** Name used in the app (Free, Trafficker, Agency). */
  name: string
  /** Name used on the landing page pricing (Starter, Professional, Agency). */
  landingName: string
  /** Monthly price in minor units (cents) of `currency`. */
  priceCents: number
  currency: 'usd'
  /** Metered API requests allowed per calendar month (UTC). */
  requestLimit: number
  features: string[]
  limitations: string[]
  popular: boolean
  /** Machine-checked capabilities. */
  unlocks: PlanFeature[]
  /** Automated rules a user may keep (enabled or not); 0 without `automated_rules`. */
  ruleLimit: number
}

/** Quota used when a plan cannot be resolved (spec §9). */
export const DEFAULT_REQUEST_LIMIT = 10_000

/** Length of the free trial on paid plans, in days (spec §9). */
export const TRIAL_PERIOD_DAYS = 14

export const PLAN_CATALOG: readonly PlanDefinition[] = [
  {
    id: 'free',
    name: 'Free',
    landingName: 'Starter',
    priceCents: 0,
    currency: 'usd',
    requestLimit: 10_000,
    features: ['10,000 API requests per month', 'Basic dashboard', 'Email support'],
    limitations: ['No advanced analytics'],
    popular: false,
    unlocks: [],
    ruleLimit: 0,
  },
  {
    id: 'trafficker',
    name: 'Trafficker',
    landingName: 'Professional',
    priceCents: 2900,
    currency: 'usd',
    requestLimit: 100_000,
    features: [
      '100,000 API requests per month',
      'Advanced analytics',
      'Automation tools',
      'Priority support',
      'Basic integrations',
      'Up to 25 automated rules',
    ],
    limitations: [],
    popular: true,
    unlocks: [
      'advanced_analytics',
      'performance_alerts',
      'automation_tools',
      'automated_rules',
      'embed_widgets',
    ],
    ruleLimit: 25,
  },
  {
    id: 'agency',
    name: 'Agency',
    landingName: 'Agency',
    priceCents: 9900,
    currency: 'usd',
    requestLimit: 1_000_000,
    features: [
      '1,000,000 API requests per month',
      'Analytics and reporting',
      'Full automation suite',
      '24/7 phone support',
      'All integrations',
      'Custom solutions',
      'Up to 250 automated rules',
    ],
    limitations: [],
    popular: false,
    unlocks: [
      'advanced_analytics',
      'performance_alerts',
      'lead_tracking',
      'automation_tools',
      'automated_rules',
      'embed_widgets',
      'embed_unbranded',
    ],
    ruleLimit: 250,
  },
]

/** Looks a plan up by id; `undefined` for an unknown id. */
export function findPlan(id: string | null | undefined): PlanDefinition | undefined {
  return PLAN_CATALOG.find((plan) => plan.id === id)
}

/**
 * The single plan-gate rule every surface reads (REST, MCP, screens).
 * Performance Alerts: any paid plan; Lead Tracking: Agency only.
 */
export function planHasFeature(planId: string | null | undefined, feature: PlanFeature): boolean {
  return planFeatures(planId).includes(feature)
}

/**
 * Every feature `planHasFeature` grants `planId` (none for an unknown plan): what the session
 * user carries so the screens read their plan gates instead of rebuilding them.
 */
export function planFeatures(planId: string | null | undefined): readonly PlanFeature[] {
  return findPlan(planId)?.unlocks ?? NO_FEATURES
}

const NO_FEATURES: readonly PlanFeature[] = []

/** The cheapest plan that unlocks `feature`, used to name the upgrade in errors. */
export function cheapestPlanWith(feature: PlanFeature): PlanDefinition | undefined {
  return [...PLAN_CATALOG]
    .sort((a, b) => a.priceCents - b.priceCents)
    .find((plan) => plan.unlocks.includes(feature))
}

/**
 * The plan gate: returns when `planId` unlocks `feature`, else throws 403
 * `plan_upgrade_required` naming the cheapest plan that has it (details `feature`,
 * `requiredPlan`). `what` names the refused thing for the message ("Pause or activate a
 * campaign (update_campaign_status)"). Every surface reaches it: the action registry (REST,
 * MCP, screens) and the integrator proxy's writes.
 * @throws AppError 403 `plan_upgrade_required`
 */
export function assertPlanHasFeature(
  planId: string | null | undefined,
  feature: PlanFeature,
  what: string
): void {
  if (planHasFeature(planId, feature)) return
  const plan = cheapestPlanWith(feature)
  throw new AppError(
    'plan_upgrade_required',
    `${what} needs the ${plan?.name ?? 'a higher'} plan or higher. ` +
      'Ask the account owner to upgrade at /subscription.',
    403,
    { feature, requiredPlan: plan?.id ?? null }
  )
}
