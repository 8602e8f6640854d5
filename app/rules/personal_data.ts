import { readConnectionName } from '#shared/read_connection'
import Rule from '#rules/models/rule'
import RuleRun from '#rules/models/rule_run'
import RuleRunItem from '#rules/models/rule_run_item'
import {
  isoTimestamp,
  pageById,
  type ErasureSubject,
  type ExportSection,
  type ExportValue,
  type PersonalDataHolder,
} from '#shared/personal_data'

const iso = (value: { toJSDate(): Date } | null | undefined) =>
  isoTimestamp(value ? value.toJSDate() : null)

const json = (value: unknown) => JSON.parse(JSON.stringify(value ?? null)) as ExportValue

/**
 * What the rules module holds about a user: rules (name, mode, definition, schedule), their
 * runs, and each run's items — what a rule did or would do to an object, including approvals
 * (`pending_approval`, `rejected`, and the time a person decided).
 */
export default class RulesPersonalData implements PersonalDataHolder {
  readonly name = 'rules'

  sections(userId: number): Record<string, ExportSection> {
    return {
      rules: {
        kind: 'many',
        rows: () =>
          pageById(
            (afterId, limit) =>
              Rule.query({ connection: readConnectionName() })
                .where('user_id', userId)
                .where('id', '>', afterId)
                .orderBy('id')
                .limit(limit),
            (rule) => ({
              id: rule.id,
              name: rule.name,
              enabled: rule.enabled,
              mode: rule.mode,
              template: rule.template,
              definition: json(rule.definition),
              lastRunAt: iso(rule.lastRunAt),
              nextRunAt: iso(rule.nextRunAt),
              createdAt: iso(rule.createdAt),
              updatedAt: iso(rule.updatedAt),
            })
          ),
      },
      ruleRuns: {
        kind: 'many',
        rows: () =>
          pageById(
            (afterId, limit) =>
              RuleRun.query({ connection: readConnectionName() })
                .where('user_id', userId)
                .where('id', '>', afterId)
                .orderBy('id')
                .limit(limit),
            (run) => ({
              id: run.id,
              ruleId: run.ruleId,
              trigger: run.trigger,
              tick: run.tick,
              status: run.status,
              mode: run.mode,
              reason: run.reason,
              evaluatedCount: Number(run.evaluatedCount),
              matchedCount: Number(run.matchedCount),
              actedCount: Number(run.actedCount),
              startedAt: iso(run.startedAt),
              finishedAt: iso(run.finishedAt),
            })
          ),
      },
      ruleRunItems: {
        kind: 'many',
        rows: () =>
          pageById(
            (afterId, limit) =>
              RuleRunItem.query({ connection: readConnectionName() })
                .where('user_id', userId)
                .where('id', '>', afterId)
                .orderBy('id')
                .limit(limit),
            (item) => ({
              id: item.id,
              runId: item.runId,
              ruleId: item.ruleId,
              adAccountId: item.adAccountId,
              objectType: item.objectType,
              objectId: item.objectId,
              objectName: item.objectName,
              metrics: json(item.metrics),
              action: item.action,
              field: item.field,
              beforeValue: item.beforeValue,
              plannedValue: item.plannedValue,
              executedValue: item.executedValue,
              clamped: item.clamped,
              status: item.status,
              reason: item.reason,
              errorCode: item.errorCode,
              errorMessage: item.errorMessage,
              createdAt: iso(item.createdAt),
              executedAt: iso(item.executedAt),
              decidedAt: iso(item.decidedAt),
              revertedAt: iso(item.revertedAt),
            })
          ),
      },
    }
  }

  async erase({ userId }: ErasureSubject): Promise<void> {
    await RuleRunItem.query().where('user_id', userId).delete()
    await RuleRun.query().where('user_id', userId).delete()
    await Rule.query().where('user_id', userId).delete()
  }
}
