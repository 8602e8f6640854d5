import { inject } from '@adonisjs/core'
import { entitlementOf } from '#accounts/actions/resolve_entitlement'
import { Metering } from '#usage/services/metering'

/** This month's usage of a user: `{total, limit, remaining, period, resetsAt}` (UTC month). */
@inject()
export class GetAccountUsage {
  constructor(private metering: Metering) {}

  async execute(userId: number, now: Date = new Date()) {
    const entitlement = await entitlementOf(userId)
    const state = await this.metering.usage(userId, entitlement.requestLimit, now)
    return {
      total: state.used,
      limit: state.limit,
      remaining: state.remaining,
      period: state.period,
      resetsAt: state.resetsAt.toISOString(),
      plan: { id: entitlement.plan.id, name: entitlement.plan.name },
    }
  }
}
