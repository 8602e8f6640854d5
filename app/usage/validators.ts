import vine from '@vinejs/vine'

/** GET /api/recent-calls?limit=: 1-100, default 10 (spec §9). */
export const recentCallsValidator = vine.create({
  limit: vine.number().withoutDecimals().min(1).max(100).optional(),
})
