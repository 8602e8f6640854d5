import db from '@adonisjs/lucid/services/db'
import { ownedRule } from '#rules/services/rules_store'

/**
 * Deletes a rule with its run history and pending approvals, in one transaction. Changes
 * already made at Meta stay as they are.
 * @throws AppError 404 `rule_not_found`
 */
export class DeleteRule {
  async execute(userId: number, input: { ruleId: number }) {
    const rule = await ownedRule(userId, input.ruleId)
    await db.transaction(async (trx) => {
      await trx.from('rule_run_items').where('rule_id', rule.id).delete()
      await trx.from('rule_runs').where('rule_id', rule.id).delete()
      await trx.from('rules').where('id', rule.id).delete()
    })
    return { deleted: true, ruleId: input.ruleId }
  }
}
