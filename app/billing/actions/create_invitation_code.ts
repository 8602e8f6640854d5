import { randomBytes } from 'node:crypto'
import { type DateTime } from 'luxon'
import { findPlan, type PlanId } from '#accounts/plan_catalog'
import InvitationCode from '#billing/models/invitation_code'
import { AppError } from '#shared/errors'
import { normalizeInvitationCode } from '#billing/actions/validate_invitation_code'
import {
  toInvitationCodeView,
  type InvitationCodeView,
} from '#billing/actions/list_invitation_codes'

export interface CreateInvitationCodeInput {
  /** Upper-cased before storing; generated (`ADR-XXXX-XXXX-XXXX`, 60 random bits) when omitted. */
  code?: string | null
  planId: PlanId
  /** How long each redemption grants the plan, in days (1-3650). */
  grantDays: number
  /** Total redemptions allowed (1-100000). */
  maxRedemptions: number
  /** After this instant the code no longer works; null for no expiry. */
  expiresAt?: DateTime | null
  note?: string | null
  createdByUserId?: number | null
}

const ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789' // no 0/O, 1/I: easy to read aloud

/** A random code such as `ADR-7KQ2-M9XD-P4TA`. */
export function generateInvitationCode(): string {
  const bytes = randomBytes(12)
  const chars = [...bytes].map((byte) => ALPHABET[byte % ALPHABET.length])
  return `ADR-${chars.slice(0, 4).join('')}-${chars.slice(4, 8).join('')}-${chars.slice(8, 12).join('')}`
}

export const INVITATION_CODE_PATTERN = /^[A-Z0-9][A-Z0-9_-]{3,63}$/

/**
 * Creates an invitation code (admin page, `node ace invitations:create`).
 * @throws AppError 422 `invalid_invitation_code_input` for a bad code/plan/number
 * @throws AppError 409 `invitation_code_taken` when the code already exists
 */
export class CreateInvitationCode {
  async execute(input: CreateInvitationCodeInput): Promise<InvitationCodeView> {
    const code = input.code ? normalizeInvitationCode(input.code) : generateInvitationCode()
    if (!INVITATION_CODE_PATTERN.test(code)) {
      throw new AppError(
        'invalid_invitation_code_input',
        'A code has 4-64 letters, digits, dashes or underscores.',
        422,
        { field: 'code' }
      )
    }
    if (!findPlan(input.planId) || input.planId === 'free') {
      throw new AppError(
        'invalid_invitation_code_input',
        'An invitation code grants a paid plan.',
        422,
        {
          field: 'planId',
        }
      )
    }
    if (!Number.isInteger(input.grantDays) || input.grantDays < 1 || input.grantDays > 3650) {
      throw new AppError('invalid_invitation_code_input', 'grantDays must be 1-3650.', 422, {
        field: 'grantDays',
      })
    }
    if (
      !Number.isInteger(input.maxRedemptions) ||
      input.maxRedemptions < 1 ||
      input.maxRedemptions > 100_000
    ) {
      throw new AppError('invalid_invitation_code_input', 'maxRedemptions must be 1-100000.', 422, {
        field: 'maxRedemptions',
      })
    }
    if (await InvitationCode.findBy('code', code)) {
      throw new AppError('invitation_code_taken', `The code ${code} already exists.`, 409, {
        field: 'code',
      })
    }
    const created = await InvitationCode.create({
      code,
      planId: input.planId,
      grantDays: input.grantDays,
      maxRedemptions: input.maxRedemptions,
      redemptionCount: 0,
      expiresAt: input.expiresAt ?? null,
      disabledAt: null,
      note: input.note ?? null,
      createdByUserId: input.createdByUserId ?? null,
    })
    return toInvitationCodeView(await InvitationCode.findOrFail(created.id))
  }
}
