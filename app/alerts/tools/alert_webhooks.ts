import { z } from 'zod'
import { defineAction } from '#registry/define_action'
import {
  CreateAlertWebhook,
  DeleteAlertWebhook,
  ListAlertDeliveries,
  ListAlertWebhooks,
} from '#alerts/actions/alert_webhooks'
import { ALERTS_FEATURE, pageInputs, readAnnotations, webhookSchema } from '#alerts/tools/schemas'

/** `create_alert_webhook` (plan feature performance_alerts) */
export const createAlertWebhook = defineAction({
  module: 'alerts',
  name: 'create_alert_webhook',
  title: 'Add an alert webhook',
  description:
    'Adds a webhook that receives alerts of the types whose channels include webhook. format slack posts Slack incoming-webhook messages; format json posts a JSON body signed with HMAC-SHA256 (header Adrelay-Signature: t=<unix seconds>,v1=<hex>, over "<t>.<body>"), for n8n, Zapier or a CRM. The signing secret is returned once, in this answer only. Failed deliveries are retried with backoff and logged (list_alert_deliveries).',
  input: z.object({
    name: z.string().trim().min(1).max(100).describe('A name to recognise it by'),
    format: z.enum(['slack', 'json']).describe('slack or json'),
    url: z.string().max(2000).describe('The destination URL (https in production)'),
  }),
  inputExample: {
    name: 'Ops channel',
    format: 'slack',
    url: 'https://hooks.slack.com/services/T0000000/B0000000/XXXXXXXXXXXXXXXXXXXXXXXX',
  },
  output: z.object({
    webhook: webhookSchema,
    secret: z
      .string()
      .nullable()
      .describe('Signing secret of a json webhook (shown once); null for slack'),
  }),
  annotations: {
    readOnlyHint: false,
    destructiveHint: false,
    idempotentHint: false,
    openWorldHint: false,
  },
  feature: ALERTS_FEATURE,
  async handler(caller, input) {
    return new CreateAlertWebhook().execute(caller.userId, input)
  },
})

/** `list_alert_webhooks` (plan feature performance_alerts) */
export const listAlertWebhooks = defineAction({
  module: 'alerts',
  name: 'list_alert_webhooks',
  title: 'List alert webhooks',
  description:
    "Lists the account's alert webhooks (name, format, destination host). Full URLs and secrets are never returned.",
  input: z.object({}),
  inputExample: {},
  output: z.object({ webhooks: z.array(webhookSchema) }),
  annotations: readAnnotations,
  feature: ALERTS_FEATURE,
  async handler(caller) {
    return new ListAlertWebhooks().execute(caller.userId)
  },
})

/** `delete_alert_webhook` (plan feature performance_alerts) */
export const deleteAlertWebhook = defineAction({
  module: 'alerts',
  name: 'delete_alert_webhook',
  title: 'Delete an alert webhook',
  description: 'Deletes one alert webhook (id from list_alert_webhooks); it receives nothing more.',
  input: z.object({ id: z.number().int().positive().describe('Webhook id') }),
  inputExample: { id: 7 },
  output: z.object({ deleted: z.literal(true) }),
  annotations: {
    readOnlyHint: false,
    destructiveHint: true,
    idempotentHint: false,
    openWorldHint: false,
  },
  feature: ALERTS_FEATURE,
  async handler(caller, input) {
    return new DeleteAlertWebhook().execute(caller.userId, input.id)
  },
})

/** `list_alert_deliveries` (plan feature performance_alerts) */
export const listAlertDeliveries = defineAction({
  module: 'alerts',
  name: 'list_alert_deliveries',
  title: 'List alert deliveries',
  description:
    'The delivery log of alert emails and webhook calls, newest first: status (queued, digest = held for the daily digest, sent, failed), attempts, the last HTTP status and error. Use it to see why a webhook did not receive an alert.',
  input: z.object(pageInputs),
  inputExample: { limit: 20 },
  output: z.object({
    deliveries: z.array(
      z.object({
        id: z.number().int().describe('Delivery id'),
        notificationId: z.number().int().describe('Notification delivered'),
        title: z.string().describe('Title of the notification'),
        channel: z.enum(['email', 'webhook']).describe('email or webhook'),
        webhookName: z.string().nullable().describe('Webhook name, or null'),
        status: z.enum(['queued', 'digest', 'sent', 'failed']).describe('Delivery state'),
        attempts: z.number().int().describe('Attempts made'),
        lastStatusCode: z.number().int().nullable().describe('Last HTTP status of a webhook'),
        lastError: z.string().nullable().describe('Last error, or null'),
        createdAt: z.string().describe('ISO 8601'),
        sentAt: z.string().nullable().describe('ISO 8601, or null'),
      })
    ),
    nextCursor: z.number().int().nullable().describe('Pass as before for the next page'),
  }),
  annotations: readAnnotations,
  feature: ALERTS_FEATURE,
  async handler(caller, input) {
    return new ListAlertDeliveries().execute(caller.userId, input)
  },
})
