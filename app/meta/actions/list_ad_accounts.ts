import { inject } from '@adonisjs/core'
import { MetaAccess } from '#meta/services/meta_access'
import type { AdAccount } from '#meta/services/normalize'

/**
 * Lists the ad accounts the user's Meta connection can see (`GET /me/adaccounts`, all pages).
 * Output: `{adAccounts: AdAccount[]}` — id `act_<digits>`, name, currency, timezone, status,
 * amountSpent and spendCap in minor units.
 * @throws AppError `meta_not_connected` (409), `meta_token_invalid` (409), Meta errors
 */
@inject()
export class ListAdAccounts {
  constructor(private meta: MetaAccess) {}

  async execute(
    userId: number,
    _input: Record<string, never> = {}
  ): Promise<{ adAccounts: AdAccount[] }> {
    const session = await this.meta.forUser(userId)
    return { adAccounts: await session.adAccounts({ fresh: true }) }
  }
}
