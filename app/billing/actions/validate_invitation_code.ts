import type { PlanId } from '#accounts/plan_catalog'
import Plan from '#accounts/models/plan'
import InvitationCode from '#billing/models/invitation_code'
import InvitationRedemption from '#billing/models/invitation_redemption'

/** Codes are compared upper-case, without surrounding spaces (spec §5). */
export function normalizeInvitationCode(code: string): string {
  return code.trim().toUpperCase()
}

export type InvitationCheck =
  | { valid: true; code: InvitationCode; plan: Plan }
  | {
      valid: false
      reason: 'not_found' | 'disabled' | 'expired' | 'used_up' | 'already_redeemed'
      message: string
      planId: PlanId | null
    }

/**
 * Checks whether `userId` may redeem `rawCode` now: it exists and is not disabled, expired,
 * used up (redemptionCount ≥ maxRedemptions) or already redeemed by this user.
 */
export async function checkInvitationCode(
  rawCode: string,
  userId: number,
  client?: any
): Promise<InvitationCheck> {
  const code = await InvitationCode.query({ client })
    .where('code', normalizeInvitationCode(rawCode))
    .first()
  if (!code)
    return {
      valid: false,
      reason: 'not_found',
      planId: null,
      message: 'This invitation code does not exist.',
    }
  if (code.disabledAt) {
    return {
      valid: false,
      reason: 'disabled',
      planId: null,
      message: 'This invitation code is no longer valid.',
    }
  }
  if (code.isExpired) {
    return {
      valid: false,
      reason: 'expired',
      planId: code.planId,
      message: 'This invitation code has expired.',
    }
  }
  const redeemed = await InvitationRedemption.query({ client })
    .where('invitation_code_id', code.id)
    .where('user_id', userId)
    .first()
  if (redeemed) {
    return {
      valid: false,
      reason: 'already_redeemed',
      planId: code.planId,
      message: 'You have already used this invitation code.',
    }
  }
  if (code.isUsedUp) {
    return {
      valid: false,
      reason: 'used_up',
      planId: code.planId,
      message: 'This invitation code has reached its redemption limit.',
    }
  }
  const plan = await Plan.findOrFail(code.planId, { client })
  return { valid: true, code, plan }
}

/**
 * POST /api/validate-invitation-code: `{valid, planId, message}` (spec §3). Always answers;
 * an unusable code is `valid: false` with the reason in `message`. Redeeming happens with
 * create-subscription.
 */
export class ValidateInvitationCode {
  async execute(
    userId: number,
    rawCode: string
  ): Promise<{ valid: boolean; planId: PlanId | null; message: string }> {
    const check = await checkInvitationCode(rawCode, userId)
    if (!check.valid) return { valid: false, planId: check.planId, message: check.message }
    return {
      valid: true,
      planId: check.plan.id,
      message: `Valid code for the ${check.plan.name} plan (${check.code.grantDays} days free).`,
    }
  }
}
