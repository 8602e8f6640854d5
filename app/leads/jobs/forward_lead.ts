import { Job, exponentialBackoff } from '@adonisjs/queue'
import type { JobOptions } from '@adonisjs/queue/types'
import { LeadForwarder } from '#leads/services/lead_forwarder'

interface ForwardLeadPayload {
  /** `lead_deliveries.id` */
  deliveryId: number
}

/**
 * POSTs one lead to one forwarding destination. A retryable failure (network, timeout, 408,
 * 429, 5xx) throws, so the queue retries it with exponential backoff: 30 s, 1 min, 2 min, ...
 * capped at 30 min, 6 attempts in all (as alert webhooks); then `failed` marks it failed.
 */
export default class ForwardLead extends Job<ForwardLeadPayload> {
  static options: JobOptions = {
    name: 'ForwardLead',
    queue: 'default',
    maxRetries: 5,
    retry: { backoff: exponentialBackoff({ baseDelay: '30s', maxDelay: '30m' }) },
    timeout: '60s',
    removeOnComplete: true,
    removeOnFail: { age: '7d' },
  }

  async execute() {
    await new LeadForwarder().attempt(this.payload.deliveryId)
  }

  async failed(error: Error) {
    await new LeadForwarder().giveUp(this.payload.deliveryId, error.message)
  }
}
