import { currencyDigits, minorToMajor } from '~/lib/campaigns'
import type { RuleCondition, RuleDefinition, RuleRunItemView } from '~/types'
import { MONEY_METRICS, definitionAmounts } from '../../app/rules/amounts'

/**
 * Helpers of the Rules page: words for conditions and actions, the builder's starting draft,
 * and money entry (the builder takes amounts in the ad account currency's major units, the
 * rule stores minor units: Meta's budgets are minor units of the account currency, with that
 * currency's decimals, 2 for USD, EUR and GBP, 0 for JPY or KRW).
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
export { MONEY_METRICS }

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

/**
 * Minor units in words with the currency's `digits` decimals (`50.00`, `5000`); `null`
 * digits (the currencies are not known, or differ in decimals) shows the stored figure.
 */
export function formatAmount(minor: number, digits: number | null): string {
  return digits === null ? `${minor} (minor units)` : minorToMajor(minor, digits).toFixed(digits)
}

/** What the builder needs of an ad account to convert its money. */
export interface AccountCurrency {
  id: string
  currency: string
}

/**
 * The money of a rule's scope: `ok` with the decimals every ad account in scope shares (USD
 * and EUR both have 2), `mixed` when they differ (USD and JPY: one amount cannot mean the
 * same in both), `unknown` while no ad account of the scope is known.
 */
export type ScopeMoney =
  | { kind: 'ok'; digits: number; currencies: string[] }
  | { kind: 'mixed'; currencies: string[] }
  | { kind: 'unknown' }

/** The ad accounts `definition` covers among `accounts` (`all`, or the listed ids). */
export function scopeAccounts<T extends AccountCurrency>(
  definition: RuleDefinition,
  accounts: readonly T[]
): T[] {
  const ids = definition.scope.adAccountIds
  if (ids === 'all') return [...accounts]
  const wanted = new Set(ids.map((id) => (id.startsWith('act_') ? id : `act_${id}`)))
  return accounts.filter((account) => wanted.has(account.id))
}

/** The decimals of the currencies of `accounts`, for entering and showing amounts. */
export function currencyMoney(accounts: readonly AccountCurrency[]): ScopeMoney {
  const currencies = [...new Set(accounts.map((account) => account.currency))].sort()
  if (currencies.length === 0) return { kind: 'unknown' }
  const digits = new Set(currencies.map(currencyDigits))
  if (digits.size > 1) return { kind: 'mixed', currencies }
  return { kind: 'ok', digits: [...digits][0], currencies }
}

/** The money of `definition`'s scope among `accounts` (see `ScopeMoney`); unknown without them. */
export function scopeMoney(
  definition: RuleDefinition,
  accounts: readonly AccountCurrency[] | undefined
): ScopeMoney {
  return accounts ? currencyMoney(scopeAccounts(definition, accounts)) : { kind: 'unknown' }
}

/**
 * Whether `definition` holds an amount of money (a money condition, a spend plan, a budget
 * amount, a min or max budget, a minimum spend): what a scope mixing decimals cannot hold.
 * The server's own rule (app/rules/amounts.ts), which refuses the same.
 */
export const hasAmounts: (definition: RuleDefinition) => boolean = definitionAmounts

/** Why amounts cannot be entered for a scope mixing `currencies` of different decimals. */
export function mixedCurrencyMessage(currencies: string[]): string {
  return `The ad accounts of this rule use currencies with different decimals (${currencies.join(', ')}), so one amount cannot mean the same in each. Choose ad accounts whose currencies have the same decimals (or make one rule per currency), or remove the amounts.`
}

function formatValue(metric: string, value: number, digits: number | null) {
  return MONEY_METRICS.has(metric) ? formatAmount(value, digits) : String(value)
}

/**
 * One condition in words: `CPA (last 7 days) > 50.00`, amounts with the scope currency's
 * `digits` decimals (`formatAmount`).
 */
export function describeCondition(condition: RuleCondition, digits: number | null): string {
  if (condition.kind === 'pacing') {
    return `Month-to-date spend more than ${condition.tolerancePercent} % ahead of a monthly plan of ${formatAmount(condition.monthlyBudget, digits)}`
  }
  const metric = `${METRIC_LABELS[condition.metric] ?? condition.metric} (${WINDOW_LABELS[condition.window]})`
  if (condition.kind === 'trend') {
    return `${metric} ${condition.direction} by ${condition.percent} % or more against the window before`
  }
  if (condition.kind === 'compare') {
    return `${metric} ${OPERATOR_LABELS[condition.operator]} ${condition.multiplier} × ${METRIC_LABELS[condition.otherMetric]} (${WINDOW_LABELS[condition.otherWindow ?? condition.window]})`
  }
  const value = formatValue(condition.metric, condition.value, digits)
  if (condition.operator === 'between' || condition.operator === 'not_between') {
    return `${metric} ${OPERATOR_LABELS[condition.operator]} ${value} and ${formatValue(condition.metric, condition.valueTo ?? condition.value, digits)}`
  }
  return `${metric} ${OPERATOR_LABELS[condition.operator]} ${value}`
}

/** The rule's conditions in one sentence (groups joined by AND/OR; amounts as `describeCondition`). */
export function describeConditions(definition: RuleDefinition, digits: number | null): string {
  const { groups, match } = definition.conditions
  if (groups.length === 0) return 'Every object in scope'
  const joiner = match === 'all' ? ' AND ' : ' OR '
  return groups
    .map((group) => {
      const inner = group.conditions
        .map((condition) => describeCondition(condition, digits))
        .join(group.match === 'all' ? ' and ' : ' or ')
      return groups.length > 1 && group.conditions.length > 1 ? `(${inner})` : inner
    })
    .join(joiner)
}

/** The rule's actions in words: `Increase budget by 20 %, Notify only` (amounts with `digits`). */
export function describeActions(definition: RuleDefinition, digits: number | null): string {
  return definition.actions
    .map((action) => {
      const label = ACTION_LABELS[action.type] ?? action.type
      if (action.percent !== undefined) return `${label} by ${action.percent} %`
      if (action.amount !== undefined) {
        return action.type === 'set_budget'
          ? `${label} to ${formatAmount(action.amount, digits)}`
          : `${label} by ${formatAmount(action.amount, digits)}`
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

/**
 * A run item's change in words: `daily budget: 50.00 → 60.00 (clamped)`, amounts with the
 * `digits` decimals of its ad account's currency.
 */
export function describeChange(item: RuleRunItemView, digits: number | null): string {
  if (!item.field) return ACTION_LABELS[item.action] ?? item.action
  const after = item.executed ?? item.planned ?? '—'
  const money = item.field !== 'status'
  const show = (value: string | null) =>
    value === null ? '—' : money ? formatAmount(Number(value), digits) : value
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

/** The tabs of the Rules page. */
export const RULES_TABS = ['rules', 'templates', 'history', 'approvals'] as const
export type RulesTab = (typeof RULES_TABS)[number]

/** Where the Rules page opens: its tab, the rule whose history it shows, the run it points at. */
export interface RulesPageStart {
  tab: RulesTab
  ruleId: number | null
  runId: number | null
}

/**
 * The Rules page's starting state from its URL (path and query, as Inertia's `page.url`), so
 * links from alerts open their target: `?tab=approvals` the approvals inbox, `?rule=7&run=42`
 * the history of rule 7 with run 42 shown (a `rule` or `run` without a tab means the history).
 * Unknown tabs and ids that are not positive integers are ignored.
 */
export function rulesPageStart(url: string): RulesPageStart {
  const query = new URL(url, 'http://localhost').searchParams
  const id = (name: string) => {
    const value = query.get(name)
    return value !== null && /^[1-9]\d{0,15}$/.test(value) ? Number(value) : null
  }
  const ruleId = id('rule')
  const runId = id('run')
  const asked = query.get('tab')
  const tab = RULES_TABS.find((name) => name === asked)
  return { tab: tab ?? (ruleId !== null || runId !== null ? 'history' : 'rules'), ruleId, runId }
}

/**
 * The decimals of the currency of ad account `adAccountId` among `accounts` (for a run
 * item's amounts); null when the account is not known.
 */
export function accountDigits(
  adAccountId: string,
  accounts: readonly AccountCurrency[] | undefined
): number | null {
  const account = accounts?.find((candidate) => candidate.id === adAccountId)
  return account ? currencyDigits(account.currency) : null
}
