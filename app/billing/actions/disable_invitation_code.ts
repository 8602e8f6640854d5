import { DateTime } from 'luxon'
import InvitationCode from '#billing/models/invitation_code'
import { errors } from '#shared/errors'
import {
  toInvitationCodeView,
  type InvitationCodeView,
} from '#billing/actions/list_invitation_codes'

/**
 * Disables an invitation code: no further redemptions. Grants already given run to their end.
 * Idempotent. @throws AppError 404 `not_found` for an unknown id
 */
export class DisableInvitationCode {
  async execute(id: number): Promise<InvitationCodeView> {
    const code = await InvitationCode.find(id)
    if (!code) throw errors.notFound('Invitation code')
    if (!code.disabledAt) {
      code.disabledAt = DateTime.utc()
      await code.save()
    }
    return toInvitationCodeView(code)
  }
}
