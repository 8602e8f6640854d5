import type { HttpContext } from '@adonisjs/core/http'
import { inject } from '@adonisjs/core'
import { ManageInvitationCodes } from '#admin/actions/manage_invitation_codes'
import { createInvitationCodeValidator } from '#admin/validators/admin'

/** Invitation codes on the admin page (rules live in the billing module). */
@inject()
export default class AdminInvitationCodesController {
  constructor(private codes: ManageInvitationCodes) {}

  /** GET /api/admin/invitation-codes → {codes: InvitationCodeView[]} */
  async index() {
    return { codes: await this.codes.list() }
  }

  /** POST /api/admin/invitation-codes {code?, planId, maxRedemptions, grantDays?, expiresAt?, note?} → 201 */
  async store({ auth, request, response }: HttpContext) {
    const input = await request.validateUsing(createInvitationCodeValidator)
    response.status(201)
    return this.codes.create(auth.user!, input)
  }

  /** POST /api/admin/invitation-codes/:id/disable */
  async disable({ auth, params }: HttpContext) {
    return this.codes.disable(auth.user!, Number(params.id))
  }
}
