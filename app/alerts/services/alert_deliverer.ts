import { DateTime } from 'luxon'
import app from '@adonisjs/core/services/app'
import encryption from '@adonisjs/core/services/encryption'
import env from '#start/env'
import { appUrl } from '#config/app'
import { AlertMailer } from '#alerts/services/alert_mailer'
import { isSuspended } from '#accounts/actions/resolve_entitlement'
import AlertDelivery from '#alerts/models/alert_delivery'
import AlertWebhook from '#alerts/models/alert_webhook'
import Notification from '#alerts/models/notification'
import {
  jsonWebhookBody,
  signWebhookBody,
  slackWebhookBody,
  SIGNATURE_HEADER,
} from '#alerts/services/webhook_payloads'
import { postWebhook, WebhookCallError } from '#shared/signed_webhooks'

/** The result of one delivery attempt. */
export type AttemptOutcome =
  | 'sent'
  /** Already sent or given up (a job ran twice, or after a manual change): nothing done. */
  | 'skipped'
  /** Refused for good (a 4xx other than 408/429, a refused address): not retried. */
  | 'failed'

/** A failed attempt worth retrying (network error, timeout, 408, 429, 5xx, SMTP error). */
export class RetryableDeliveryError extends Error {}

/**
 * Delivers one `alert_deliveries` row: the alert email (`@adonisjs/mail`) or a webhook POST
 * (Slack format, or JSON signed with HMAC-SHA256, see `signWebhookBody`). Records each
 * attempt (count, last status code, last error) in the delivery log. Webhook destinations
 * must resolve to public addresses in production (`postPublicUrl`); elsewhere local
 * receivers are allowed.
 */
export class AlertDeliverer {
  /**
   * @throws RetryableDeliveryError when the attempt failed in a way worth retrying (the
   *   queue job retries it with exponential backoff)
   */
  async attempt(deliveryId: number): Promise<AttemptOutcome> {
    const delivery = await AlertDelivery.find(deliveryId)
    if (!delivery || delivery.status === 'sent' || delivery.status === 'failed') return 'skipped'
    const notification = await Notification.findOrFail(delivery.notificationId)
    delivery.attempts += 1
    try {
      // A suspended account sends nothing out (its sessions, keys, embeds and rules stop too).
      if (await isSuspended(delivery.userId)) {
        throw new PermanentDeliveryError('The account is suspended: nothing was sent.')
      }
      if (delivery.channel === 'email') {
        const mailer = await app.container.make(AlertMailer)
        await mailer.send(delivery.userId, [notification])
        delivery.lastStatusCode = null
      } else {
        delivery.lastStatusCode = await this.#postWebhook(delivery, notification)
      }
      delivery.status = 'sent'
      delivery.sentAt = DateTime.utc()
      delivery.lastError = null
      await delivery.save()
      return 'sent'
    } catch (error) {
      const permanent = error instanceof PermanentDeliveryError
      delivery.lastError = String((error as Error).message).slice(0, 500)
      if (error instanceof WebhookAnswerError || error instanceof PermanentWebhookAnswerError) {
        delivery.lastStatusCode = error.status
      }
      if (permanent) delivery.status = 'failed'
      await delivery.save()
      if (permanent) return 'failed'
      throw new RetryableDeliveryError(delivery.lastError)
    }
  }

  /** Marks a delivery failed after its last retry (the queue job's `failed` hook). */
  async giveUp(deliveryId: number, reason: string) {
    const delivery = await AlertDelivery.find(deliveryId)
    if (!delivery || delivery.status === 'sent') return
    delivery.status = 'failed'
    delivery.lastError = reason.slice(0, 500)
    await delivery.save()
  }

  async #postWebhook(delivery: AlertDelivery, notification: Notification): Promise<number> {
    const webhook = delivery.webhookId ? await AlertWebhook.find(delivery.webhookId) : null
    if (!webhook) throw new PermanentDeliveryError('The webhook was deleted.')
    const url = encryption.decrypt<string>(webhook.urlEncrypted)
    if (!url)
      throw new PermanentDeliveryError('The webhook URL cannot be decrypted (APP_KEY changed?).')
    const headers: Record<string, string> = {}
    let body: string
    if (webhook.format === 'slack') {
      body = JSON.stringify(slackWebhookBody(notification, appUrl))
    } else {
      body = JSON.stringify(jsonWebhookBody(notification, appUrl))
      const secret = webhook.secretEncrypted
        ? encryption.decrypt<string>(webhook.secretEncrypted)
        : null
      if (!secret) throw new PermanentDeliveryError('The webhook secret cannot be decrypted.')
      headers[SIGNATURE_HEADER] = signWebhookBody(body, secret, Math.floor(Date.now() / 1000))
      headers['Adrelay-Event'] = notification.type
      headers['Adrelay-Delivery'] = String(delivery.id)
    }
    try {
      return await postWebhook(url, {
        body,
        headers,
        timeoutMs: env.get('ALERT_WEBHOOK_TIMEOUT_MS') ?? 10_000,
        allowPrivateAddresses: !app.inProduction,
      })
    } catch (error) {
      if (error instanceof WebhookCallError && !error.retryable) {
        throw new PermanentWebhookAnswerError(error.message, error.status)
      }
      if (error instanceof WebhookCallError && error.status !== null) {
        throw new WebhookAnswerError(error.message, error.status)
      }
      throw error
    }
  }
}

class PermanentDeliveryError extends Error {}

class WebhookAnswerError extends Error {
  constructor(
    message: string,
    readonly status: number
  ) {
    super(message)
  }
}

class PermanentWebhookAnswerError extends PermanentDeliveryError {
  constructor(
    message: string,
    readonly status: number | null
  ) {
    super(message)
  }
}
