import { inject } from '@adonisjs/core'
import { MetaAccess } from '#meta/services/meta_access'

/** One pixel an ad account can use, as `list_pixels` returns it. */
export interface AdAccountPixel {
  id: string
  name: string
  /** When Meta last received an event from it (ISO 8601), null if never. */
  lastFiredTime: string | null
  /** Meta marks a pixel unavailable when it can no longer be used (e.g. its owner removed it). */
  isUnavailable: boolean
}

/**
 * The Meta pixels (datasets) an ad account can use (`GET /act_<id>/adspixels`, Marketing API
 * "Ad Account Adspixels"): the `promotedObject.pixel_id` of a website-conversion ad set must
 * be one of them.
 * @throws AppError 404 `meta_object_not_owned`, 422 `invalid_meta_id`, 409 `meta_not_connected`
 */
@inject()
export class ListPixels {
  constructor(private meta: MetaAccess) {}

  async execute(userId: number, input: { adAccountId: string }) {
    const session = await this.meta.forUser(userId)
    const account = await session.ownedAdAccount(input.adAccountId)
    const page = await session.page(
      `${account.id}/adspixels`,
      { fields: 'id,name,last_fired_time,is_unavailable' },
      { limit: 100, adAccountId: account.id }
    )
    return {
      adAccountId: account.id,
      pixels: page.data.map((node: any): AdAccountPixel => ({
        id: String(node.id),
        name: String(node.name ?? ''),
        lastFiredTime: node.last_fired_time ? new Date(node.last_fired_time).toISOString() : null,
        isUnavailable: node.is_unavailable === true,
      })),
    }
  }
}
