import { AppError } from '#shared/errors'
import { formatMoney } from '#meta/money_format'

/**
 * Meta's rules for building campaigns, checked before any call so a mistake costs no Graph
 * request and comes back with a stable code. Sources: Marketing API v25.0 reference (Campaign
 * `objective`, `bid_strategy`, `special_ad_categories`; Ad Set `optimization_goal`,
 * `billing_event`; "Billing Events" validation table; "Outcome-Driven Ad Experiences"
 * objective table; "High Demand Periods" / budget schedules), the official business SDK's
 * enums (facebook-nodejs-business-sdk 26.0: Campaign, AdSet, HighDemandPeriod, AdCreative) and
 * the Ads Help Center page on Special Ad Category audiences.
 */

/** The outcome-based objectives (ODAX) new campaigns take. */
export const OBJECTIVES = [
  'OUTCOME_AWARENESS',
  'OUTCOME_TRAFFIC',
  'OUTCOME_ENGAGEMENT',
  'OUTCOME_LEADS',
  'OUTCOME_APP_PROMOTION',
  'OUTCOME_SALES',
] as const
export type Objective = (typeof OBJECTIVES)[number]

/** Campaign `special_ad_categories` values (SDK Campaign.SpecialAdCategories). */
export const SPECIAL_AD_CATEGORIES = [
  'NONE',
  'HOUSING',
  'EMPLOYMENT',
  'CREDIT',
  'FINANCIAL_PRODUCTS_SERVICES',
  'ISSUES_ELECTIONS_POLITICS',
  'ONLINE_GAMBLING_AND_GAMING',
] as const
export type SpecialAdCategory = (typeof SPECIAL_AD_CATEGORIES)[number]

/** Categories whose audiences Meta restricts (age, gender, ZIP codes, exclusions...). */
export const RESTRICTED_TARGETING_CATEGORIES: readonly SpecialAdCategory[] = [
  'HOUSING',
  'EMPLOYMENT',
  'CREDIT',
  'FINANCIAL_PRODUCTS_SERVICES',
]

/** `bid_strategy` values (SDK Campaign.BidStrategy / AdSet.BidStrategy). */
export const BID_STRATEGIES = [
  'LOWEST_COST_WITHOUT_CAP',
  'LOWEST_COST_WITH_BID_CAP',
  'COST_CAP',
  'LOWEST_COST_WITH_MIN_ROAS',
] as const
export type BidStrategy = (typeof BID_STRATEGIES)[number]

/** Ad set `optimization_goal` values Adrelay accepts (SDK AdSet.OptimizationGoal, v25). */
export const OPTIMIZATION_GOALS = [
  'AD_RECALL_LIFT',
  'APP_INSTALLS',
  'APP_INSTALLS_AND_OFFSITE_CONVERSIONS',
  'CONVERSATIONS',
  'ENGAGED_USERS',
  'EVENT_RESPONSES',
  'IMPRESSIONS',
  'LANDING_PAGE_VIEWS',
  'LEAD_GENERATION',
  'LINK_CLICKS',
  'OFFSITE_CONVERSIONS',
  'PAGE_LIKES',
  'POST_ENGAGEMENT',
  'PROFILE_VISIT',
  'QUALITY_CALL',
  'QUALITY_LEAD',
  'REACH',
  'THRUPLAY',
  'VALUE',
  'VISIT_INSTAGRAM_PROFILE',
] as const
export type OptimizationGoal = (typeof OPTIMIZATION_GOALS)[number]

/** Ad set `billing_event` values (SDK AdSet.BillingEvent). */
export const BILLING_EVENTS = [
  'IMPRESSIONS',
  'LINK_CLICKS',
  'APP_INSTALLS',
  'PAGE_LIKES',
  'POST_ENGAGEMENT',
  'THRUPLAY',
] as const
export type BillingEvent = (typeof BILLING_EVENTS)[number]

/** Which optimization goals each outcome objective accepts (ODAX objective table). */
export const GOALS_BY_OBJECTIVE: Record<Objective, readonly OptimizationGoal[]> = {
  OUTCOME_AWARENESS: ['REACH', 'IMPRESSIONS', 'AD_RECALL_LIFT', 'THRUPLAY'],
  OUTCOME_TRAFFIC: [
    'LINK_CLICKS',
    'LANDING_PAGE_VIEWS',
    'REACH',
    'IMPRESSIONS',
    'CONVERSATIONS',
    'QUALITY_CALL',
    'PROFILE_VISIT',
    'VISIT_INSTAGRAM_PROFILE',
  ],
  OUTCOME_ENGAGEMENT: [
    'POST_ENGAGEMENT',
    'PAGE_LIKES',
    'EVENT_RESPONSES',
    'THRUPLAY',
    'CONVERSATIONS',
    'LINK_CLICKS',
    'LANDING_PAGE_VIEWS',
    'OFFSITE_CONVERSIONS',
    'ENGAGED_USERS',
    'REACH',
    'IMPRESSIONS',
  ],
  OUTCOME_LEADS: [
    'LEAD_GENERATION',
    'QUALITY_LEAD',
    'OFFSITE_CONVERSIONS',
    'CONVERSATIONS',
    'QUALITY_CALL',
    'LINK_CLICKS',
    'LANDING_PAGE_VIEWS',
    'REACH',
    'IMPRESSIONS',
  ],
  OUTCOME_APP_PROMOTION: [
    'APP_INSTALLS',
    'APP_INSTALLS_AND_OFFSITE_CONVERSIONS',
    'OFFSITE_CONVERSIONS',
    'VALUE',
    'LINK_CLICKS',
  ],
  OUTCOME_SALES: [
    'OFFSITE_CONVERSIONS',
    'VALUE',
    'CONVERSATIONS',
    'LINK_CLICKS',
    'LANDING_PAGE_VIEWS',
    'REACH',
    'IMPRESSIONS',
  ],
}

/**
 * Billing events an auction ad set may use for its optimization goal ("Billing Events",
 * optimization goal restrictions): IMPRESSIONS always; a few goals can also bill per result.
 */
export function billingEventsFor(goal: OptimizationGoal): BillingEvent[] {
  switch (goal) {
    case 'LINK_CLICKS':
      return ['IMPRESSIONS', 'LINK_CLICKS']
    case 'APP_INSTALLS':
      return ['IMPRESSIONS', 'APP_INSTALLS']
    case 'THRUPLAY':
      return ['IMPRESSIONS', 'THRUPLAY']
    case 'PAGE_LIKES':
      return ['IMPRESSIONS', 'PAGE_LIKES']
    case 'POST_ENGAGEMENT':
      return ['IMPRESSIONS', 'POST_ENGAGEMENT']
    default:
      return ['IMPRESSIONS']
  }
}

/** The default optimization goal per objective (what Ads Manager preselects). */
export const DEFAULT_GOAL: Record<Objective, OptimizationGoal> = {
  OUTCOME_AWARENESS: 'REACH',
  OUTCOME_TRAFFIC: 'LINK_CLICKS',
  OUTCOME_ENGAGEMENT: 'POST_ENGAGEMENT',
  OUTCOME_LEADS: 'LEAD_GENERATION',
  OUTCOME_APP_PROMOTION: 'APP_INSTALLS',
  OUTCOME_SALES: 'OFFSITE_CONVERSIONS',
}

/**
 * Refuses an optimization goal the objective does not take, and a billing event the goal does
 * not allow.
 * @throws AppError 422 `meta_optimization_goal_invalid` | `meta_billing_event_invalid`
 */
export function assertGoalFits(
  objective: string | null,
  goal: OptimizationGoal,
  billingEvent: BillingEvent
) {
  const allowed = GOALS_BY_OBJECTIVE[objective as Objective]
  if (allowed && !allowed.includes(goal)) {
    throw new AppError(
      'meta_optimization_goal_invalid',
      `The optimization goal ${goal} does not fit the campaign objective ${objective}. It takes: ${allowed.join(', ')}.`,
      422,
      { field: 'optimizationGoal', objective, allowed }
    )
  }
  const events = billingEventsFor(goal)
  if (!events.includes(billingEvent)) {
    throw new AppError(
      'meta_billing_event_invalid',
      `The billing event ${billingEvent} cannot be used with the optimization goal ${goal}. Use ${events.join(' or ')}.`,
      422,
      { field: 'billingEvent', allowed: events }
    )
  }
}

/**
 * A bid cap or cost cap strategy needs `bid_amount`; a minimum-ROAS strategy needs
 * `bid_constraints.roas_average_floor` (Meta error subcode 2490487 otherwise).
 * @throws AppError 422 `meta_bid_amount_required`
 */
export function assertBidFits(
  strategy: string | null | undefined,
  bidAmount: number | null | undefined,
  roasAverageFloor: number | null | undefined
) {
  const given = { bidAmount, roasAverageFloor }
  const rule = BID_REQUIREMENTS.find((entry) => entry.strategies.includes(strategy as BidStrategy))
  if (!rule || (given[rule.needs] !== null && given[rule.needs] !== undefined)) return
  throw new AppError('meta_bid_amount_required', rule.message(strategy!), 422, {
    field: rule.field,
    metaSubcode: 2490487,
  })
}

/** What each capped bid strategy needs besides itself (Meta error subcode 2490487). */
const BID_REQUIREMENTS: Array<{
  strategies: readonly BidStrategy[]
  needs: 'bidAmount' | 'roasAverageFloor'
  field: string
  message: (strategy: string) => string
}> = [
  {
    strategies: ['LOWEST_COST_WITH_BID_CAP', 'COST_CAP'],
    needs: 'bidAmount',
    field: 'bidAmount',
    message: (strategy) => `The bid strategy ${strategy} needs a bidAmount (minor units).`,
  },
  {
    strategies: ['LOWEST_COST_WITH_MIN_ROAS'],
    needs: 'roasAverageFloor',
    field: 'bidConstraints',
    message: () =>
      'The bid strategy LOWEST_COST_WITH_MIN_ROAS needs bidConstraints.roasAverageFloor.',
  },
]

/** Largest budget change accepted without `force`: the new budget over the current one. */
export const MAX_BUDGET_INCREASE_FACTOR = 10

/** What each budget field is, in a refusal's words. */
const BUDGET_WORDS: Record<string, string> = {
  dailyBudget: 'The new daily budget',
  lifetimeBudget: 'The new lifetime budget',
  budgetValue: 'The daily budget during the scheduled period',
  spendCap: 'The new spending limit',
}

/**
 * A budget must be a positive whole number of minor units, and not more than 10 × the current
 * one unless `force` (a typo such as 50000 for 500.00 would otherwise spend 100 × the plan).
 * The refusal names both amounts in `currency` (the account's) and carries
 * `retryWith: {force: true}`, from which the registry words the way to force it per surface.
 * @throws AppError 422 `meta_budget_not_positive` | `meta_budget_increase_too_large`
 */
export function assertBudgetAmount(
  amount: number,
  field: string,
  current: number | null,
  force: boolean | undefined,
  currency?: string
) {
  if (!Number.isSafeInteger(amount) || amount <= 0) {
    throw new AppError(
      'meta_budget_not_positive',
      `${field} must be a positive whole number of minor units (5000 = 50.00).`,
      422,
      { field }
    )
  }
  if (!force && current !== null && current > 0 && amount > current * MAX_BUDGET_INCREASE_FACTOR) {
    const money = (minor: number) => (currency ? formatMoney(minor, currency) : String(minor))
    throw new AppError(
      'meta_budget_increase_too_large',
      `${BUDGET_WORDS[field] ?? field}, ${money(amount)}, is more than ${MAX_BUDGET_INCREASE_FACTOR} × the current one (${money(current)}).`,
      422,
      {
        field,
        current,
        requested: amount,
        maxWithoutForce: current * MAX_BUDGET_INCREASE_FACTOR,
        retryWith: { force: true },
      }
    )
  }
}

/** Detailed-targeting keys Meta removes from Special Ad Category audiences. */
const RESTRICTED_DETAIL_KEYS = [
  'behaviors',
  'life_events',
  'family_statuses',
  'income',
  'industries',
  'relationship_statuses',
  'interested_in',
  'education_statuses',
  'work_positions',
  'work_employers',
]

/** A targeting (and its `geo_locations`) → the sentence saying what is not allowed, or null. */
type TargetingCheck = (targeting: Record<string, any>, geo: Record<string, any>) => string | null

/** A city or point radius under 15 miles (25 km) in `geo_locations[list]`. */
const radiusCheck =
  (list: 'cities' | 'custom_locations'): TargetingCheck =>
  (_targeting, geo) => {
    const places: any[] = Array.isArray(geo[list]) ? geo[list] : []
    const tooSmall = places.some((place) => {
      if (place.radius === undefined) return false
      const miles =
        place.distance_unit === 'kilometer' ? Number(place.radius) / 1.609344 : Number(place.radius)
      return miles < 15
    })
    return tooSmall ? `geo_locations.${list} radius must be at least 15 miles (25 km).` : null
  }

const nonEmpty = (value: unknown) => Array.isArray(value) && value.length > 0

/** The Special Ad Category audience rules, in the order their sentences are listed. */
const SPECIAL_CATEGORY_CHECKS: TargetingCheck[] = [
  (targeting) =>
    targeting.age_min !== undefined && Number(targeting.age_min) !== 18
      ? 'age_min must be 18 (audiences include ages 18 to 65+).'
      : null,
  (targeting) =>
    targeting.age_max !== undefined && Number(targeting.age_max) !== 65
      ? 'age_max must be 65 (audiences include ages 18 to 65+).'
      : null,
  (targeting) =>
    nonEmpty(targeting.genders) ? 'genders cannot be set (audiences include all genders).' : null,
  (_targeting, geo) =>
    nonEmpty(geo.zips)
      ? 'geo_locations.zips cannot be used (no ZIP or postal code targeting).'
      : null,
  (targeting) =>
    targeting.excluded_geo_locations
      ? 'excluded_geo_locations cannot be used (locations cannot be excluded).'
      : null,
  radiusCheck('cities'),
  radiusCheck('custom_locations'),
  (targeting) =>
    targeting.exclusions || targeting.excluded_custom_audiences
      ? 'exclusions and excluded_custom_audiences cannot be used.'
      : null,
  (targeting) => {
    const specs = [
      targeting,
      ...(Array.isArray(targeting.flexible_spec) ? targeting.flexible_spec : []),
    ]
    const used = RESTRICTED_DETAIL_KEYS.filter((key) => specs.some((spec) => nonEmpty(spec?.[key])))
    return used.length > 0 ? `${used.join(', ')} are not available for this category.` : null
  },
]

/**
 * Targeting a Special Ad Category campaign (housing, employment, credit, financial products)
 * may not use: age other than 18-65+, genders, ZIP/postal codes, excluded locations, a city or
 * point radius under 15 miles (25 km), exclusions of people or custom audiences, or the
 * demographic and behaviour options listed above (Ads Help Center, "About audiences for
 * housing, employment or financial products and services campaigns").
 * @returns one sentence per violation (empty when allowed)
 */
export function specialCategoryViolations(
  categories: readonly string[],
  targeting: Record<string, any> | null | undefined
): string[] {
  if (
    !targeting ||
    !categories.some((category) => RESTRICTED_TARGETING_CATEGORIES.includes(category as any))
  ) {
    return []
  }
  const violations: string[] = []
  for (const check of SPECIAL_CATEGORY_CHECKS) {
    const violation = check(targeting, targeting.geo_locations ?? {})
    if (violation) violations.push(violation)
  }
  return violations
}

/**
 * @throws AppError 422 `meta_targeting_not_allowed` listing each violation
 */
export function assertTargetingAllowed(
  categories: readonly string[],
  targeting: Record<string, any> | null | undefined
) {
  const violations = specialCategoryViolations(categories, targeting)
  if (violations.length === 0) return
  throw new AppError(
    'meta_targeting_not_allowed',
    `This targeting is not allowed for a ${categories.join('/')} campaign (Special Ad Category): ${violations.join(' ')}`,
    422,
    { field: 'targeting', specialAdCategories: categories, violations }
  )
}

/* ------------------------------------------------------------------ budget schedules */

/** Budget schedule (high demand period) value types (SDK HighDemandPeriod.BudgetValueType). */
export const BUDGET_VALUE_TYPES = ['ABSOLUTE', 'MULTIPLIER'] as const
export type BudgetValueType = (typeof BUDGET_VALUE_TYPES)[number]

/** Meta's limits on budget schedules of one campaign or ad set. */
export const BUDGET_SCHEDULE_RULES = {
  minDurationSeconds: 3 * 3600,
  boundarySeconds: 15 * 60,
  maxPerObject: 50,
}

/**
 * Checks a new budget schedule against Meta's rules before calling: the object has a daily
 * budget (not lifetime, not none); start and end on 15-minute boundaries, end at least 3 hours
 * after start and start in the future; at most 50 schedules per object; ABSOLUTE and
 * MULTIPLIER never mixed on one object. Times are Unix seconds.
 * @throws AppError 422 `meta_budget_schedule_needs_daily_budget` |
 *   `meta_budget_schedule_not_quarter_hour` | `meta_budget_schedule_too_short` |
 *   `meta_budget_schedule_in_past` | `meta_budget_schedule_limit_reached` |
 *   `meta_budget_schedule_mixed_types`
 */
export function assertBudgetScheduleAllowed(input: {
  dailyBudget: number | null
  timeStart: number
  timeEnd: number
  valueType: BudgetValueType
  existing: Array<{ budgetValueType: string }>
  nowSeconds: number
}) {
  const fail = (code: string, message: string, details: Record<string, unknown> = {}) =>
    new AppError(code, message, 422, details)
  if (!input.dailyBudget) {
    throw fail(
      'meta_budget_schedule_needs_daily_budget',
      'Budget schedules only apply to a campaign or ad set with a daily budget.'
    )
  }
  const { boundarySeconds, minDurationSeconds, maxPerObject } = BUDGET_SCHEDULE_RULES
  for (const [field, value] of [
    ['timeStart', input.timeStart],
    ['timeEnd', input.timeEnd],
  ] as const) {
    if (value % boundarySeconds !== 0) {
      throw fail(
        'meta_budget_schedule_not_quarter_hour',
        `${field} must fall on a 15-minute boundary (:00, :15, :30 or :45, seconds 0).`,
        { field }
      )
    }
  }
  if (input.timeStart <= input.nowSeconds) {
    throw fail('meta_budget_schedule_in_past', 'timeStart must be in the future.', {
      field: 'timeStart',
    })
  }
  if (input.timeEnd - input.timeStart < minDurationSeconds) {
    throw fail(
      'meta_budget_schedule_too_short',
      'A budget schedule lasts at least 3 hours (timeEnd - timeStart >= 10800 seconds).',
      { field: 'timeEnd' }
    )
  }
  if (input.existing.length >= maxPerObject) {
    throw fail(
      'meta_budget_schedule_limit_reached',
      `This object already has ${maxPerObject} budget schedules, Meta's maximum. Delete one first.`
    )
  }
  const other = input.existing.find((schedule) => schedule.budgetValueType !== input.valueType)
  if (other) {
    throw fail(
      'meta_budget_schedule_mixed_types',
      `This object's budget schedules use ${other.budgetValueType}; Meta does not mix ABSOLUTE and MULTIPLIER schedules on one object.`,
      { field: 'budgetValueType' }
    )
  }
}
