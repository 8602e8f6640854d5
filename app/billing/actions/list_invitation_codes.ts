import InvitationCode from '#billing/models/invitation_code'

/** An invitation code as the admin page and the CLI show it (dates as ISO 8601 UTC). */
export function toInvitationCodeView(code: InvitationCode) {
  return {
    id: code.id,
    code: code.code,
    planId: code.planId,
    grantDays: code.grantDays,
    maxRedemptions: code.maxRedemptions,
    redemptionCount: code.redemptionCount,
    expiresAt: code.expiresAt?.toISO() ?? null,
    disabled: code.disabledAt !== null,
    disabledAt: code.disabledAt?.toISO() ?? null,
    expired: code.isExpired,
    usedUp: code.isUsedUp,
    note: code.note,
    createdAt: code.createdAt.toISO(),
  }
}

export type InvitationCodeView = ReturnType<typeof toInvitationCodeView>

/** Lists invitation codes, newest first (admin page, CLI). */
export class ListInvitationCodes {
  async execute(): Promise<InvitationCodeView[]> {
    const codes = await InvitationCode.query().orderBy('created_at', 'desc').orderBy('id', 'desc')
    return codes.map(toInvitationCodeView)
  }
}
