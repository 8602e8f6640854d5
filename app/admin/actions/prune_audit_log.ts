import db from '@adonisjs/lucid/services/db'
import env from '#start/env'
import { toDbTimestamp } from '#shared/db_time'

/** Default retention of admin audit log entries, in days (about 13 months). */
export const DEFAULT_AUDIT_LOG_RETENTION_DAYS = 400

/** Entries deleted per statement (keeps each delete short on a large log). */
const CHUNK_SIZE = 5000

/**
 * Enforces the admin audit log's retention: deletes entries older than `retentionDays`
 * (`AUDIT_LOG_RETENTION_DAYS`, default 400, the period the privacy page states). 400 days keeps
 * a full year of operator actions plus a month of margin for a yearly review. Runs daily from
 * the queue scheduler (`PruneAuditLogJob`) and on demand with `node ace audit:prune`.
 */
export class PruneAuditLog {
  constructor(
    readonly retentionDays: number = env.get('AUDIT_LOG_RETENTION_DAYS') ??
      DEFAULT_AUDIT_LOG_RETENTION_DAYS
  ) {}

  /** Deletes the entries created before `now - retentionDays`; returns how many. */
  async execute(now: Date = new Date()): Promise<number> {
    const cutoff = toDbTimestamp(new Date(now.getTime() - this.retentionDays * 86_400_000))
    let deleted = 0
    while (true) {
      const ids = await db
        .from('admin_audit_log')
        .where('created_at', '<', cutoff)
        .orderBy('id')
        .limit(CHUNK_SIZE)
        .select('id')
      if (ids.length === 0) return deleted
      await db
        .from('admin_audit_log')
        .whereIn(
          'id',
          ids.map((row) => row.id)
        )
        .delete()
      deleted += ids.length
      if (ids.length < CHUNK_SIZE) return deleted
    }
  }
}
