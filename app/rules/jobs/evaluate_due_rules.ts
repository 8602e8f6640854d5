import { inject } from '@adonisjs/core'
import logger from '@adonisjs/core/services/logger'
import { Job } from '@adonisjs/queue'
import { RuleScheduler } from '#rules/services/rule_scheduler'

/**
 * Runs the automated rules due in the current 15-minute tick. Scheduled every minute in
 * start/scheduler.ts, so a tick is picked up within a minute of its start and again by later
 * minutes of the same tick (harmless: the claim makes each rule run once per tick).
 */
@inject()
export default class EvaluateDueRules extends Job<Record<string, never>> {
  static options = { queue: 'default', maxRetries: 0 }

  constructor(private scheduler: RuleScheduler) {
    super()
  }

  async execute() {
    const report = await this.scheduler.runTick()
    if (report.claimed > 0) logger.info(report, 'automated rules ran')
  }
}
