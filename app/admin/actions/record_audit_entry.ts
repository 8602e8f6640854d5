import { inject } from '@adonisjs/core'
import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import { AuditLog, type AuditRecordInput } from '#admin/services/audit_log'

/**
 * Appends one entry to the admin audit log for another module (account deletion and data
 * export in accounts). Pass the transaction that makes the change so both commit together.
 */
@inject()
export class RecordAuditEntry {
  constructor(private audit: AuditLog) {}

  execute(input: AuditRecordInput, trx?: TransactionClientContract) {
    return this.audit.record(input, trx)
  }
}
