import type { HttpContext } from '@adonisjs/core/http'
import { inject } from '@adonisjs/core'
import { GetPlatformStats } from '#admin/actions/get_platform_stats'
import { ListAuditEntries } from '#admin/actions/list_audit_entries'
import { listAuditEntriesValidator } from '#admin/validators/admin'

/** The admin page, its stat cards and the audit log. */
@inject()
export default class AdminOverviewController {
  constructor(
    private stats: GetPlatformStats,
    private auditEntries: ListAuditEntries
  ) {}

  /**
   * GET /admin. Renders for every visitor: the page itself shows 'Access Denied' and goes to /
   * for non-admins (spec §6) and the shared 401 rule for visitors. It carries no data; the
   * data comes from /api/admin/*, which refuses non-admins on the server.
   */
  async page({ inertia }: HttpContext) {
    return inertia.render('admin/index', {})
  }

  /** GET /api/admin/stats */
  async show() {
    return this.stats.execute()
  }

  /** GET /api/admin/audit-log?page=&perPage=&userId= */
  async auditLog({ request }: HttpContext) {
    const input = await request.validateUsing(listAuditEntriesValidator, { data: request.qs() })
    return this.auditEntries.execute({
      page: input.page ?? 1,
      perPage: input.perPage ?? 20,
      userId: input.userId ?? null,
    })
  }
}
