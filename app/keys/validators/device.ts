import vine from '@vinejs/vine'

/** POST /api/device/lookup: the code as typed (case and dash do not matter). */
export const deviceLookupValidator = vine.create({
  userCode: vine.string().trim().minLength(1).maxLength(16),
})

/** POST /api/device/decision */
export const deviceDecisionValidator = vine.create({
  userCode: vine.string().trim().minLength(1).maxLength(16),
  decision: vine.enum(['approve', 'deny'] as const),
})
