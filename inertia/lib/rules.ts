import type { RuleCondition, RuleDefinition, RuleRunItemView } from '~/types'

/**
 * Helpers of the Rules page: words for conditions and actions, the builder's starting draft,
 * and money entry (the builder takes amounts in the account currency's major units, the rule
 * stores minor units: 2 decimals, as for USD, EUR and GBP).
 */

export const METRIC_LABELS: Record<string, string> = {
  spend: 'Spend',
  impressions: 'Impressions',
  reach: 'Reach',
  frequency: 'Frequency',
  clicks: 'Clicks',
  ctr: 'CTR (%)',
  cpc: 'CPC',
  cpm: 'CPM',
  results: 'Results',
  cost_per_result: 'Cost per result',
  purchases: 'Purchases',
  purchase_roas: 'Purchase ROAS',
  cpa: 'CPA',
  daily_budget_used_percent: 'Daily budget used (%)',
  hours_since_last_change: 'Hours since last change',
}

/** Metrics entered as money (major units in the builder, minor units in the rule). */
export const MONEY_METRICS = new Set(['spend', 'cpc', 'cpm', 'cost_per_result', 'cpa'])

export const WINDOW_LABELS: Record<string, string> = {
  today: 'today',
  yesterday: 'yesterday',
  last_3d: 'last 3 days',
  last_7d: 'last 7 days',
  last_14d: 'last 14 days',
  last_30d: 'last 30 days',
  this_month: 'this month',
  lifetime: 'lifetime',
}

export const OPERATOR_LABELS: Record<string, string> = {
  gt: '>',
  gte: '≥',
  lt: '<',
  lte: '≤',
  eq: '=',
  between: 'between',
  not_between: 'not between',
}

export const ACTION_LABELS: Record<string, string> = {
  pause: 'Pause',
  unpause: 'Unpause',
  set_budget: 'Set budget',
  increase_budget: 'Increase budget',
  decrease_budget: 'Decrease budget',
  change_bid: 'Change bid',
  notify: 'Notify only',
  webhook: 'Call a webhook',
}

export const MODE_LABELS: Record<string, string> = {
  dry_run: 'Dry run',
  approval: 'Approval',
  auto: 'Automatic',
}

/** Minor units → a major-unit number for an input (12345 → 123.45). */
export function toMajor(minor: number): number {
  return Math.round(minor) / 100
}

/** A major-unit input → integer minor units (123.45 → 12345). */
export function toMinor(major: number): number {
  return Math.round(major * 100)
}

function formatValue(metric: string, value: number) {
  return MONEY_METRICS.has(metric) ? toMajor(value).toFixed(2) : String(value)
}

/** One condition in words: `CPA (last 7 days) > 50.00`. */
export function describeCondition(condition: RuleCondition): string {
  if (condition.kind === 'pacing') {
    return `Month-to-date spend more than ${condition.tolerancePercent} % ahead of a monthly plan of ${toMajor(condition.monthlyBudget).toFixed(2)}`
  }
  const metric = `${METRIC_LABELS[condition.metric] ?? condition.metric} (${WINDOW_LABELS[condition.window]})`
  if (condition.kind === 'trend') {
    return `${metric} ${condition.direction} by ${condition.percent} % or more against the window before`
  }
  if (condition.kind === 'compare') {
    return `${metric} ${OPERATOR_LABELS[condition.operator]} ${condition.multiplier} × ${METRIC_LABELS[condition.otherMetric]} (${WINDOW_LABELS[condition.otherWindow ?? condition.window]})`
  }
  const value = formatValue(condition.metric, condition.value)
  if (condition.operator === 'between' || condition.operator === 'not_between') {
    return `${metric} ${OPERATOR_LABELS[condition.operator]} ${value} and ${formatValue(condition.metric, condition.valueTo ?? condition.value)}`
  }
  return `${metric} ${OPERATOR_LABELS[condition.operator]} ${value}`
}

/** The rule's conditions in one sentence (groups joined by AND/OR). */
export function describeConditions(definition: RuleDefinition): string {
  const { groups, match } = definition.conditions
  if (groups.length === 0) return 'Every object in scope'
  const joiner = match === 'all' ? ' AND ' : ' OR '
  return groups
    .map((group) => {
      const inner = group.conditions
        .map(describeCondition)
        .join(group.match === 'all' ? ' and ' : ' or ')
      return groups.length > 1 && group.conditions.length > 1 ? `(${inner})` : inner
    })
    .join(joiner)
}

/** The rule's actions in words: `Increase budget by 20 %, Notify only`. */
export function describeActions(definition: RuleDefinition): string {
  return definition.actions
    .map((action) => {
      const label = ACTION_LABELS[action.type] ?? action.type
      if (action.percent !== undefined) return `${label} by ${action.percent} %`
      if (action.amount !== undefined) {
        return action.type === 'set_budget'
          ? `${label} to ${toMajor(action.amount).toFixed(2)}`
          : `${label} by ${toMajor(action.amount).toFixed(2)}`
      }
      return label
    })
    .join(', ')
}

/** The draft a new rule starts from in the builder. */
export function emptyDefinition(): RuleDefinition {
  return {
    scope: { adAccountIds: 'all', level: 'ad_set', filters: { statuses: ['ACTIVE'] } },
    conditions: {
      match: 'all',
      groups: [
        {
          match: 'all',
          conditions: [
            { kind: 'value', metric: 'cpa', window: 'last_7d', operator: 'gt', value: 5000 },
          ],
        },
      ],
    },
    actions: [{ type: 'pause' }],
    guards: {
      maxChangePercentPerAction: 50,
      maxChangePercentPer24h: 100,
      minSpend: 5000,
      minImpressions: 0,
      minAgeHours: 0,
      cooldownHours: 24,
      maxObjectsPerRun: 25,
    },
    schedule: { type: 'every', minutes: 60 },
  }
}

/** A run item's change in words: `daily_budget 5000 → 6000 (clamped)`. */
export function describeChange(item: RuleRunItemView): string {
  if (!item.field) return ACTION_LABELS[item.action] ?? item.action
  const after = item.executed ?? item.planned ?? '—'
  const money = item.field !== 'status'
  const show = (value: string | null) =>
    value === null ? '—' : money ? toMajor(Number(value)).toFixed(2) : value
  return `${item.field.replace('_', ' ')}: ${show(item.before)} → ${show(after)}${item.clamped ? ' (clamped)' : ''}`
}

/** Badge colour of a run or item status. */
export function statusVariant(status: string): 'success' | 'warning' | 'destructive' | 'secondary' {
  if (status === 'executed' || status === 'completed') return 'success'
  if (status === 'failed') return 'destructive'
  if (status === 'pending_approval' || status === 'skipped' || status === 'planned')
    return 'warning'
  return 'secondary'
}
