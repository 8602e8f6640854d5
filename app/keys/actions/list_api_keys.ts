import { inject } from '@adonisjs/core'
import ApiToken from '#keys/models/api_token'
import { Metering } from '#usage/services/metering'
import { billingPeriodAt } from '#usage/services/billing_period'

/**
 * A user's usable API keys (not revoked, not past a rotation grace period), newest first,
 * each with this calendar month's request count in `$extras.usage` (read from the quota
 * store, which counts every key's calls with the account's). CLI tokens are not API keys and
 * are listed by `ListCliSessions`.
 */
@inject()
export class ListApiKeys {
  constructor(private metering: Metering) {}

  async execute(userId: number): Promise<ApiToken[]> {
    const keys = await ApiToken.query()
      .withScopes((scopes) => scopes.usable(userId, 'api_key'))
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
    const usage = await this.metering.quotas.currentForKeys(
      keys.map((key) => key.id),
      billingPeriodAt().period
    )
    for (const key of keys) key.$extras.usage = usage.get(key.id) ?? 0
    return keys
  }
}
