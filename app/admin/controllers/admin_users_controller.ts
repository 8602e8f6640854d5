import type { HttpContext } from '@adonisjs/core/http'
import { inject } from '@adonisjs/core'
import { ListUsers } from '#admin/actions/list_users'
import { GetUserDetail } from '#admin/actions/get_user_detail'
import { SetUserSuspension } from '#admin/actions/set_user_suspension'
import { ExportUsers } from '#admin/actions/export_users'
import { exportUsersValidator, listUsersValidator } from '#admin/validators/admin'
import { ExportPersonalData } from '#accounts/actions/export_personal_data'
import { DeleteAccount } from '#accounts/actions/delete_account'
import { deleteAccountValidator } from '#accounts/validators/account_data'

/** Admin user management: search, detail, suspension, CSV export, data export and deletion. */
@inject()
export default class AdminUsersController {
  constructor(
    private listUsers: ListUsers,
    private userDetail: GetUserDetail,
    private suspension: SetUserSuspension,
    private exporter: ExportUsers,
    private personalData: ExportPersonalData,
    private deleter: DeleteAccount
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

  /** GET /api/admin/users/:id/export → the user's data export (JSON attachment, streamed; audited) */
  async exportData({ auth, params, response }: HttpContext) {
    const result = await this.personalData.execute(Number(params.id), {
      type: 'admin',
      admin: auth.user!,
    })
    response.header('Content-Type', 'application/json; charset=utf-8')
    response.header('Content-Disposition', `attachment; filename="${result.filename}"`)
    response.header('Cache-Control', 'no-store')
    return response.stream(result.stream)
  }

  /**
   * DELETE /api/admin/users/:id {email} → {status: 'completed', completedSteps}; the same
   * deletion as the user's own (DeleteAccount), resumable the same way.
   */
  async destroy({ auth, params, request }: HttpContext) {
    const { email } = await request.validateUsing(deleteAccountValidator)
    return this.deleter.execute(Number(params.id), email, { type: 'admin', admin: auth.user! })
  }
}
