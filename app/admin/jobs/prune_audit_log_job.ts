import { Job } from '@adonisjs/queue'
import type { JobOptions } from '@adonisjs/queue/types'
import logger from '@adonisjs/core/services/logger'
import { PruneAuditLog } from '#admin/actions/prune_audit_log'

/**
 * Daily job (start/scheduler.ts) deleting admin audit log entries past their retention
 * (`PruneAuditLog`). No payload. Retried twice: the next day's run catches up anyway.
 */
export default class PruneAuditLogJob extends Job<Record<string, never>> {
  static options: JobOptions = { queue: 'default', maxRetries: 2 }

  async execute() {
    const pruner = new PruneAuditLog()
    const deleted = await pruner.execute()
    logger.info({ deleted, retentionDays: pruner.retentionDays }, 'audit log pruned')
  }
}
