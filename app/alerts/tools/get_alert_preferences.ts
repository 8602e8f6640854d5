import { z } from 'zod'
import { defineAction } from '#registry/define_action'
import { GetAlertPreferences } from '#alerts/actions/alert_preferences'
import { ALERTS_FEATURE, preferencesSchema, readAnnotations } from '#alerts/tools/schemas'

/** `get_alert_preferences` (plan feature performance_alerts) */
export const getAlertPreferences = defineAction({
  module: 'alerts',
  name: 'get_alert_preferences',
  title: 'Get alert preferences',
  description:
    "Returns the account's alert preferences: for each alert type the channels it goes to (in_app, email, webhook; empty = muted), the time zone, quiet hours (email and webhooks wait until they end), the daily email digest and the spend threshold.",
  input: z.object({}),
  inputExample: {},
  output: preferencesSchema,
  annotations: readAnnotations,
  feature: ALERTS_FEATURE,
  async handler(caller) {
    return new GetAlertPreferences().execute(caller.userId)
  },
})
