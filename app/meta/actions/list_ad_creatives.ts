import { inject } from '@adonisjs/core'
import { MetaAccess } from '#meta/services/meta_access'
import { AD_CREATIVE_FIELDS, toAdCreative, type AdCreative } from '#meta/services/normalize'

/**
 * The creatives of an ad account (`GET /act_<id>/adcreatives`), one page at a time.
 * @throws AppError 404 `meta_object_not_owned`, 422 `invalid_meta_id`, 409 `meta_not_connected`
 */
@inject()
export class ListAdCreatives {
  constructor(private meta: MetaAccess) {}

  async execute(
    userId: number,
    input: { adAccountId: string; limit?: number; after?: string }
  ): Promise<{ adAccountId: string; creatives: AdCreative[]; paging: { after: string | null } }> {
    const session = await this.meta.forUser(userId)
    const account = await session.ownedAdAccount(input.adAccountId)
    const page = await session.page(
      `${account.id}/adcreatives`,
      { fields: AD_CREATIVE_FIELDS },
      { limit: input.limit ?? 25, after: input.after ?? null, adAccountId: account.id }
    )
    return {
      adAccountId: account.id,
      creatives: page.data.map(toAdCreative),
      paging: { after: page.after },
    }
  }
}
