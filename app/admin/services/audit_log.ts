import { DateTime } from 'luxon'
import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import AdminAuditEntry, {
  type AdminAuditAction,
  type AdminAuditTargetType,
} from '#admin/models/admin_audit_entry'

/**
 * Who performed an admin action: a signed-in admin, the command line (no user), or a user who
 * deleted their own account (known only by the deletion's pseudonym).
 */
export type AuditActor = { id: number; email: string } | 'cli' | { pseudonym: string }

export interface AuditRecordInput {
  actor: AuditActor
  action: AdminAuditAction
  target?: { type: AdminAuditTargetType; id: string | number; label?: string | null } | null
  details?: Record<string, unknown>
}

/**
 * Appends entries to the admin audit log. Pass the transaction that makes the change so the
 * change and its entry commit (or roll back) together.
 */
export class AuditLog {
  async record(input: AuditRecordInput, trx?: TransactionClientContract): Promise<AdminAuditEntry> {
    const entry = new AdminAuditEntry()
    if (trx) entry.useTransaction(trx)
    entry.merge({
      actorId: input.actor === 'cli' || 'pseudonym' in input.actor ? null : input.actor.id,
      actorLabel:
        input.actor === 'cli'
          ? 'cli'
          : 'pseudonym' in input.actor
            ? input.actor.pseudonym
            : input.actor.email,
      action: input.action,
      targetType: input.target?.type ?? null,
      targetId: input.target ? String(input.target.id) : null,
      targetLabel: input.target?.label ?? null,
      details: input.details ?? {},
      createdAt: DateTime.utc(),
    })
    await entry.save()
    return entry
  }
}
