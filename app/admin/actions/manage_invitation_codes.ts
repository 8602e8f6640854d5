import { inject } from '@adonisjs/core'
import { DateTime } from 'luxon'
import type User from '#accounts/models/user'
import type { PlanId } from '#accounts/plan_catalog'
import { CreateInvitationCode } from '#billing/actions/create_invitation_code'
import { DisableInvitationCode } from '#billing/actions/disable_invitation_code'
import {
  ListInvitationCodes,
  type InvitationCodeView,
} from '#billing/actions/list_invitation_codes'
import { AuditLog } from '#admin/services/audit_log'
import { AppError } from '#shared/errors'

/** Default length of the plan grant when the admin does not say, in days. */
export const DEFAULT_GRANT_DAYS = 30

export interface AdminCreateInvitationCodeInput {
  /** Omitted: billing generates one (`ADR-XXXX-XXXX-XXXX`). */
  code?: string | null
  planId: PlanId
  maxRedemptions: number
  /** Days of plan each redemption grants; default 30. */
  grantDays?: number | null
  /**
   * `YYYY-MM-DD` (the code works through the end of that day, UTC) or an ISO 8601 instant;
   * null or omitted for no expiry. Must be in the future.
   */
  expiresAt?: string | null
  note?: string | null
}

/**
 * The admin page's invitation codes: list, create and disable through the billing module's
 * actions (their rules: code format, paid plan only, limits, uniqueness), each change recorded
 * in the audit log. The billing actions own their writes, so the audit entry is written right
 * after a change succeeds rather than in the same transaction.
 */
@inject()
export class ManageInvitationCodes {
  constructor(
    private listCodes: ListInvitationCodes,
    private createCode: CreateInvitationCode,
    private disableCode: DisableInvitationCode,
    private audit: AuditLog
  ) {}

  async list(): Promise<InvitationCodeView[]> {
    return this.listCodes.execute()
  }

  /**
   * @throws AppError 422 `invalid_invitation_code_input` (billing's rules, or an expiry that
   *   is not a future date), 409 `invitation_code_taken`
   */
  async create(actor: User, input: AdminCreateInvitationCodeInput): Promise<InvitationCodeView> {
    const expiresAt = parseExpiry(input.expiresAt)
    const created = await this.createCode.execute({
      code: input.code ?? null,
      planId: input.planId,
      grantDays: input.grantDays ?? DEFAULT_GRANT_DAYS,
      maxRedemptions: input.maxRedemptions,
      expiresAt,
      note: input.note ?? null,
      createdByUserId: actor.id,
    })
    await this.audit.record({
      actor: { id: actor.id, email: actor.email },
      action: 'invitation_code.created',
      target: { type: 'invitation_code', id: created.id, label: created.code },
      details: {
        planId: created.planId,
        maxRedemptions: created.maxRedemptions,
        grantDays: created.grantDays,
        expiresAt: created.expiresAt,
      },
    })
    return created
  }

  /** Idempotent: disabling a disabled code changes nothing and is not recorded again. @throws AppError 404 */
  async disable(actor: User, id: number): Promise<InvitationCodeView> {
    const { code: disabled, changed } = await this.disableCode.disable(id)
    if (changed) {
      await this.audit.record({
        actor: { id: actor.id, email: actor.email },
        action: 'invitation_code.disabled',
        target: { type: 'invitation_code', id: disabled.id, label: disabled.code },
        details: { redemptionCount: disabled.redemptionCount },
      })
    }
    return disabled
  }
}

function parseExpiry(value: string | null | undefined): DateTime | null {
  if (!value) return null
  const parsed = /^\d{4}-\d{2}-\d{2}$/.test(value)
    ? DateTime.fromISO(value, { zone: 'utc' }).endOf('day')
    : DateTime.fromISO(value, { setZone: true }).toUTC()
  // At most ten years ahead: no code needs longer (leave it empty for none), and a year past
  // 9999 cannot be stored (it read back as "never expires" on SQLite).
  const latest = DateTime.utc().plus({ years: 10 })
  if (!parsed.isValid || parsed.toMillis() <= Date.now() || parsed > latest) {
    throw new AppError(
      'invalid_invitation_code_input',
      'The expiry must be a future date (YYYY-MM-DD) or ISO 8601 time, at most ten years ahead.',
      422,
      { field: 'expiresAt' }
    )
  }
  return parsed
}
