import { inject } from '@adonisjs/core'
import { MetaAccess } from '#meta/services/meta_access'
import { AD_SET_DETAIL_FIELDS, toAdSetDetails } from '#meta/services/normalize'

/**
 * One ad set with targeting, bid, frequency caps, schedule and promoted object
 * (`GET /<ad set id>`).
 * @throws AppError 404 `meta_object_not_owned`, 422 `meta_wrong_object_type` | `invalid_meta_id`
 */
@inject()
export class GetAdSet {
  constructor(private meta: MetaAccess) {}

  async execute(userId: number, input: { adSetId: string }) {
    const session = await this.meta.forUser(userId)
    const { account } = await session.ownedObject(input.adSetId, 'ad_set', 'adSetId')
    const node = await session.get(input.adSetId, { fields: AD_SET_DETAIL_FIELDS }, account.id)
    return { adSet: toAdSetDetails(node, account.currency) }
  }
}
