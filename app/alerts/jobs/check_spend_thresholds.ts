import { Job } from '@adonisjs/queue'
import type { JobOptions } from '@adonisjs/queue/types'
import { checkSpendThresholds } from '#alerts/services/spend_threshold_check'

/** Hourly: raises `spend_threshold` for ad accounts whose spend today is above the user's threshold. */
export default class CheckSpendThresholds extends Job<Record<string, never>> {
  static options: JobOptions = {
    name: 'CheckSpendThresholds',
    queue: 'default',
    maxRetries: 0,
    removeOnComplete: true,
    timeout: '10m',
  }

  async execute() {
    await checkSpendThresholds()
  }
}
