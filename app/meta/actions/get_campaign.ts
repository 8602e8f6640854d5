import { inject } from '@adonisjs/core'
import { MetaAccess } from '#meta/services/meta_access'
import { CAMPAIGN_DETAIL_FIELDS, toCampaignDetails } from '#meta/services/normalize'

/**
 * One campaign with its special ad categories and buying type (`GET /<campaign id>`).
 * @throws AppError 404 `meta_object_not_owned`, 422 `meta_wrong_object_type` | `invalid_meta_id`
 */
@inject()
export class GetCampaign {
  constructor(private meta: MetaAccess) {}

  async execute(userId: number, input: { campaignId: string }) {
    const session = await this.meta.forUser(userId)
    const { account } = await session.ownedObject(input.campaignId, 'campaign', 'campaignId')
    const node = await session.get(input.campaignId, { fields: CAMPAIGN_DETAIL_FIELDS }, account.id)
    return { campaign: toCampaignDetails(node, account.currency) }
  }
}
