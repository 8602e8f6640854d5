import { inject } from '@adonisjs/core'
import { Metering } from '#usage/services/metering'
import { billingPeriodAt } from '#usage/services/billing_period'

/**
 * Each API key's request count this calendar month (UTC), as the quota store counts it with
 * the account's (issue 17 client keys): token id → count, 0 for keys not yet counted.
 */
@inject()
export class GetKeyUsage {
  constructor(private metering: Metering) {}

  async execute(tokenIds: number[], now: Date = new Date()): Promise<Map<number, number>> {
    return this.metering.quotas.currentForKeys(tokenIds, billingPeriodAt(now).period)
  }
}
