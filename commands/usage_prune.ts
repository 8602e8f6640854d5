import { BaseCommand } from '@adonisjs/core/ace'
import type { CommandOptions } from '@adonisjs/core/types/ace'

/** `node ace usage:prune`: deletes API call records and call rollups past their retention now. */
export default class UsagePrune extends BaseCommand {
  static commandName = 'usage:prune'
  static description =
    'Delete API call records older than CALL_LOG_RETENTION_DAYS (default 90) and call rollups older than USAGE_ROLLUP_RETENTION_DAYS (default 400)'
  static options: CommandOptions = { startApp: true }

  async run() {
    const { CallLog } = await import('#usage/services/call_log')
    const callLog = await this.app.container.make(CallLog)
    const deleted = await callLog.prune()
    this.logger.success(`Deleted ${deleted} call records older than ${callLog.retentionDays} days`)
    const rollups = await callLog.pruneRollups()
    this.logger.success(
      `Deleted ${rollups} call rollup rows older than ${callLog.rollupRetentionDays} days`
    )
  }
}
