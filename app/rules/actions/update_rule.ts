import { inject } from '@adonisjs/core'
import { ListAdAccounts } from '#meta/actions/list_ad_accounts'
import type { RuleDefinition, RuleMode } from '#rules/definition'
import { assertScopeCurrencies, assertScopeVisible } from '#rules/actions/create_rule'
import { ownedRule, scheduleNext, scopeZones, serializeRule } from '#rules/services/rules_store'

export interface UpdateRuleInput {
  ruleId: number
  name?: string
  definition?: RuleDefinition
  mode?: RuleMode
  enabled?: boolean
}

/**
 * Changes a rule's name, definition, mode or enabled flag (only the fields given) and
 * recomputes its next run. A new definition is checked as on creation (visible ad accounts;
 * amounts only over currencies of the same decimals).
 * @throws AppError 404 `rule_not_found`, 404 `meta_object_not_owned`, 409 `meta_not_connected`,
 *   422 `rule_currency_mismatch`
 */
@inject()
export class UpdateRule {
  constructor(private listAdAccounts: ListAdAccounts) {}

  async execute(userId: number, input: UpdateRuleInput) {
    const rule = await ownedRule(userId, input.ruleId)
    const { adAccounts } = await this.listAdAccounts.execute(userId)
    if (input.definition) {
      assertScopeVisible(
        input.definition,
        adAccounts.map((account) => account.id)
      )
      assertScopeCurrencies(input.definition, adAccounts)
      rule.definition = input.definition
    }
    if (input.name !== undefined) rule.name = input.name.trim()
    if (input.mode !== undefined) rule.mode = input.mode
    if (input.enabled !== undefined) rule.enabled = input.enabled
    scheduleNext(rule, scopeZones(rule.definition, adAccounts))
    await rule.save()
    return { rule: serializeRule(rule) }
  }
}
