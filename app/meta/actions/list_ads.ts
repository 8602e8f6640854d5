import { inject } from '@adonisjs/core'
import { MetaAccess } from '#meta/services/meta_access'
import { AD_FIELDS, toAd, type Ad } from '#meta/services/normalize'
import { listPage, type ListInput } from '#meta/actions/list_objects'

/**
 * Lists ads of an ad account (`/act_<id>/ads`), a campaign (`/<campaign>/ads`) or an ad set
 * (`/<adset>/ads`), filtered by effective status, paginated by cursor.
 * @throws AppError `meta_object_not_owned`, `invalid_meta_id`, `meta_not_connected`, Meta errors
 */
@inject()
export class ListAds {
  constructor(private meta: MetaAccess) {}

  async execute(
    userId: number,
    input: { adAccountId?: string; campaignId?: string; adSetId?: string } & ListInput
  ): Promise<{
    adAccountId: string
    currency: string
    ads: Ad[]
    paging: { after: string | null }
  }> {
    const session = await this.meta.forUser(userId)
    const { account, nodes, after } = await listPage(session, input, 'ads', AD_FIELDS)
    return {
      adAccountId: account.id,
      currency: account.currency,
      ads: nodes.map((node) => toAd(node)),
      paging: { after },
    }
  }
}
