import Rule from '#rules/models/rule'
import RuleRun from '#rules/models/rule_run'
import RuleRunItem from '#rules/models/rule_run_item'
import type { RuleRunStatus } from '#rules/models/rule_run'
import type { RuleItemStatus } from '#rules/models/rule_run_item'
import type { RuleActionType, RuleLevel, RuleMode } from '#rules/definition'

/** One change a run made (or, in dry run, would make) to one Meta object. */
export interface RuleActivityChange {
  /** `act_<id>` */
  adAccountId: string
  objectType: RuleLevel
  objectId: string
  objectName: string
  action: RuleActionType
  /** status | daily_budget | lifetime_budget | bid_amount; null for notify/webhook */
  field: string | null
  /** The field's value before (budgets and bids in minor units of the ad account's currency) */
  before: string | null
  /** The executed value, else the planned one (dry run, pending approval, refused) */
  after: string | null
  status: RuleItemStatus
}

/** One run of a rule as a client portal may see it: no definition, no webhook, no errors' bodies. */
export interface RuleActivityRun {
  id: number
  ruleName: string
  mode: RuleMode
  trigger: 'schedule' | 'manual'
  status: RuleRunStatus
  /** ISO 8601, UTC */
  startedAt: string
  finishedAt: string | null
  evaluated: number
  matched: number
  acted: number
  changes: RuleActivityChange[]
}

/** At most this many changes per run are answered (the newest runs matter, not every row). */
export const MAX_CHANGES_PER_RUN = 50

/** `123` and `act_123` name the same ad account (Meta accepts both). */
const normalized = (adAccountId: string) =>
  adAccountId.startsWith('act_') ? adAccountId : `act_${adAccountId}`

/**
 * The latest runs of a user's rules for a read-only audience (the `rule_activity` widget of
 * issue 17), newest first. With `adAccountIds`, only rules whose scope is an explicit list of
 * ad accounts all within them count: a rule scoped to `"all"` or to another account could have
 * evaluated or changed objects the audience may not see, and its counts would tell. With
 * `adAccountIds: null`, every rule of the user counts. `limit` 1-50 (default 10).
 */
export class ListRuleActivity {
  async execute(
    userId: number,
    input: { adAccountIds: string[] | null; limit?: number }
  ): Promise<RuleActivityRun[]> {
    const limit = Math.min(Math.max(Math.trunc(input.limit ?? 10), 1), 50)
    const rules = await Rule.query().where('user_id', userId)
    const allowed = input.adAccountIds ? new Set(input.adAccountIds.map(normalized)) : null
    const visible = rules.filter((rule) => {
      if (!allowed) return true
      const scoped = rule.definition.scope.adAccountIds
      return scoped !== 'all' && scoped.every((id) => allowed.has(normalized(id)))
    })
    if (visible.length === 0) return []
    const names = new Map(visible.map((rule) => [rule.id, rule.name]))
    const runs = await RuleRun.query()
      .where('user_id', userId)
      .whereIn('rule_id', [...names.keys()])
      .orderBy('id', 'desc')
      .limit(limit)
    const items = runs.length
      ? await RuleRunItem.query()
          .whereIn(
            'run_id',
            runs.map((run) => run.id)
          )
          .orderBy('id', 'asc')
      : []
    return runs.map((run) => ({
      id: run.id,
      ruleName: names.get(run.ruleId)!,
      mode: run.mode,
      trigger: run.trigger,
      status: run.status,
      startedAt: run.startedAt.toUTC().toISO()!,
      finishedAt: run.finishedAt?.toUTC().toISO() ?? null,
      evaluated: run.evaluatedCount,
      matched: run.matchedCount,
      acted: run.actedCount,
      changes: items
        .filter((item) => item.runId === run.id)
        .slice(0, MAX_CHANGES_PER_RUN)
        .map((item) => ({
          adAccountId: normalized(item.adAccountId),
          objectType: item.objectType,
          objectId: item.objectId,
          objectName: item.objectName,
          action: item.action,
          field: item.field,
          before: item.beforeValue,
          after: item.executedValue ?? item.plannedValue,
          status: item.status,
        })),
    }))
  }
}
