import { BaseCommand } from '@adonisjs/core/ace'
import type { CommandOptions } from '@adonisjs/core/types/ace'

/** `node ace usage:prune`: deletes API call records past the retention period now. */
export default class UsagePrune extends BaseCommand {
  static commandName = 'usage:prune'
  static description = 'Delete API call records older than CALL_LOG_RETENTION_DAYS (default 90)'
  static options: CommandOptions = { startApp: true }

  async run() {
    const { CallLog } = await import('#usage/services/call_log')
    const callLog = await this.app.container.make(CallLog)
    const deleted = await callLog.prune()
    this.logger.success(`Deleted ${deleted} call records older than ${callLog.retentionDays} days`)
  }
}
