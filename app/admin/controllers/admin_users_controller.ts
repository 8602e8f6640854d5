import type { HttpContext } from '@adonisjs/core/http'
import { inject } from '@adonisjs/core'
import { ListUsers } from '#admin/actions/list_users'
import { GetUserDetail } from '#admin/actions/get_user_detail'
import { SetUserSuspension } from '#admin/actions/set_user_suspension'
import { ExportUsers } from '#admin/actions/export_users'
import { exportUsersValidator, listUsersValidator } from '#admin/validators/admin'

/** Admin user management: search, detail, suspension and CSV export. */
@inject()
export default class AdminUsersController {
  constructor(
    private listUsers: ListUsers,
    private userDetail: GetUserDetail,
    private suspension: SetUserSuspension,
    private exporter: ExportUsers
  ) {}

  /** GET /api/admin/users?search=&page=&perPage= */
  async index({ request }: HttpContext) {
    const input = await request.validateUsing(listUsersValidator, { data: request.qs() })
    return this.listUsers.execute({
      search: input.search,
      page: input.page ?? 1,
      perPage: input.perPage ?? 20,
    })
  }

  /** GET /api/admin/users/:id */
  async show({ params }: HttpContext) {
    return this.userDetail.execute(Number(params.id))
  }

  /** POST /api/admin/users/:id/suspend */
  async suspend({ auth, params }: HttpContext) {
    return this.suspension.suspend(auth.user!, Number(params.id))
  }

  /** POST /api/admin/users/:id/unsuspend */
  async unsuspend({ auth, params }: HttpContext) {
    return this.suspension.unsuspend(auth.user!, Number(params.id))
  }

  /** GET /api/admin/users/export?search= → text/csv attachment, streamed */
  async export({ auth, request, response }: HttpContext) {
    const { search } = await request.validateUsing(exportUsersValidator, { data: request.qs() })
    const admin = auth.user!
    const result = await this.exporter.execute({ id: admin.id, email: admin.email }, search)
    response.header('Content-Type', 'text/csv; charset=utf-8')
    response.header('Content-Disposition', `attachment; filename="${result.filename}"`)
    response.header('Cache-Control', 'no-store')
    response.header('X-Total-Count', String(result.total))
    return response.stream(result.stream)
  }
}
