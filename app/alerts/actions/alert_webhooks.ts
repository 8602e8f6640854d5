import { randomBytes } from 'node:crypto'
import app from '@adonisjs/core/services/app'
import encryption from '@adonisjs/core/services/encryption'
import AlertWebhook, { type WebhookFormat } from '#alerts/models/alert_webhook'
import AlertDelivery from '#alerts/models/alert_delivery'
import Notification from '#alerts/models/notification'
import { assertWebhookDestination } from '#shared/signed_webhooks'
import { AppError } from '#shared/errors'
import { withUserRowLocked } from '#shared/db_errors'

/** Webhooks a user may keep. */
export const MAX_WEBHOOKS_PER_USER = 10

/** A webhook as the surfaces show it (never the full URL: a Slack webhook URL is a secret). */
export interface AlertWebhookView {
  id: number
  name: string
  format: WebhookFormat
  /** scheme://host of the destination */
  urlDisplay: string
  createdAt: string
}

function webhookView(webhook: AlertWebhook): AlertWebhookView {
  return {
    id: webhook.id,
    name: webhook.name,
    format: webhook.format,
    urlDisplay: webhook.urlDisplay,
    createdAt: webhook.createdAt.toUTC().toISO()!,
  }
}

/**
 * Adds a webhook destination. JSON webhooks get a signing secret (`whsec_` + 32 random
 * bytes, base64url), returned once here and stored encrypted. In production the URL must be
 * https and must not name a loopback/private host (checked again on every delivery, after
 * DNS resolution).
 * @throws AppError 422 `url_invalid` | `url_not_allowed`; 409 `webhook_limit_reached`
 */
export class CreateAlertWebhook {
  async execute(
    userId: number,
    input: { name: string; format: WebhookFormat; url: string }
  ): Promise<{ webhook: AlertWebhookView; secret: string | null }> {
    const url = assertWebhookDestination(input.url, app.inProduction)
    const secret = input.format === 'json' ? `whsec_${randomBytes(32).toString('base64url')}` : null
    // Counted and inserted in one transaction (the user's row locked) so two concurrent adds
    // cannot pass the limit together.
    const webhook = await withUserRowLocked(userId, async (trx) => {
      const count = await AlertWebhook.query({ client: trx })
        .where('user_id', userId)
        .count('* as total')
        .first()
      if (Number(count?.$extras.total ?? 0) >= MAX_WEBHOOKS_PER_USER) {
        throw new AppError(
          'webhook_limit_reached',
          `You can have at most ${MAX_WEBHOOKS_PER_USER} alert webhooks; delete one first.`,
          409,
          { limit: MAX_WEBHOOKS_PER_USER }
        )
      }
      return AlertWebhook.create(
        {
          userId,
          name: input.name,
          format: input.format,
          urlEncrypted: encryption.encrypt(url.toString()),
          urlDisplay: url.origin,
          secretEncrypted: secret ? encryption.encrypt(secret) : null,
        },
        { client: trx }
      )
    })
    return { webhook: webhookView(webhook), secret }
  }
}

/** The user's webhooks, oldest first. */
export class ListAlertWebhooks {
  async execute(userId: number): Promise<{ webhooks: AlertWebhookView[] }> {
    const rows = await AlertWebhook.query().where('user_id', userId).orderBy('id')
    return { webhooks: rows.map(webhookView) }
  }
}

/**
 * Deletes one of the user's webhooks (pending deliveries to it then fail as "deleted").
 * @throws AppError 404 `not_found` when the user has no webhook with that id
 */
export class DeleteAlertWebhook {
  async execute(userId: number, id: number): Promise<{ deleted: true }> {
    const webhook = await AlertWebhook.query().where('user_id', userId).where('id', id).first()
    if (!webhook) throw new AppError('not_found', `You have no alert webhook with id ${id}.`, 404)
    await webhook.delete()
    return { deleted: true }
  }
}

/** One entry of the delivery log as the surfaces show it. */
export interface AlertDeliveryView {
  id: number
  notificationId: number
  title: string
  channel: 'email' | 'webhook'
  /** The webhook's name, or null (email, or a deleted webhook) */
  webhookName: string | null
  status: 'queued' | 'digest' | 'sent' | 'failed'
  attempts: number
  lastStatusCode: number | null
  lastError: string | null
  createdAt: string
  sentAt: string | null
}

/** The user's delivery log, newest first; `before` (an id from `nextCursor`) pages on. */
export class ListAlertDeliveries {
  async execute(
    userId: number,
    input: { limit?: number; before?: number }
  ): Promise<{ deliveries: AlertDeliveryView[]; nextCursor: number | null }> {
    const limit = input.limit ?? 20
    const query = AlertDelivery.query()
      .where('user_id', userId)
      .orderBy('id', 'desc')
      .limit(limit + 1)
    if (input.before) query.where('id', '<', input.before)
    const rows = await query
    const page = rows.slice(0, limit)
    const notifications = await Notification.query().whereIn(
      'id',
      page.map((row) => row.notificationId)
    )
    const webhooks = await AlertWebhook.query().whereIn(
      'id',
      page.flatMap((row) => (row.webhookId ? [row.webhookId] : []))
    )
    return {
      deliveries: page.map((row) => ({
        id: row.id,
        notificationId: row.notificationId,
        title: notifications.find((n) => n.id === row.notificationId)?.title ?? '',
        channel: row.channel,
        webhookName: webhooks.find((w) => w.id === row.webhookId)?.name ?? null,
        status: row.status,
        attempts: row.attempts,
        lastStatusCode: row.lastStatusCode,
        lastError: row.lastError,
        createdAt: row.createdAt.toUTC().toISO()!,
        sentAt: row.sentAt ? row.sentAt.toUTC().toISO()! : null,
      })),
      nextCursor: rows.length > limit ? page[page.length - 1].id : null,
    }
  }
}
