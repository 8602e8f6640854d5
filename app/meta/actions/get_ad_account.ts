import { inject } from '@adonisjs/core'
import { MetaAccess } from '#meta/services/meta_access'
import { AD_ACCOUNT_FIELDS, toAdAccount, type AdAccount } from '#meta/services/normalize'

/**
 * One ad account (`GET /act_<id>`), if the user's connection can see it.
 * Input: `{adAccountId}` (`act_<digits>` or digits). Output: `{adAccount}`.
 * @throws AppError `meta_object_not_owned` (404), `invalid_meta_id` (422), `meta_not_connected`
 */
@inject()
export class GetAdAccount {
  constructor(private meta: MetaAccess) {}

  async execute(userId: number, input: { adAccountId: string }): Promise<{ adAccount: AdAccount }> {
    const session = await this.meta.forUser(userId)
    const account = await session.ownedAdAccount(input.adAccountId)
    const node = await session.get(account.id, { fields: AD_ACCOUNT_FIELDS }, account.id)
    return { adAccount: toAdAccount(node) }
  }
}
