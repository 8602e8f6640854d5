import type { HttpContext } from '@adonisjs/core/http'
import { inject } from '@adonisjs/core'
import metaConfig from '#config/meta'
import { MetaEndpoints } from '#meta/services/meta_endpoints'
import { DEFAULT_GOAL, OBJECTIVES, SPECIAL_AD_CATEGORIES } from '#meta/services/campaign_rules'
import { CONVERSION_EVENTS, promotedObjectKind } from '#meta/services/promoted_object_rules'
import { createAdCreative } from '#meta/tools/create_ad_creative'

/** Date presets the Campaigns page offers for its insights columns (Meta `date_preset` values). */
export const CAMPAIGN_PAGE_DATE_PRESETS = [
  'today',
  'yesterday',
  'last_7d',
  'last_14d',
  'last_30d',
  'this_month',
  'last_month',
  'maximum',
] as const

/**
 * The Campaigns page (`/campaigns`, issue 15). Its data comes from the published actions
 * through the session adapter (`/api/actions/:name`); the props carry only the choices the
 * New campaign wizard offers, read from the same rules and declarations the actions validate
 * with, so the form never offers a value the server would refuse: among them what an ad set of
 * each objective must promote (for its default optimization goal) and the conversion events.
 */
@inject()
export default class CampaignsPageController {
  constructor(private endpoints: MetaEndpoints) {}

  async show({ inertia }: HttpContext) {
    const callToAction = createAdCreative.input.shape.callToAction.unwrap()
    return inertia.render('campaigns/index', {
      metaSandbox: this.endpoints.usesSandbox,
      objectives: [...OBJECTIVES],
      specialAdCategories: [...SPECIAL_AD_CATEGORIES],
      callToActions: [...callToAction.options],
      promotedObjects: Object.fromEntries(
        OBJECTIVES.map((objective) => [
          objective,
          promotedObjectKind(objective, DEFAULT_GOAL[objective]),
        ])
      ),
      conversionEvents: [...CONVERSION_EVENTS],
      datePresets: [...CAMPAIGN_PAGE_DATE_PRESETS],
      imageMaxBytes: metaConfig.imageFetch.maxBytes,
    })
  }
}
