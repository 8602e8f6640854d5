import { DateTime } from 'luxon'
import { AppError } from '#shared/errors'
import { currencyExponent } from '#meta/currency'
import { definitionAmounts } from '#rules/amounts'
import type { AdAccount } from '#meta/services/normalize'
import type { RuleDefinition } from '#rules/definition'
import Rule from '#rules/models/rule'
import type RuleRun from '#rules/models/rule_run'
import type RuleRunItem from '#rules/models/rule_run_item'
import { describeSchedule, nextRunAt } from '#rules/services/schedule'

/**
 * The user's rule `id`.
 * @throws AppError 404 `rule_not_found` (unknown, or another user's: the same answer)
 */
export async function ownedRule(userId: number, id: number): Promise<Rule> {
  const rule = await Rule.query().where('id', id).where('user_id', userId).first()
  if (!rule) throw new AppError('rule_not_found', `There is no rule ${id}.`, 404, { ruleId: id })
  return rule
}

/** The ad accounts among `accounts` that a rule covers (`all`, or the listed ids). */
export function scopeAccounts(definition: RuleDefinition, accounts: AdAccount[]): AdAccount[] {
  const ids = definition.scope.adAccountIds
  return ids === 'all'
    ? accounts
    : accounts.filter((account) =>
        ids.some((id) => account.id === (id.startsWith('act_') ? id : `act_${id}`))
      )
}

/** The time zones of the ad accounts a rule covers (UTC for accounts without one). */
export function scopeZones(definition: RuleDefinition, accounts: AdAccount[]): string[] {
  const covered = scopeAccounts(definition, accounts)
  return [...new Set(covered.map((account) => account.timezone ?? 'UTC'))]
}

/** Sets `nextRunAt` from the schedule (null while disabled). */
export function scheduleNext(rule: Rule, zones: string[], after: DateTime = DateTime.utc()) {
  rule.nextRunAt = rule.enabled ? nextRunAt(rule.definition.schedule, zones, after) : null
}

/** The public shape of a rule (REST, MCP, the Rules page). */
export function serializeRule(rule: Rule) {
  return {
    id: rule.id,
    name: rule.name,
    enabled: rule.enabled,
    mode: rule.mode,
    template: rule.template,
    definition: rule.definition,
    scheduleText: describeSchedule(rule.definition.schedule),
    lastRunAt: rule.lastRunAt?.toISO() ?? null,
    nextRunAt: rule.nextRunAt?.toISO() ?? null,
    createdAt: rule.createdAt.toISO()!,
    updatedAt: rule.updatedAt.toISO()!,
  }
}
export type SerializedRule = ReturnType<typeof serializeRule>

/** The public shape of a run item (history, approvals). Values of money fields in minor units. */
export function serializeItem(item: RuleRunItem) {
  return {
    id: item.id,
    runId: item.runId,
    ruleId: item.ruleId,
    adAccountId: item.adAccountId,
    objectType: item.objectType,
    objectId: item.objectId,
    objectName: item.objectName,
    metrics: item.metrics,
    action: item.action,
    field: item.field,
    before: item.beforeValue,
    planned: item.plannedValue,
    executed: item.executedValue,
    clamped: item.clamped,
    status: item.status,
    reason: item.reason,
    errorCode: item.errorCode,
    errorMessage: item.errorMessage,
    createdAt: item.createdAt.toISO()!,
    executedAt: item.executedAt?.toISO() ?? null,
    decidedAt: item.decidedAt?.toISO() ?? null,
    revertedAt: item.revertedAt?.toISO() ?? null,
  }
}
export type SerializedRunItem = ReturnType<typeof serializeItem>

/** The public shape of a run. */
export function serializeRun(run: RuleRun, items?: RuleRunItem[]) {
  return {
    id: run.id,
    ruleId: run.ruleId,
    trigger: run.trigger,
    status: run.status,
    mode: run.mode,
    reason: run.reason,
    evaluated: run.evaluatedCount,
    matched: run.matchedCount,
    acted: run.actedCount,
    startedAt: run.startedAt.toISO()!,
    finishedAt: run.finishedAt?.toISO() ?? null,
    ...(items ? { items: items.map(serializeItem) } : {}),
  }
}
export type SerializedRun = ReturnType<typeof serializeRun>

/**
 * Amounts are minor units of each ad account's currency (Meta's budgets are), so a rule with
 * amounts must cover ad accounts whose currencies have the same decimals: 5000 is 50.00 USD
 * or 50.00 EUR, but ¥5,000. A rule with amounts over USD and JPY accounts is refused; one
 * without amounts (a frequency cap, a percent change) may span any currencies. Checked when a
 * rule is saved, and again whenever it runs, is previewed or backtested (an `all` scope may
 * have gained an account in another currency since).
 * @throws AppError 422 `rule_currency_mismatch` (details `currencies`, `field`)
 */
export function assertScopeCurrencies(definition: RuleDefinition, accounts: AdAccount[]) {
  if (!definitionAmounts(definition)) return
  const currencies = [
    ...new Set(scopeAccounts(definition, accounts).map((account) => account.currency)),
  ].sort()
  if (new Set(currencies.map(currencyExponent)).size <= 1) return
  throw new AppError(
    'rule_currency_mismatch',
    `The ad accounts of this rule use currencies with different decimals (${currencies.join(', ')}), so one amount cannot mean the same in each. List ad accounts whose currencies have the same decimals (or make one rule per currency), or remove the amounts.`,
    422,
    { currencies, field: 'definition.scope.adAccountIds' }
  )
}
