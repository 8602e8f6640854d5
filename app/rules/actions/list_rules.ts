import db from '@adonisjs/lucid/services/db'
import Rule from '#rules/models/rule'
import { serializeRule } from '#rules/services/rules_store'

/**
 * The user's rules, newest first, each with the status of its last run
 * (`lastRunStatus`: completed | skipped | failed | running | null).
 */
export class ListRules {
  async execute(userId: number) {
    const rules = await Rule.query().where('user_id', userId).orderBy('id', 'desc')
    const lastRuns = await lastRunStatuses(rules.map((rule) => rule.id))
    return {
      rules: rules.map((rule) => ({
        ...serializeRule(rule),
        lastRunStatus: lastRuns.get(rule.id) ?? null,
      })),
    }
  }
}

async function lastRunStatuses(ruleIds: number[]) {
  const result = new Map<number, string>()
  if (ruleIds.length === 0) return result
  const rows = await db
    .from('rule_runs')
    .whereIn('id', db.from('rule_runs').max('id').whereIn('rule_id', ruleIds).groupBy('rule_id'))
    .select('rule_id', 'status')
  for (const row of rows) result.set(Number(row.rule_id), String(row.status))
  return result
}
