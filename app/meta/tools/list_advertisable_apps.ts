import { z } from 'zod'
import app from '@adonisjs/core/services/app'
import { defineAction } from '#registry/define_action'
import { ListAdvertisableApps } from '#meta/actions/list_advertisable_apps'
import { metaReadAnnotations } from '#meta/tools/campaign_schemas'
import { adAccountIdInput } from '#meta/tools/schemas'

/** `list_advertisable_apps` */
export const listAdvertisableApps = defineAction({
  module: 'meta',
  name: 'list_advertisable_apps',
  title: 'List advertisable apps',
  description:
    'Lists the apps an ad account can advertise, with their store URLs. An App promotion ad set promotes one of them: create_ad_set takes its id as promotedObject.application_id and one of its store URLs as promotedObject.object_store_url.',
  input: z.object({ adAccountId: adAccountIdInput }),
  inputExample: { adAccountId: 'act_100000000001' },
  output: z.object({
    adAccountId: z.string(),
    apps: z.array(
      z.object({
        id: z.string().describe('App id, for promotedObject.application_id'),
        name: z.string(),
        storeUrls: z
          .array(
            z.object({
              store: z.string().describe("Meta's store key, e.g. google_play or itunes"),
              url: z.string().describe('Store URL, for promotedObject.object_store_url'),
            })
          )
          .describe("The app's store listings"),
        supportedPlatforms: z
          .array(z.string())
          .describe("Meta's supported_platforms: IPHONE, IPAD, ANDROID, WEB..."),
      })
    ),
  }),
  annotations: metaReadAnnotations,
  async handler(caller, input) {
    const action = await app.container.make(ListAdvertisableApps)
    return action.execute(caller.userId, input)
  },
})
