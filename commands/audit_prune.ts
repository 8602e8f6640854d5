import { BaseCommand } from '@adonisjs/core/ace'
import type { CommandOptions } from '@adonisjs/core/types/ace'

/** `node ace audit:prune`: deletes admin audit log entries past the retention period now. */
export default class AuditPrune extends BaseCommand {
  static commandName = 'audit:prune'
  static description =
    'Delete admin audit log entries older than AUDIT_LOG_RETENTION_DAYS (default 400)'
  static options: CommandOptions = { startApp: true }

  async run() {
    const { PruneAuditLog } = await import('#admin/actions/prune_audit_log')
    const pruner = new PruneAuditLog()
    const deleted = await pruner.execute()
    this.logger.success(
      `Deleted ${deleted} audit log entries older than ${pruner.retentionDays} days`
    )
  }
}
