import { Job } from '@adonisjs/queue'
import type { JobOptions } from '@adonisjs/queue/types'
import { raiseTokenExpiryAlerts } from '#meta/services/token_expiry_alerts'

/** Hourly: warns users whose Meta token expires within 7 days (see raiseTokenExpiryAlerts). */
export default class CheckMetaTokenExpiry extends Job<Record<string, never>> {
  static options: JobOptions = {
    name: 'CheckMetaTokenExpiry',
    queue: 'default',
    maxRetries: 0,
    removeOnComplete: true,
  }

  async execute() {
    await raiseTokenExpiryAlerts()
  }
}
