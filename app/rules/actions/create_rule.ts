import db from '@adonisjs/lucid/services/db'
import { inject } from '@adonisjs/core'
import { AppError } from '#shared/errors'
import { withUserRowLocked } from '#shared/db_errors'
import type { QueryClientContract } from '@adonisjs/lucid/types/database'
import { findPlan, type PlanId } from '#accounts/plan_catalog'
import { ListAdAccounts } from '#meta/actions/list_ad_accounts'
import type { RuleDefinition, RuleMode } from '#rules/definition'
import Rule from '#rules/models/rule'
import {
  assertScopeCurrencies,
  scheduleNext,
  scopeZones,
  serializeRule,
} from '#rules/services/rules_store'

export interface CreateRuleInput {
  name: string
  definition: RuleDefinition
  /** Default `dry_run`: a new rule records what it would do until its owner says otherwise. */
  mode?: RuleMode
  /** Default false: the rule runs on its schedule once enabled. */
  enabled?: boolean
  template?: string | null
}

/**
 * Creates a rule for the user after checking the plan's rule count (`ruleLimit` of the plan
 * catalogue), that every ad account the scope names is one the Meta connection sees, and that
 * a rule with amounts of money covers ad accounts whose currencies share their decimals.
 * @throws AppError 403 `rule_limit_reached` (details `limit`, `planId`),
 *   404 `meta_object_not_owned`, 409 `meta_not_connected`, 422 `rule_currency_mismatch`
 */
@inject()
export class CreateRule {
  constructor(private listAdAccounts: ListAdAccounts) {}

  async execute(userId: number, planId: PlanId, input: CreateRuleInput) {
    await assertRuleAllowance(userId, planId, 1)
    const { adAccounts } = await this.listAdAccounts.execute(userId)
    assertScopeVisible(
      input.definition,
      adAccounts.map((account) => account.id)
    )
    assertScopeCurrencies(input.definition, adAccounts)
    const rule = new Rule()
    rule.merge({
      userId,
      name: input.name.trim(),
      enabled: input.enabled ?? false,
      mode: input.mode ?? 'dry_run',
      definition: input.definition,
      template: input.template ?? null,
      lastRunAt: null,
    })
    scheduleNext(rule, scopeZones(input.definition, adAccounts))
    // Counted again and inserted in one transaction (the user's row locked): two concurrent
    // creations at the limit cannot both pass it. The check above refuses before calling Meta.
    await withUserRowLocked(userId, async (trx) => {
      await assertRuleAllowance(userId, planId, 1, trx)
      rule.useTransaction(trx)
      await rule.save()
    })
    return { rule: serializeRule(rule) }
  }
}

/**
 * Refuses a rule beyond the plan's allowance.
 * @throws AppError 403 `rule_limit_reached`
 */
export async function assertRuleAllowance(
  userId: number,
  planId: PlanId,
  adding: number,
  client: QueryClientContract = db.connection()
) {
  const limit = findPlan(planId)?.ruleLimit ?? 0
  const [row] = await client.from('rules').where('user_id', userId).count('* as total')
  if (Number(row.total) + adding > limit) {
    throw new AppError(
      'rule_limit_reached',
      `Your plan allows ${limit} automated rule${limit === 1 ? '' : 's'}; delete one or upgrade at /subscription.`,
      403,
      { limit, planId }
    )
  }
}

/**
 * Every ad account the scope lists must be visible to the Meta connection.
 * @throws AppError 404 `meta_object_not_owned` naming the first one that is not
 */
export function assertScopeVisible(definition: RuleDefinition, visible: string[]) {
  if (definition.scope.adAccountIds === 'all') return
  for (const raw of definition.scope.adAccountIds) {
    const id = raw.startsWith('act_') ? raw : `act_${raw}`
    if (!visible.includes(id)) {
      throw new AppError(
        'meta_object_not_owned',
        `Meta object ${id} is not in any ad account your Meta connection can see.`,
        404,
        { objectId: id, field: 'definition.scope.adAccountIds' }
      )
    }
  }
}

// Re-exported: the currency rule lives with the rules' scope (it also guards runs).
export { assertScopeCurrencies } from '#rules/services/rules_store'
export { definitionAmounts } from '#rules/amounts'
