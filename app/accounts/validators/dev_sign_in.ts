import vine from '@vinejs/vine'

/** Development sign-in form (only outside production, when Google is not configured). */
export const devSignInValidator = vine.create({
  email: vine.string().trim().email().maxLength(254),
  firstName: vine.string().trim().maxLength(100).optional(),
  lastName: vine.string().trim().maxLength(100).optional(),
})
