import vine from '@vinejs/vine'
import { PLAN_CATALOG } from '#accounts/plan_catalog'

const planIds = PLAN_CATALOG.map((plan) => plan.id)

/** POST /api/create-subscription {planId, invitationCode?} */
export const createSubscriptionValidator = vine.create({
  planId: vine.enum(planIds),
  invitationCode: vine.string().trim().maxLength(64).optional().nullable(),
})

/** POST /api/preview-subscription-change {planId} */
export const previewSubscriptionChangeValidator = vine.create({
  planId: vine.enum(planIds),
})

/** POST /api/validate-invitation-code {code} */
export const validateInvitationCodeValidator = vine.create({
  code: vine.string().trim().minLength(1).maxLength(64),
})
