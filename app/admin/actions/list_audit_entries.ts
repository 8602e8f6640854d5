import AdminAuditEntry from '#admin/models/admin_audit_entry'

/** One audit entry as `GET /api/admin/audit-log` returns it. */
export interface AuditEntryView {
  id: number
  action: string
  /** `id` null and `email` `cli` for command-line actions. */
  actor: { id: number | null; email: string }
  target: { type: string; id: string; label: string | null } | null
  details: Record<string, unknown>
  createdAt: string
}

/** The admin audit log, newest first, paginated (optionally only entries about one user). */
export class ListAuditEntries {
  async execute(input: { page: number; perPage: number; userId?: number | null }) {
    const query = AdminAuditEntry.query().orderBy('created_at', 'desc').orderBy('id', 'desc')
    if (input.userId) query.where('target_type', 'user').where('target_id', String(input.userId))
    const page = await query.paginate(input.page, input.perPage)
    return {
      entries: page.all().map((entry): AuditEntryView => ({
        id: Number(entry.id),
        action: entry.action,
        actor: { id: entry.actorId, email: entry.actorLabel },
        target: entry.targetType
          ? { type: entry.targetType, id: entry.targetId ?? '', label: entry.targetLabel }
          : null,
        details: entry.details,
        createdAt: entry.createdAt.toISO()!,
      })),
      meta: {
        total: page.total,
        page: page.currentPage,
        perPage: page.perPage,
        lastPage: page.lastPage,
      },
    }
  }
}
