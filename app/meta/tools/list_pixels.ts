import { z } from 'zod'
import app from '@adonisjs/core/services/app'
import { defineAction } from '#registry/define_action'
import { ListPixels } from '#meta/actions/list_pixels'
import { metaReadAnnotations } from '#meta/tools/campaign_schemas'
import { adAccountIdInput } from '#meta/tools/schemas'

/** `list_pixels` */
export const listPixels = defineAction({
  module: 'meta',
  name: 'list_pixels',
  title: 'List pixels',
  description:
    'Lists the Meta pixels an ad account can use. A Sales (or website-conversion) ad set promotes one of them: create_ad_set takes its id as promotedObject.pixel_id, with the conversion event to optimize for as promotedObject.custom_event_type (e.g. PURCHASE). lastFiredTime says whether the pixel receives events.',
  input: z.object({ adAccountId: adAccountIdInput }),
  inputExample: { adAccountId: 'act_100000000001' },
  output: z.object({
    adAccountId: z.string(),
    pixels: z.array(
      z.object({
        id: z.string().describe('Pixel id, for promotedObject.pixel_id'),
        name: z.string(),
        lastFiredTime: z
          .string()
          .nullable()
          .describe('When the pixel last received an event (ISO 8601); null if never'),
        isUnavailable: z.boolean().describe('true: Meta says the pixel can no longer be used'),
      })
    ),
  }),
  annotations: metaReadAnnotations,
  async handler(caller, input) {
    const action = await app.container.make(ListPixels)
    return action.execute(caller.userId, input)
  },
})
