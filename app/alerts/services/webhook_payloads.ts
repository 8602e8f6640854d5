import { createHmac, timingSafeEqual } from 'node:crypto'
import type Notification from '#alerts/models/notification'

/** Header carrying the signature of a JSON webhook: `t=<unix seconds>,v1=<hex HMAC-SHA256>`. */
export const SIGNATURE_HEADER = 'Adrelay-Signature'

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

/**
 * Signs a JSON webhook the way Stripe does: HMAC-SHA256 with the webhook's secret over
 * `<timestamp>.<raw body>`, sent as `t=<timestamp>,v1=<hex digest>`. The timestamp (unix
 * seconds) lets a receiver refuse replays older than its tolerance.
 */
export function signWebhookBody(body: string, secret: string, timestampSeconds: number): string {
  const digest = createHmac('sha256', secret).update(`${timestampSeconds}.${body}`).digest('hex')
  return `t=${timestampSeconds},v1=${digest}`
}

/**
 * Verifies an `Adrelay-Signature` header against the raw body (what a receiver does; see
 * docs/alerts.md). False when the header is malformed, the timestamp is further than
 * `toleranceSeconds` from `nowSeconds`, or no `v1` digest matches (compared in constant time).
 */
export function verifyWebhookSignature(
  body: string,
  header: string,
  secret: string,
  toleranceSeconds = 300,
  nowSeconds = Math.floor(Date.now() / 1000)
): boolean {
  const parts = header.split(',').map((part) => part.trim().split('='))
  const timestamp = Number(parts.find(([key]) => key === 't')?.[1])
  const signatures = parts.filter(([key]) => key === 'v1').map(([, value]) => value ?? '')
  if (!Number.isInteger(timestamp) || signatures.length === 0) return false
  if (Math.abs(nowSeconds - timestamp) > toleranceSeconds) return false
  const expected = Buffer.from(
    createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex')
  )
  return signatures.some((signature) => {
    const given = Buffer.from(signature)
    return given.length === expected.length && timingSafeEqual(given, expected)
  })
}

function escapeSlack(text: string) {
  return text.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;')
}
