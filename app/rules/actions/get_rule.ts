import { ownedRule, serializeRule } from '#rules/services/rules_store'

/**
 * One rule of the user.
 * @throws AppError 404 `rule_not_found`
 */
export class GetRule {
  async execute(userId: number, input: { ruleId: number }) {
    return { rule: serializeRule(await ownedRule(userId, input.ruleId)) }
  }
}
