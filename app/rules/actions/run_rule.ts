import { inject } from '@adonisjs/core'
import { DateTime } from 'luxon'
import RuleRunItem from '#rules/models/rule_run_item'
import { RuleRunner } from '#rules/services/rule_runner'
import { claim, manualTick } from '#rules/services/rule_scheduler'
import { ownedRule, serializeRun } from '#rules/services/rules_store'

/**
 * Runs a rule now, outside its schedule, on every ad account in scope, in the rule's mode
 * (or as a dry run when `dryRun` is true). Records a run like a scheduled one and returns it
 * with its items.
 * @throws AppError 404 `rule_not_found`
 */
@inject()
export class RunRule {
  constructor(private runner: RuleRunner) {}

  async execute(userId: number, input: { ruleId: number; dryRun?: boolean }) {
    const rule = await ownedRule(userId, input.ruleId)
    const now = DateTime.utc()
    const mode = input.dryRun ? 'dry_run' : rule.mode
    const run = (await claim(rule, manualTick(), 'manual', mode, now))!
    const facts = this.runner.tickFacts(userId, now)
    try {
      const { accounts } = await this.runner.scopedAccounts(rule.definition, facts)
      this.runner.declareNeeds(rule.definition, facts, accounts)
      await this.runner.execute(rule, run, facts, accounts)
    } catch (error) {
      this.runner.recordFailure(rule, run, error)
      run.finishedAt = DateTime.utc()
      await run.save()
    }
    rule.lastRunAt = now
    await rule.save()
    const items = await RuleRunItem.query().where('run_id', run.id).orderBy('id', 'asc')
    return { run: serializeRun(run, items) }
  }
}
