import vine from '@vinejs/vine'

/**
 * `DELETE /api/account` and `DELETE /api/admin/users/:id`: the account's email, typed to
 * confirm (compared case-insensitively by `DeleteAccount`).
 */
export const deleteAccountValidator = vine.create({
  email: vine.string().trim().minLength(1).maxLength(254),
})
