import type { HttpContext } from '@adonisjs/core/http'
import { inject } from '@adonisjs/core'
import { ExportPersonalData } from '#accounts/actions/export_personal_data'
import { DeleteAccount } from '#accounts/actions/delete_account'
import { deleteAccountValidator } from '#accounts/validators/account_data'

/** Profile → Download my data / Delete my account (the signed-in user's own data). */
@inject()
export default class AccountDataController {
  constructor(
    private exporter: ExportPersonalData,
    private deleter: DeleteAccount
  ) {}

  /** GET /api/account/export → application/json attachment, streamed (ExportPersonalData) */
  async export({ auth, response }: HttpContext) {
    const result = await this.exporter.execute(auth.user!.id, { type: 'self' })
    response.header('Content-Type', 'application/json; charset=utf-8')
    response.header('Content-Disposition', `attachment; filename="${result.filename}"`)
    response.header('Cache-Control', 'no-store')
    return response.stream(result.stream)
  }

  /**
   * DELETE /api/account {email} → {status: 'completed', completedSteps}; signs this browser
   * out. 422 `email_mismatch`; 503 `account_deletion_incomplete` (still signed in: retry).
   */
  async destroy({ auth, request, session }: HttpContext) {
    const { email } = await request.validateUsing(deleteAccountValidator)
    const result = await this.deleter.execute(auth.user!.id, email, {
      type: 'self',
      keepSessionId: session.sessionId,
    })
    await auth.use('web').logout()
    session.clear()
    return result
  }
}
