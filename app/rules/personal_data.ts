import Rule from '#rules/models/rule'
import RuleRun from '#rules/models/rule_run'
import RuleRunItem from '#rules/models/rule_run_item'
import { OwnedRowsHolder, isoDateTime, jsonValue, ownedTable } from '#shared/personal_data'

/**
 * What the rules module holds about a user: rules (name, mode, definition, schedule), their
 * runs, and each run's items — what a rule did or would do to an object, including approvals
 * (`pending_approval`, `rejected`, and the time a person decided).
 */
export default class RulesPersonalData extends OwnedRowsHolder {
  readonly name = 'rules'
  protected readonly tables = {
    rules: ownedTable(Rule, (rule) => ({
      id: rule.id,
      name: rule.name,
      enabled: rule.enabled,
      mode: rule.mode,
      template: rule.template,
      definition: jsonValue(rule.definition),
      lastRunAt: isoDateTime(rule.lastRunAt),
      nextRunAt: isoDateTime(rule.nextRunAt),
      createdAt: isoDateTime(rule.createdAt),
      updatedAt: isoDateTime(rule.updatedAt),
    })),
    ruleRuns: ownedTable(RuleRun, (run) => ({
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
      startedAt: isoDateTime(run.startedAt),
      finishedAt: isoDateTime(run.finishedAt),
    })),
    ruleRunItems: ownedTable(RuleRunItem, (item) => ({
      id: item.id,
      runId: item.runId,
      ruleId: item.ruleId,
      adAccountId: item.adAccountId,
      objectType: item.objectType,
      objectId: item.objectId,
      objectName: item.objectName,
      metrics: jsonValue(item.metrics),
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
      createdAt: isoDateTime(item.createdAt),
      executedAt: isoDateTime(item.executedAt),
      decidedAt: isoDateTime(item.decidedAt),
      revertedAt: isoDateTime(item.revertedAt),
    })),
  }
  protected readonly eraseOrder = [RuleRunItem, RuleRun, Rule]
}
