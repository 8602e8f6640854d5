import { inject } from '@adonisjs/core'
import { MetaAccess } from '#meta/services/meta_access'
import { AD_CREATIVE_FIELDS, toAd, toAdCreative } from '#meta/services/normalize'

/**
 * One ad with its creative (`GET /<ad id>` and `GET /<creative id>`).
 * @throws AppError 404 `meta_object_not_owned`, 422 `meta_wrong_object_type` | `invalid_meta_id`
 */
@inject()
export class GetAd {
  constructor(private meta: MetaAccess) {}

  async execute(userId: number, input: { adId: string }) {
    const session = await this.meta.forUser(userId)
    const { node, account } = await session.ownedObject(input.adId, 'ad', 'adId')
    const ad = toAd(node)
    const creative = ad.creativeId
      ? toAdCreative(await session.get(ad.creativeId, { fields: AD_CREATIVE_FIELDS }, account.id))
      : null
    return { ad: { ...ad, creative } }
  }
}
