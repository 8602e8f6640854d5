import vine from '@vinejs/vine'
import { userEnteredName } from '#shared/user_text'

/**
 * POST /api/tokens: a name of 1-100 characters once control and bidirectional-override
 * characters are removed (`userEnteredName`); defaults to "API Key" when omitted.
 */
export const createApiKeyValidator = vine.create({
  name: vine.string().use(userEnteredName()).minLength(1).maxLength(100).optional(),
})

export const apiKeyIdValidator = vine.create({
  params: vine.object({ id: vine.number().positive().withoutDecimals() }),
})
