import { inject } from '@adonisjs/core'
import { DateTime } from 'luxon'
import { AppError } from '#shared/errors'
import { WRITE_ACTIONS, type RuleAction, type RuleDefinition } from '#rules/definition'
import { GetAdSet } from '#meta/actions/get_ad_set'
import { planWrite, type RuleSubject } from '#rules/services/engine'
import { withBid } from '#rules/services/meta_facts'
import { RuleRunner } from '#rules/services/rule_runner'
import { ownedRule } from '#rules/services/rules_store'

/**
 * What a rule (saved, or a draft definition) matches right now and what it would do to each
 * match after the guards — nothing is written and nothing recorded. Cooldowns from earlier
 * runs are not applied (a draft has none). A `change_bid` rule reads each match's current bid
 * as a live run does (`withBid`: one `GET /<ad set id>` per match).
 * @throws AppError 404 `rule_not_found`, 422 `validation_failed` (neither ruleId nor
 *   definition), Meta errors (`meta_not_connected`, `meta_rate_limited`, ...)
 */
@inject()
export class PreviewRule {
  constructor(
    private runner: RuleRunner,
    private getAdSet: GetAdSet
  ) {}

  async execute(userId: number, input: { ruleId?: number; definition?: RuleDefinition }) {
    const definition = await resolveDefinition(userId, input)
    const facts = this.runner.tickFacts(userId, DateTime.utc())
    const { accounts, missing } = await this.runner.scopedAccounts(definition, facts)
    this.runner.declareNeeds(definition, facts, accounts)
    const { evaluated, candidates } = await this.runner.evaluate(definition, facts, accounts)
    const write = definition.actions.find((action) => WRITE_ACTIONS.includes(action.type))
    let writes = 0
    const matches = []
    for (const { subject, match } of candidates) {
      let planned: Record<string, unknown> | null = null
      if (write) planned = await this.planFor(userId, write, subject, definition, writes)
      if (planned && !planned.skipped) writes++
      matches.push({
        adAccountId: subject.adAccountId,
        objectType: subject.type,
        objectId: subject.id,
        objectName: subject.name,
        status: subject.status,
        values: Object.fromEntries(
          Object.entries(match.values).map(([key, value]) => [
            key,
            value === null || !Number.isFinite(value) ? null : Math.round(value * 10000) / 10000,
          ])
        ),
        planned,
      })
    }
    return { evaluated, matched: candidates.length, missingAdAccounts: missing, matches }
  }

  /**
   * What the preview shows for one match's write: the planned change (before → after), or
   * why it is skipped: the guards (engine.planWrite), the blast-radius cap once `writes`
   * objects already change, or, for change_bid, a bid that could not be read. The bid is read
   * (one Graph call per ad set) only while writes are left, and an ad set Meta will not show
   * (gone, or no longer the user's) skips that match instead of failing the whole preview.
   */
  private async planFor(
    userId: number,
    write: RuleAction,
    subject: RuleSubject,
    definition: RuleDefinition,
    writes: number
  ): Promise<Record<string, unknown>> {
    const cap = {
      action: write.type,
      skipped: true,
      reason: `blast-radius cap: at most ${definition.guards.maxObjectsPerRun} objects changed per run`,
    }
    const capReached = writes >= definition.guards.maxObjectsPerRun
    let target = subject
    if (write.type === 'change_bid') {
      if (capReached) return cap
      try {
        target = await withBid(this.getAdSet, userId, subject)
      } catch (error) {
        const why = error instanceof AppError ? error.message : 'the ad set could not be read'
        return { action: write.type, skipped: true, reason: `its bid could not be read: ${why}` }
      }
    }
    const plan = planWrite(write, target, definition.guards)
    if (plan.kind !== 'write') return { action: write.type, skipped: true, reason: plan.reason }
    if (capReached) return cap
    return {
      action: write.type,
      field: plan.field,
      before: plan.before,
      after: plan.after,
      clamped: plan.clamped,
      reasons: plan.reasons,
    }
  }
}

/**
 * The saved rule's definition, or the draft given.
 * @throws AppError 404 `rule_not_found`, 422 `validation_failed`
 */
export async function resolveDefinition(
  userId: number,
  input: { ruleId?: number; definition?: RuleDefinition }
): Promise<RuleDefinition> {
  if (input.definition) return input.definition
  if (input.ruleId !== undefined) {
    const rule = await ownedRule(userId, input.ruleId)
    return rule.definition
  }
  throw new AppError('validation_failed', 'Give a ruleId or a definition.', 422, {
    field: 'ruleId',
  })
}
