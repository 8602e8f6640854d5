import { z } from 'zod'

/**
 * The shape of an automated rule (issue 16), validated once here and used by every surface
 * (REST, MCP, CLI, the Rules page) through the published actions. Modelled on Meta's Ad Rules
 * (`adrules_library`: evaluation spec, execution spec, schedule spec) with what Meta lacks:
 * AND/OR condition groups, trends, metric-against-metric, guards, dry runs and approvals.
 *
 * Units: money is integer minor units of the ad account's currency (a rule spanning accounts
 * in several currencies compares each object in its own currency); CTR and percentages are
 * percent (2.5 = 2.5 %); ROAS and frequency are ratios; times are in the ad account's time zone.
 */

/** Metrics a condition can read (Ads Insights fields, derived ratios, and object facts). */
export const RULE_METRICS = [
  'spend',
  'impressions',
  'reach',
  'frequency',
  'clicks',
  'ctr',
  'cpc',
  'cpm',
  'results',
  'cost_per_result',
  'purchases',
  'purchase_roas',
  'cpa',
  'daily_budget_used_percent',
  'hours_since_last_change',
] as const
export type RuleMetric = (typeof RULE_METRICS)[number]

/** Metrics that are a cost per something: they need a minimum spend before they mean anything. */
export const COST_METRICS: readonly RuleMetric[] = ['cpc', 'cpm', 'cost_per_result', 'cpa']

/**
 * Look-back windows, in the ad account's time zone (Meta's date presets: `last_7d` is the 7
 * days before today, today excluded). `this_month` is month to date, today included.
 */
export const RULE_WINDOWS = [
  'today',
  'yesterday',
  'last_3d',
  'last_7d',
  'last_14d',
  'last_30d',
  'this_month',
  'lifetime',
] as const
export type RuleWindow = (typeof RULE_WINDOWS)[number]

export const RULE_OPERATORS = ['gt', 'gte', 'lt', 'lte', 'eq', 'between', 'not_between'] as const
export type RuleOperator = (typeof RULE_OPERATORS)[number]

export const RULE_LEVELS = ['campaign', 'ad_set', 'ad'] as const
export type RuleLevel = (typeof RULE_LEVELS)[number]

export const RULE_MODES = ['dry_run', 'approval', 'auto'] as const
export type RuleMode = (typeof RULE_MODES)[number]

export const RULE_ACTION_TYPES = [
  'pause',
  'unpause',
  'set_budget',
  'increase_budget',
  'decrease_budget',
  'change_bid',
  'notify',
  'webhook',
] as const
export type RuleActionType = (typeof RULE_ACTION_TYPES)[number]

/** Actions that write to Meta (at most one per rule). */
export const WRITE_ACTIONS: readonly RuleActionType[] = [
  'pause',
  'unpause',
  'set_budget',
  'increase_budget',
  'decrease_budget',
  'change_bid',
]

const metric = z.enum(RULE_METRICS).describe(`Metric: ${RULE_METRICS.join(', ')}`)
const window = z
  .enum(RULE_WINDOWS)
  .describe("Look-back window in the ad account's time zone (last_7d excludes today)")

const valueCondition = z.object({
  kind: z.literal('value').describe('Compare a metric with a number'),
  metric,
  window,
  operator: z.enum(RULE_OPERATORS).describe('gt >, gte ≥, lt <, lte ≤, eq =, between, not_between'),
  value: z.number().describe('Threshold (money in minor units, CTR in percent)'),
  valueTo: z.number().optional().describe('Upper bound for between / not_between (inclusive)'),
})

const trendCondition = z.object({
  kind: z.literal('trend').describe('Metric rose or fell against the previous window'),
  metric,
  window,
  direction: z.enum(['rose', 'fell']).describe('rose: went up; fell: went down'),
  percent: z
    .number()
    .positive()
    .max(10_000)
    .describe('By at least this many percent against the window of the same length before'),
})

const compareCondition = z.object({
  kind: z.literal('compare').describe('Compare a metric with another metric times a multiplier'),
  metric,
  window,
  operator: z.enum(['gt', 'gte', 'lt', 'lte']).describe('gt >, gte ≥, lt <, lte ≤'),
  otherMetric: metric,
  otherWindow: window.optional().describe('Window of the other metric (default: the same)'),
  multiplier: z.number().positive().max(1000).describe('e.g. 1.5 for "CPA > 1.5 × CPC"'),
})

const pacingCondition = z.object({
  kind: z.literal('pacing').describe('Month-to-date spend ahead of a monthly plan (spend pacing)'),
  monthlyBudget: z
    .number()
    .int()
    .positive()
    .describe('Planned spend for the calendar month, minor units of the account currency'),
  tolerancePercent: z
    .number()
    .min(0)
    .max(1000)
    .default(10)
    .describe('Matches when month-to-date spend exceeds the pro-rata plan by more than this'),
})

export const conditionSchema = z.discriminatedUnion('kind', [
  valueCondition,
  trendCondition,
  compareCondition,
  pacingCondition,
])
export type RuleCondition = z.infer<typeof conditionSchema>

const conditionGroup = z.object({
  match: z.enum(['all', 'any']).default('all').describe('all: AND; any: OR'),
  conditions: z.array(conditionSchema).min(1).max(10).describe('Conditions of the group'),
})

export const actionSchema = z.object({
  type: z.enum(RULE_ACTION_TYPES).describe(`Action: ${RULE_ACTION_TYPES.join(', ')}`),
  percent: z
    .number()
    .min(-99)
    .max(1000)
    .refine((value) => value !== 0, 'percent cannot be 0')
    .optional()
    .describe(
      'For increase/decrease budget: change by this percent (positive); for change_bid: signed, a negative percent lowers the bid (at least -99)'
    ),
  amount: z
    .number()
    .int()
    .refine((value) => value !== 0, 'amount cannot be 0')
    .optional()
    .describe(
      'Minor units. For set_budget: the new budget; for increase/decrease budget: the change (positive); for change_bid: the signed change, negative lowers the bid'
    ),
  url: z
    .string()
    .url()
    .max(2000)
    .optional()
    .describe('For webhook: an https URL (public address) that receives one JSON POST per run'),
})
export type RuleAction = z.infer<typeof actionSchema>

export const guardsSchema = z.object({
  maxChangePercentPerAction: z
    .number()
    .positive()
    .max(1000)
    .default(50)
    .describe('Largest budget/bid change one action may make, percent (clamped, logged)'),
  maxChangePercentPer24h: z
    .number()
    .positive()
    .max(1000)
    .default(100)
    .describe('Largest budget/bid change over any 24 hours, percent of the value 24 h ago'),
  minBudget: z
    .number()
    .int()
    .positive()
    .optional()
    .describe('Never set a budget below this (minor units)'),
  maxBudget: z
    .number()
    .int()
    .positive()
    .optional()
    .describe('Never set a budget above this (minor units)'),
  minSpend: z
    .number()
    .int()
    .min(0)
    .default(0)
    .describe(
      'Cost conditions (CPA, CPC, CPM, cost per result) never match below this spend in their window (minor units)'
    ),
  minImpressions: z
    .number()
    .int()
    .min(0)
    .default(0)
    .describe('Objects with fewer impressions in the widest window are not judged'),
  minAgeHours: z
    .number()
    .min(0)
    .default(0)
    .describe('Objects created less than this many hours ago are not judged'),
  cooldownHours: z
    .number()
    .min(0)
    .max(24 * 30)
    .default(24)
    .describe('After acting on an object, skip it for this many hours'),
  maxObjectsPerRun: z
    .number()
    .int()
    .positive()
    .max(1000)
    .default(25)
    .describe('Blast-radius cap: act on at most this many objects per run'),
})
export type RuleGuards = z.infer<typeof guardsSchema>

const everyMinutes = z
  .union([z.literal(15), z.literal(30), z.literal(60)])
  .describe('Every 15, 30 or 60 minutes')

export const scheduleSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('every').describe('Run at a fixed interval'), minutes: everyMinutes }),
  z.object({
    type: z.literal('daily').describe("Run once a day, in the ad account's time zone"),
    time: z
      .string()
      .regex(/^([01]\d|2[0-3]):(00|15|30|45)$/)
      .describe('HH:MM on a quarter hour, e.g. 09:00'),
  }),
  z.object({
    type: z.literal('dayparting').describe('Run on chosen days and hours only'),
    days: z
      .array(z.number().int().min(1).max(7))
      .min(1)
      .max(7)
      .describe('ISO weekdays, 1 = Monday … 7 = Sunday'),
    hours: z.array(z.number().int().min(0).max(23)).min(1).max(24).describe('Hours 0-23'),
    minutes: everyMinutes,
  }),
])
export type RuleSchedule = z.infer<typeof scheduleSchema>

export const scopeSchema = z.object({
  adAccountIds: z
    .union([
      z.literal('all'),
      z
        .array(z.string().regex(/^(act_)?\d{1,20}$/))
        .min(1)
        .max(500),
    ])
    .describe('"all" (every ad account the Meta connection sees) or a list of act_<id>'),
  level: z.enum(RULE_LEVELS).describe('campaign, ad_set or ad'),
  filters: z
    .object({
      ids: z
        .array(z.string().regex(/^\d{1,25}$/))
        .max(500)
        .optional()
        .describe('Only these object ids'),
      nameContains: z
        .string()
        .min(1)
        .max(200)
        .optional()
        .describe('Name contains (case-insensitive)'),
      statuses: z
        .array(z.enum(['ACTIVE', 'PAUSED']))
        .max(2)
        .optional()
        .describe('Only objects with these statuses (default: ACTIVE and PAUSED)'),
      objectives: z
        .array(z.string().regex(/^[A-Z_]{2,40}$/))
        .max(20)
        .optional()
        .describe('Only campaigns with these objectives (e.g. OUTCOME_SALES)'),
    })
    .default({})
    .describe('Object filters'),
})

/** Everything a rule does, as stored in `rules.definition`. */
export const ruleDefinitionSchema = z
  .object({
    scope: scopeSchema,
    conditions: z
      .object({
        match: z
          .enum(['all', 'any'])
          .default('all')
          .describe('How groups combine: all (AND), any (OR)'),
        groups: z
          .array(conditionGroup)
          .max(10)
          .describe('Condition groups (empty: every object in scope)'),
      })
      .describe('Condition groups'),
    actions: z.array(actionSchema).min(1).max(3).describe('What to do with matching objects'),
    guards: guardsSchema.default(guardsSchema.parse({})).describe('Safety limits'),
    schedule: scheduleSchema.describe('When the rule runs'),
  })
  .superRefine((definition, context) => {
    const writes = definition.actions.filter((action) => WRITE_ACTIONS.includes(action.type))
    if (writes.length > 1) {
      context.addIssue({
        code: 'custom',
        path: ['actions'],
        message: 'A rule may have at most one action that writes to Meta.',
      })
    }
    definition.actions.forEach((action, index) => {
      const path = ['actions', index]
      const budget = ['set_budget', 'increase_budget', 'decrease_budget'].includes(action.type)
      if (budget && definition.scope.level === 'ad') {
        context.addIssue({
          code: 'custom',
          path,
          message: 'Ads have no budget: use level campaign or ad_set.',
        })
      }
      if (action.type === 'change_bid' && definition.scope.level !== 'ad_set') {
        context.addIssue({
          code: 'custom',
          path,
          message: 'Bids are set on ad sets: use level ad_set.',
        })
      }
      if (
        action.type !== 'change_bid' &&
        ((action.percent !== undefined && action.percent < 0) ||
          (action.amount !== undefined && action.amount < 0))
      ) {
        context.addIssue({
          code: 'custom',
          path,
          message:
            'Only change_bid takes a negative percent or amount; to lower a budget use decrease_budget.',
        })
      }
      if (action.type === 'set_budget' && action.amount === undefined) {
        context.addIssue({
          code: 'custom',
          path,
          message: 'set_budget needs amount (minor units).',
        })
      }
      if (
        ['increase_budget', 'decrease_budget', 'change_bid'].includes(action.type) &&
        (action.amount === undefined) === (action.percent === undefined)
      ) {
        context.addIssue({
          code: 'custom',
          path,
          message: `${action.type} needs exactly one of percent or amount.`,
        })
      }
      if (action.type === 'webhook') {
        if (!action.url) context.addIssue({ code: 'custom', path, message: 'webhook needs url.' })
        else if (!/^https?:\/\//.test(action.url))
          context.addIssue({ code: 'custom', path, message: 'Webhook URLs are http(s) URLs.' })
      }
    })
    definition.conditions.groups.forEach((group, groupIndex) =>
      group.conditions.forEach((condition, index) => {
        if (
          condition.kind === 'value' &&
          (condition.operator === 'between' || condition.operator === 'not_between') &&
          (condition.valueTo === undefined || condition.valueTo < condition.value)
        ) {
          context.addIssue({
            code: 'custom',
            path: ['conditions', 'groups', groupIndex, 'conditions', index, 'valueTo'],
            message: 'between needs valueTo ≥ value.',
          })
        }
      })
    )
    const { minBudget, maxBudget } = definition.guards
    if (minBudget !== undefined && maxBudget !== undefined && minBudget > maxBudget) {
      context.addIssue({
        code: 'custom',
        path: ['guards', 'minBudget'],
        message: 'minBudget is above maxBudget.',
      })
    }
  })
export type RuleDefinition = z.infer<typeof ruleDefinitionSchema>
