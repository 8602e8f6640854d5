import { z } from 'zod'
import { ALERT_TYPES } from '#alerts/events'
import { ALERT_CHANNELS } from '#alerts/services/alert_defaults'
import type { PlanFeature } from '#accounts/plan_catalog'

/** Alerts are part of Performance Alerts (Trafficker and Agency). */
export const ALERTS_FEATURE: PlanFeature = 'performance_alerts'

export const readAnnotations = {
  readOnlyHint: true,
  destructiveHint: false,
  idempotentHint: true,
  openWorldHint: false,
}

export const alertTypeSchema = z.enum(ALERT_TYPES).describe('Alert type')
export const channelSchema = z.enum(ALERT_CHANNELS).describe('Channel: in_app, email or webhook')

export const pageInputs = {
  limit: z.number().int().min(1).max(100).optional().describe('Items per page, 1-100 (default 20)'),
  before: z
    .number()
    .int()
    .positive()
    .optional()
    .describe('Cursor: the nextCursor of the previous page (items older than this id)'),
}

const hhmm = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'Expected HH:mm (24-hour)')

export const preferencesSchema = z.object({
  channels: z
    .record(alertTypeSchema, z.array(channelSchema))
    .describe('Channels per alert type; an empty list mutes the type'),
  timeZone: z.string().describe('IANA time zone of quiet hours and the digest hour'),
  quietHours: z
    .object({
      start: hhmm.describe('Start, local HH:mm'),
      end: hhmm.describe('End, local HH:mm (before the start: overnight)'),
    })
    .nullable()
    .describe('Email and webhook deliveries wait until the end of quiet hours; null: off'),
  digest: z
    .object({
      enabled: z.boolean().describe('Hold alert emails and send one digest a day'),
      hour: z.number().int().min(0).max(23).describe('Local hour (0-23) the digest is sent at'),
    })
    .describe('Daily email digest'),
  spendThresholdMinor: z
    .number()
    .int()
    .positive()
    .nullable()
    .describe(
      "spend_threshold alert: an ad account's spend today above this amount, in minor units of the ad account's currency (cents); null: off"
    ),
})

export const notificationSchema = z.object({
  id: z.number().int().describe('Notification id'),
  type: z.string().describe('Alert type'),
  title: z.string().describe('One-line title'),
  message: z.string().describe('The figures that matter, plain text'),
  url: z.string().nullable().describe('Path in the app where the user can act'),
  data: z.record(z.string(), z.unknown()).describe('Structured details'),
  occurredAt: z.string().describe('ISO 8601 instant of the event'),
  readAt: z.string().nullable().describe('ISO 8601 instant it was read, or null'),
})

export const webhookSchema = z.object({
  id: z.number().int().describe('Webhook id'),
  name: z.string().describe('Name given by the user'),
  format: z.enum(['slack', 'json']).describe('slack (incoming webhook) or json (signed)'),
  urlDisplay: z.string().describe('scheme://host of the destination (the full URL is secret)'),
  createdAt: z.string().describe('ISO 8601'),
})
