import vine from '@vinejs/vine'
import { userEnteredName } from '#shared/user_text'

/**
 * POST /api/tokens: a name of 1-100 characters once control and bidirectional-override
 * characters are removed (`userEnteredName`); defaults to "API Key" when omitted.
 */
export const createApiKeyValidator = vine.create({
  name: vine.string().use(userEnteredName()).minLength(1).maxLength(100).optional(),
  /* issue 17 client keys: who the key is for, and its own monthly request limit */
  label: vine.string().use(userEnteredName()).minLength(1).maxLength(100).nullable().optional(),
  monthlyLimit: vine.number().positive().withoutDecimals().nullable().optional(),
})

/** PATCH /api/tokens/:id: label and/or monthly limit; null clears, omitted keeps. */
export const updateApiKeyValidator = vine.create({
  params: vine.object({ id: vine.number().positive().withoutDecimals() }),
  label: vine.string().use(userEnteredName()).minLength(1).maxLength(100).nullable().optional(),
  monthlyLimit: vine.number().positive().withoutDecimals().nullable().optional(),
})

export const apiKeyIdValidator = vine.create({
  params: vine.object({ id: vine.number().positive().withoutDecimals() }),
})
