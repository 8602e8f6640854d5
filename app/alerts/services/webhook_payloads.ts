import type Notification from '#alerts/models/notification'

/* The signature scheme is shared with lead forwarding (app/shared/signed_webhooks.ts). */
export { SIGNATURE_HEADER, signWebhookBody, verifyWebhookSignature } from '#shared/signed_webhooks'

/** The JSON body of a generic webhook delivery (documented in docs/alerts.md). */
export interface AlertWebhookBody {
  /** `ntf_<notification id>`: the same for every retry of a delivery (idempotency key). */
  id: string
  type: string
  title: string
  message: string
  /** Absolute link into the app, or null. */
  url: string | null
  /** ISO 8601 instant of the underlying event. */
  occurredAt: string
  data: Record<string, unknown>
}

/** The body sent to a generic JSON webhook. */
export function jsonWebhookBody(notification: Notification, appUrl: string): AlertWebhookBody {
  return {
    id: `ntf_${notification.id}`,
    type: notification.type,
    title: notification.title,
    message: notification.message,
    url: notification.url ? new URL(notification.url, appUrl).toString() : null,
    occurredAt: notification.occurredAt.toUTC().toISO()!,
    data: notification.data ?? {},
  }
}

/**
 * The body sent to a Slack incoming webhook (Slack: "Sending messages using incoming
 * webhooks"): `text` is the notification fallback, `blocks` the formatted message with
 * mrkdwn (`&`, `<`, `>` escaped as Slack requires).
 */
export function slackWebhookBody(notification: Notification, appUrl: string) {
  const link = notification.url ? new URL(notification.url, appUrl).toString() : null
  const title = escapeSlack(notification.title)
  const message = escapeSlack(notification.message)
  return {
    text: `${title}: ${message}`,
    blocks: [
      { type: 'section', text: { type: 'mrkdwn', text: `*${title}*\n${message}` } },
      ...(link
        ? [
            {
              type: 'context',
              elements: [{ type: 'mrkdwn', text: `<${link}|Open in Adrelay>` }],
            },
          ]
        : []),
    ],
  }
}

function escapeSlack(text: string) {
  return text.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;')
}
