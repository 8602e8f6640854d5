import { inject } from '@adonisjs/core'
import { DateTime } from 'luxon'
import { GetAdSet } from '#meta/actions/get_ad_set'
import { WRITE_ACTIONS, type RuleDefinition } from '#rules/definition'
import {
  earliestDateNeeded,
  evaluateRule,
  planWrite,
  type RuleSubject,
} from '#rules/services/engine'
import { localDate, withBid } from '#rules/services/meta_facts'
import { RuleRunner, inScope } from '#rules/services/rule_runner'
import { resolveDefinition } from '#rules/actions/preview_rule'

export interface BacktestInput {
  ruleId?: number
  definition?: RuleDefinition
  /** Days to replay, ending yesterday (1-30). */
  days: number
}

/**
 * What a rule would have done over the last `days` days: the rule is evaluated once per day
 * (at the end of that day, so "today" is that whole day) on the delivery as it happened, with
 * cooldowns simulated and the guards applied to a budget that carries each simulated change
 * forward. Read-only: one insights request per ad account covers every replayed day, so reach
 * over several days is the sum of daily reach there (frequency a lower bound; runs and previews
 * use Meta's exact reach, docs/rules.md "Graph calls per tick"). A `change_bid` rule starts
 * from each ad set's current bid, read as a live run reads it (`withBid`, once per ad set that
 * gets that far); Meta keeps no bid history, so earlier bids are not replayed.
 * @throws AppError 404 `rule_not_found`, 422 `validation_failed`, Meta errors
 */
@inject()
export class BacktestRule {
  constructor(
    private runner: RuleRunner,
    private getAdSet: GetAdSet
  ) {}

  async execute(userId: number, input: BacktestInput) {
    const definition = await resolveDefinition(userId, input)
    const now = DateTime.utc()
    const facts = this.runner.tickFacts(userId, now)
    const { accounts } = await this.runner.scopedAccounts(definition, facts)
    for (const account of accounts) {
      const today = localDate(now, account.timezone)
      const first = DateTime.fromISO(today, { zone: 'utc' })
        .minus({ days: input.days })
        .toISODate()!
      facts.need(account.id, definition.scope.level, earliestDateNeeded(definition, first), false)
    }
    const write = definition.actions.find((action) => WRITE_ACTIONS.includes(action.type))
    const fires: Array<Record<string, unknown>> = []
    let skippedByCooldown = 0
    const firedObjects = new Set<string>()
    for (const account of accounts) {
      const level = await facts.facts(account, definition.scope.level)
      const lastFired = new Map<string, DateTime>()
      const current = new Map<string, RuleSubject>()
      for (let offset = input.days; offset >= 1; offset--) {
        const day = DateTime.fromISO(level.today, { zone: 'utc' }).minus({ days: offset })
        const date = day.toISODate()!
        const clock = { now: day.endOf('day'), today: date }
        let writes = 0
        for (const original of level.subjects) {
          if (!inScope(definition, original)) continue
          const subject = current.get(original.id) ?? original
          const match = evaluateRule(
            definition,
            { subject, days: level.days.get(subject.id) ?? [] },
            clock
          )
          if (!match.matched) continue
          const last = lastFired.get(subject.id)
          if (
            write &&
            last &&
            clock.now.diff(last, 'hours').hours < definition.guards.cooldownHours
          ) {
            skippedByCooldown++
            continue
          }
          let change: Record<string, unknown> | null = null
          if (write) {
            if (writes >= definition.guards.maxObjectsPerRun) continue
            let target = subject
            if (write.type === 'change_bid' && !current.has(subject.id)) {
              target = await withBid(this.getAdSet, userId, subject)
              current.set(subject.id, target)
            }
            const plan = planWrite(write, target, definition.guards)
            if (plan.kind === 'skip') continue
            writes++
            change = {
              field: plan.field,
              before: plan.before,
              after: plan.after,
              clamped: plan.clamped,
            }
            current.set(subject.id, applyPlanned(target, plan.field, plan.after))
          }
          lastFired.set(subject.id, clock.now)
          firedObjects.add(subject.id)
          fires.push({
            date,
            adAccountId: subject.adAccountId,
            objectId: subject.id,
            objectName: subject.name,
            action: write?.type ?? definition.actions[0].type,
            change,
            values: Object.fromEntries(
              Object.entries(match.values).map(([key, value]) => [
                key,
                value === null || !Number.isFinite(value)
                  ? null
                  : Math.round(value * 10000) / 10000,
              ])
            ),
          })
        }
      }
    }
    return {
      days: input.days,
      fires: fires.length,
      objects: firedObjects.size,
      skippedByCooldown,
      events: fires,
      note: 'Replayed once per day on the delivery as it happened; a simulated change does not alter later delivery.',
    }
  }
}

function applyPlanned(subject: RuleSubject, field: string, after: string | number): RuleSubject {
  if (field === 'status') return { ...subject, status: String(after) }
  if (field === 'daily_budget') return { ...subject, dailyBudget: Number(after) }
  if (field === 'lifetime_budget') return { ...subject, lifetimeBudget: Number(after) }
  return { ...subject, bidAmount: Number(after) }
}
