import { readDb } from '#shared/read_connection'
import db from '@adonisjs/lucid/services/db'
import {
  isoTimestamp,
  pageById,
  type ErasureSubject,
  type ExportSection,
  type PersonalDataHolder,
} from '#shared/personal_data'

/**
 * What the admin module holds about a user: admin audit log entries about them (target) or made
 * by them (actor, for admins). Exported with who acted as `you`, `administrator` or
 * `command_line`: another admin's email is that admin's personal data, not the user's.
 *
 * The audit log is not deleted with the account (it is the operators' record of what was done,
 * pruned after `AUDIT_LOG_RETENTION_DAYS`). Erasing pseudonymises it instead: every entry about
 * or by the user gets the deletion's random pseudonym in place of the user id and email, and any
 * copy of the email in the details (an admin's search text, say) is replaced by it too.
 * Invitation codes the user created as an admin lose their creator link.
 */
export default class AdminPersonalData implements PersonalDataHolder {
  readonly name = 'admin_audit_log'

  sections(userId: number): Record<string, ExportSection> {
    return {
      auditEntries: {
        kind: 'many',
        rows: () =>
          pageById(
            (afterId, limit) =>
              readDb()
                .from('admin_audit_log')
                .where((query) =>
                  query
                    .where((target) =>
                      target.where('target_type', 'user').where('target_id', String(userId))
                    )
                    .orWhere('actor_id', userId)
                )
                .where('id', '>', afterId)
                .orderBy('id')
                .limit(limit)
                .select(
                  'id',
                  'actor_id',
                  'actor_label',
                  'action',
                  'target_type',
                  'target_id',
                  'details',
                  'created_at'
                ),
            (row) => ({
              action: row.action,
              performedBy:
                Number(row.actor_id) === userId
                  ? 'you'
                  : row.actor_label === 'cli'
                    ? 'command_line'
                    : 'administrator',
              about:
                row.target_type === 'user' && row.target_id === String(userId)
                  ? 'you'
                  : row.target_type,
              createdAt: isoTimestamp(row.created_at),
            })
          ),
      },
    }
  }

  async erase({ userId, email, pseudonym }: ErasureSubject): Promise<void> {
    await db.transaction(async (trx) => {
      await trx
        .from('admin_audit_log')
        .where('target_type', 'user')
        .where('target_id', String(userId))
        .update({ target_id: pseudonym, target_label: pseudonym })
      await trx
        .from('admin_audit_log')
        .where('actor_id', userId)
        .update({ actor_id: null, actor_label: pseudonym })
      const mentions = await trx
        .from('admin_audit_log')
        // `_` in an email matches any character here; the replacement below is exact.
        .where('details', 'like', `%${email}%`)
        .orWhere('target_label', email)
        .orWhere('actor_label', email)
        .select('id', 'details', 'target_label', 'actor_label')
      for (const row of mentions) {
        await trx
          .from('admin_audit_log')
          .where('id', row.id)
          .update({
            details: row.details === null ? null : replaceAll(row.details, email, pseudonym),
            target_label: row.target_label === email ? pseudonym : row.target_label,
            actor_label: row.actor_label === email ? pseudonym : row.actor_label,
          })
      }
      await trx
        .from('invitation_codes')
        .where('created_by_user_id', userId)
        .update({ created_by_user_id: null })
    })
  }
}

/** Case-insensitive literal replacement (emails are compared case-insensitively). */
function replaceAll(text: string, search: string, replacement: string) {
  return text.replace(new RegExp(search.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'), 'gi'), replacement)
}
