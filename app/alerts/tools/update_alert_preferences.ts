import { defineAction } from '#registry/define_action'
import { UpdateAlertPreferences } from '#alerts/actions/alert_preferences'
import { z } from 'zod'
import { ALERT_CHANNELS } from '#alerts/services/alert_defaults'
import {
  ALERTS_FEATURE,
  alertTypeSchema,
  channelSchema,
  preferencesSchema,
} from '#alerts/tools/schemas'

/** `update_alert_preferences` (plan feature performance_alerts) */
export const updateAlertPreferences = defineAction({
  module: 'alerts',
  name: 'update_alert_preferences',
  title: 'Update alert preferences',
  description:
    'Changes alert preferences; only the fields given change. channels maps alert types to their channels (e.g. {"quota_80": ["in_app"], "rule_fired": ["in_app", "email", "webhook"]}); an empty list mutes a type. quietHours: null turns quiet hours off. Returns every preference after the change.',
  input: preferencesSchema.partial().extend({
    channels: z
      .partialRecord(
        alertTypeSchema,
        z
          .array(channelSchema)
          .max(ALERT_CHANNELS.length)
          .refine((list) => new Set(list).size === list.length, 'Name each channel once.')
      )
      .optional()
      .describe('Channels per alert type to change; types not named keep theirs'),
  }),
  inputExample: {
    channels: {
      spend_threshold: ['in_app', 'email'],
      rule_approval_needed: ['in_app', 'email', 'webhook'],
    },
    timeZone: 'America/New_York',
    quietHours: { start: '22:00', end: '07:00' },
    spendThresholdMinor: 50000,
  },
  output: preferencesSchema,
  annotations: {
    readOnlyHint: false,
    destructiveHint: false,
    idempotentHint: true,
    openWorldHint: false,
  },
  feature: ALERTS_FEATURE,
  async handler(caller, input) {
    return new UpdateAlertPreferences().execute(caller.userId, input)
  },
})
