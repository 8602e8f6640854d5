import { Job } from '@adonisjs/queue'
import type { JobOptions } from '@adonisjs/queue/types'
import { AlertDigests } from '#alerts/services/alert_digests'

/** Hourly: sends the daily digest emails due this hour (see AlertDigests). */
export default class SendAlertDigests extends Job<Record<string, never>> {
  static options: JobOptions = {
    name: 'SendAlertDigests',
    queue: 'default',
    maxRetries: 0,
    removeOnComplete: true,
  }

  async execute() {
    await new AlertDigests().sendDue()
  }
}
