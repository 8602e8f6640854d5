import vine from '@vinejs/vine'

/** POST /api/tokens: a name of 1-100 characters (defaults to "API Key" when omitted). */
export const createApiKeyValidator = vine.create({
  name: vine.string().trim().minLength(1).maxLength(100).optional(),
})

export const apiKeyIdValidator = vine.create({
  params: vine.object({ id: vine.number().positive().withoutDecimals() }),
})
