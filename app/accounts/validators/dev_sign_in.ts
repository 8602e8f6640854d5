import vine from '@vinejs/vine'
import { userEnteredName } from '#shared/user_text'

/** Development sign-in form (only outside production, when Google is not configured). */
export const devSignInValidator = vine.create({
  email: vine.string().trim().email().maxLength(254),
  firstName: vine
    .string()
    .use(userEnteredName({ allowEmpty: true }))
    .maxLength(100)
    .optional(),
  lastName: vine
    .string()
    .use(userEnteredName({ allowEmpty: true }))
    .maxLength(100)
    .optional(),
})
