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
    const { code } = await this.disable(id)
    return code
  }

  /**
   * As `execute`, also telling whether this call disabled the code (`changed` false when it
   * already was), so the admin module records one audit entry per real change.
   * @throws AppError 404 `not_found` for an unknown id
   */
  async disable(id: number): Promise<{ code: InvitationCodeView; changed: boolean }> {
    const code = await InvitationCode.find(id)
    if (!code) throw errors.notFound('Invitation code')
    const changed = !code.disabledAt
    if (changed) {
      code.disabledAt = DateTime.utc()
      await code.save()
    }
    return { code: toInvitationCodeView(code), changed }
  }
}
