import { Job } from '@adonisjs/queue'
import { webhookDeliveryJobOptions } from '#shared/signed_webhooks'
import type { JobOptions } from '@adonisjs/queue/types'
import { AlertDeliverer } from '#alerts/services/alert_deliverer'

interface DeliverAlertPayload {
  /** `alert_deliveries.id` */
  deliveryId: number
}

/**
 * Delivers one alert email or webhook call. A retryable failure (network, timeout, 408, 429,
 * 5xx, SMTP error) throws, so the queue retries it with exponential backoff: 30 s, 1 min,
 * 2 min, ... capped at 30 min, each jittered ±25 %, 6 attempts in all; then `failed` marks the
 * delivery failed.
 */
export default class DeliverAlert extends Job<DeliverAlertPayload> {
  static options: JobOptions = webhookDeliveryJobOptions('DeliverAlert')

  async execute() {
    await new AlertDeliverer().attempt(this.payload.deliveryId)
  }

  async failed(error: Error) {
    await new AlertDeliverer().giveUp(this.payload.deliveryId, error.message)
  }
}
