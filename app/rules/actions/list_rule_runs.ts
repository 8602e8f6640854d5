import { AppError } from '#shared/errors'
import RuleRun from '#rules/models/rule_run'
import RuleRunItem from '#rules/models/rule_run_item'
import { ownedRule, serializeRun } from '#rules/services/rules_store'

export interface ListRuleRunsInput {
  ruleId?: number
  /** Newest first; 1-100 (default 20). */
  limit?: number
  /** Runs with an id below this (the previous page's `nextBefore`). */
  before?: number
}

/**
 * Run history, newest first: of one rule, or of all the user's rules; each run with its items
 * (what matched, the values, before → after, planned vs executed, errors with Meta's message).
 * @throws AppError 404 `rule_not_found`
 */
export class ListRuleRuns {
  async execute(userId: number, input: ListRuleRunsInput) {
    if (input.ruleId !== undefined) await ownedRule(userId, input.ruleId)
    const limit = Math.min(Math.max(Math.trunc(input.limit ?? 20), 1), 100)
    const query = RuleRun.query()
      .where('user_id', userId)
      .orderBy('id', 'desc')
      .limit(limit + 1)
    if (input.ruleId !== undefined) query.where('rule_id', input.ruleId)
    if (input.before !== undefined) query.where('id', '<', input.before)
    const runs = await query
    const page = runs.slice(0, limit)
    const items = page.length
      ? await RuleRunItem.query()
          .whereIn(
            'run_id',
            page.map((run) => run.id)
          )
          .orderBy('id', 'asc')
      : []
    return {
      runs: page.map((run) =>
        serializeRun(
          run,
          items.filter((item) => item.runId === run.id)
        )
      ),
      nextBefore: runs.length > limit ? page[page.length - 1].id : null,
    }
  }
}

/**
 * The user's run item `id`.
 * @throws AppError 404 `rule_action_not_found`
 */
export async function ownedItem(userId: number, id: number) {
  const item = await RuleRunItem.query().where('id', id).where('user_id', userId).first()
  if (!item) {
    throw new AppError('rule_action_not_found', `There is no rule action ${id}.`, 404, {
      itemId: id,
    })
  }
  return item
}
