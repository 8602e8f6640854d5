import { Job } from '@adonisjs/queue'
import { webhookDeliveryJobOptions } from '#shared/signed_webhooks'
import type { JobOptions } from '@adonisjs/queue/types'
import { LeadForwarder } from '#leads/services/lead_forwarder'

interface ForwardLeadPayload {
  /** `lead_deliveries.id` */
  deliveryId: number
}

/**
 * POSTs one lead to one forwarding destination. A retryable failure (network, timeout, 408,
 * 429, 5xx) throws, so the queue retries it with exponential backoff: 30 s, 1 min, 2 min, ...
 * capped at 30 min, each jittered ±25 %, 6 attempts in all (as alert webhooks); then `failed`
 * marks it failed.
 */
export default class ForwardLead extends Job<ForwardLeadPayload> {
  static options: JobOptions = webhookDeliveryJobOptions('ForwardLead')

  async execute() {
    await new LeadForwarder().attempt(this.payload.deliveryId)
  }

  async failed(error: Error) {
    await new LeadForwarder().giveUp(this.payload.deliveryId, error.message)
  }
}
