import { inject } from '@adonisjs/core'
import logger from '@adonisjs/core/services/logger'
import { Job } from '@adonisjs/queue'
import { DateTime } from 'luxon'
import { RuleScheduler } from '#rules/services/rule_scheduler'

/**
 * The job's payload. `at` (ISO 8601) names the instant whose 15-minute tick is evaluated;
 * absent (the schedule's own runs), the current instant. It lets an operator or a test
 * trigger a given tick through the schedule (`Schedule.find('rules:evaluate-due')
 * .trigger({ at })`); an unparsable value falls back to now.
 */
export interface EvaluateDueRulesPayload {
  at?: string
}

/**
 * Runs the automated rules due in the current 15-minute tick. Scheduled every minute in
 * start/scheduler.ts, so a tick is picked up within a minute of its start and again by later
 * minutes of the same tick (harmless: the claim makes each rule run once per tick, on however
 * many instances and workers; ADR 0013).
 *
 * Logs one line per run that found due rules: `rules tick <tick>: claimed N, already claimed
 * M` (info), where "already claimed" counts due rules another worker held.
 */
@inject()
export default class EvaluateDueRules extends Job<EvaluateDueRulesPayload> {
  static options = { queue: 'default', maxRetries: 0 }

  constructor(private scheduler: RuleScheduler) {
    super()
  }

  async execute() {
    const requested = this.payload?.at ? DateTime.fromISO(this.payload.at, { zone: 'utc' }) : null
    const report = await this.scheduler.runTick(requested?.isValid ? requested : DateTime.utc())
    if (report.claimed > 0 || report.alreadyClaimed > 0) {
      logger.info(
        { graphCalls: report.graphCalls },
        'rules tick %s: claimed %d, already claimed %d',
        report.tick,
        report.claimed,
        report.alreadyClaimed
      )
    }
  }
}
