/**
 * Which rule definitions hold amounts of money: pure, without runtime imports, so the server
 * (which refuses a rule with amounts over currencies of different decimals) and the Rules
 * page's builder (which says so before saving) apply one rule.
 */
import type { RuleDefinition } from '#rules/definition'

/** Metrics whose values are money (minor units of the ad account's currency). */
export const MONEY_METRICS: ReadonlySet<string> = new Set([
  'spend',
  'cpc',
  'cpm',
  'cost_per_result',
  'cpa',
])

/**
 * Whether `definition` holds an amount of money: a money condition (spend, CPC, CPM, cost per
 * result, CPA against a value), a monthly spend plan, a budget or bid amount, a min or max
 * budget, or a minimum spend above 0. Percentages, ratios and counts are not money.
 */
export function definitionAmounts(definition: RuleDefinition): boolean {
  const { guards } = definition
  const conditions = definition.conditions.groups.flatMap((group) => group.conditions)
  return (
    conditions.some(
      (condition) =>
        condition.kind === 'pacing' ||
        (condition.kind === 'value' && MONEY_METRICS.has(condition.metric))
    ) ||
    definition.actions.some((action) => action.amount !== undefined) ||
    guards.minBudget !== undefined ||
    guards.maxBudget !== undefined ||
    guards.minSpend > 0
  )
}
