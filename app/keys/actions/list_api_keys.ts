import { inject } from '@adonisjs/core'
import ApiToken from '#keys/models/api_token'
import { GetKeyUsage } from '#usage/actions/get_key_usage'

/**
 * A user's usable API keys (not revoked, not past a rotation grace period), newest first,
 * each with this calendar month's request count in `$extras.usage` (the usage module's
 * per-key counters). CLI tokens are not API keys and are listed by `ListCliSessions`.
 */
@inject()
export class ListApiKeys {
  constructor(private keyUsage: GetKeyUsage) {}

  async execute(userId: number): Promise<ApiToken[]> {
    const keys = await ApiToken.query()
      .withScopes((scopes) => scopes.usable(userId, 'api_key'))
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
    const usage = await this.keyUsage.execute(keys.map((key) => key.id))
    for (const key of keys) key.$extras.usage = usage.get(key.id) ?? 0
    return keys
  }
}
