import { readConnectionName } from '#shared/read_connection'
import { stringify } from 'csv-stringify'
import { Readable } from 'node:stream'
import { neutralizeFormula } from '#shared/csv_cells'
import RuleRunItem from '#rules/models/rule_run_item'
import { ownedRule } from '#rules/services/rules_store'
import { assertPlanHasFeature } from '#accounts/plan_catalog'
import { entitlementOf } from '#accounts/actions/resolve_entitlement'

const COLUMNS: Array<[string, string]> = [
  ['createdAt', 'Time (UTC)'],
  ['ruleId', 'Rule ID'],
  ['runId', 'Run ID'],
  ['adAccountId', 'Ad account'],
  ['objectType', 'Level'],
  ['objectId', 'Object ID'],
  ['objectName', 'Object name'],
  ['action', 'Action'],
  ['field', 'Field'],
  ['before', 'Before'],
  ['planned', 'Planned'],
  ['executed', 'Executed'],
  ['clamped', 'Clamped'],
  ['status', 'Status'],
  ['reason', 'Reason'],
  ['error', 'Meta error'],
  ['metrics', 'Metric values'],
]

const CHUNK_SIZE = 500

/**
 * The run history as CSV (one row per run item, newest first), of one rule or all the user's
 * rules; money in minor units as stored, metric values as `key=value` pairs. Text cells are
 * made inert for spreadsheets (OWASP CSV injection).
 * @throws AppError 403 `plan_upgrade_required` unless the plan has `automated_rules` (checked
 *   here so every surface that exports history enforces it), 404 `rule_not_found`
 */
export class ExportRuleRuns {
  async execute(userId: number, input: { ruleId?: number }) {
    const { plan } = await entitlementOf(userId)
    assertPlanHasFeature(plan.id, 'automated_rules', 'Rule history export')
    if (input.ruleId !== undefined) await ownedRule(userId, input.ruleId)
    const csv = stringify({
      header: true,
      columns: COLUMNS.map(([key, header]) => ({ key, header })),
      cast: { string: neutralizeFormula, boolean: (value) => (value ? 'yes' : 'no') },
    })
    const rows = Readable.from(this.#rows(userId, input.ruleId))
    rows.on('error', (error) => csv.destroy(error))
    rows.pipe(csv)
    const day = new Date().toISOString().slice(0, 10)
    return { stream: csv, filename: `adrelay-rule-history-${day}.csv` }
  }

  async *#rows(userId: number, ruleId: number | undefined) {
    let beforeId: number | null = null
    while (true) {
      const query = RuleRunItem.query({ connection: readConnectionName() })
        .where('user_id', userId)
        .orderBy('id', 'desc')
        .limit(CHUNK_SIZE)
      if (ruleId !== undefined) query.where('rule_id', ruleId)
      if (beforeId !== null) query.where('id', '<', beforeId)
      const items = await query
      for (const item of items) {
        yield {
          createdAt: item.createdAt.toUTC().toISO(),
          ruleId: item.ruleId,
          runId: item.runId,
          adAccountId: item.adAccountId,
          objectType: item.objectType,
          objectId: item.objectId,
          objectName: item.objectName,
          action: item.action,
          field: item.field ?? '',
          before: item.beforeValue ?? '',
          planned: item.plannedValue ?? '',
          executed: item.executedValue ?? '',
          clamped: item.clamped,
          status: item.status,
          reason: item.reason ?? '',
          error: item.errorMessage ?? '',
          metrics: Object.entries(item.metrics)
            .map(([key, value]) => `${key}=${value ?? ''}`)
            .join('; '),
        }
      }
      if (items.length < CHUNK_SIZE) return
      beforeId = items[items.length - 1].id
    }
  }
}
