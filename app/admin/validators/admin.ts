import vine from '@vinejs/vine'
import { userEnteredName } from '#shared/user_text'

/** `?search=&page=&perPage=` of the admin users list (perPage 1-100, default 20). */
export const listUsersValidator = vine.create({
  search: vine.string().trim().maxLength(200).optional(),
  page: vine.number().withoutDecimals().min(1).max(1_000_000).optional(),
  perPage: vine.number().withoutDecimals().min(1).max(100).optional(),
})

/** `?search=` of the CSV export. */
export const exportUsersValidator = vine.create({
  search: vine.string().trim().maxLength(200).optional(),
})

/** `?page=&perPage=&userId=` of the audit log (perPage 1-100, default 20). */
export const listAuditEntriesValidator = vine.create({
  page: vine.number().withoutDecimals().min(1).max(1_000_000).optional(),
  perPage: vine.number().withoutDecimals().min(1).max(100).optional(),
  userId: vine.number().withoutDecimals().min(1).optional(),
})

/**
 * POST /api/admin/invitation-codes. Shapes only: the billing module's CreateInvitationCode
 * owns the rules (code format, paid plan, ranges, uniqueness).
 */
export const createInvitationCodeValidator = vine.create({
  code: vine.string().trim().maxLength(64).optional().nullable(),
  planId: vine.enum(['free', 'trafficker', 'agency'] as const),
  maxRedemptions: vine.number().withoutDecimals(),
  grantDays: vine.number().withoutDecimals().optional().nullable(),
  expiresAt: vine.string().trim().maxLength(40).optional().nullable(),
  note: vine
    .string()
    .use(userEnteredName({ allowEmpty: true }))
    .maxLength(255)
    .optional()
    .nullable(),
})
