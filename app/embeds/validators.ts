import vine from '@vinejs/vine'

/** `?limit=1-50` of the embed list components (recent_calls, rule_activity); default 10. */
export const embedListValidator = vine.create({
  limit: vine.number().withoutDecimals().min(1).max(50).optional(),
})
