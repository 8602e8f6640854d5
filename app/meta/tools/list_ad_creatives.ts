import { z } from 'zod'
import app from '@adonisjs/core/services/app'
import { defineAction } from '#registry/define_action'
import { ListAdCreatives } from '#meta/actions/list_ad_creatives'
import { creativeOutput, metaReadAnnotations } from '#meta/tools/campaign_schemas'
import { adAccountIdInput, afterInput, limitInput, pagingOutput } from '#meta/tools/schemas'

/** `list_ad_creatives` */
export const listAdCreatives = defineAction({
  module: 'meta',
  name: 'list_ad_creatives',
  title: 'List ad creatives',
  description:
    'Lists the creatives of an ad account, one page at a time (follow paging.after): Page, texts, link, image or video.',
  input: z.object({ adAccountId: adAccountIdInput, limit: limitInput, after: afterInput }),
  inputExample: { adAccountId: 'act_100000000001', limit: 25 },
  output: z.object({
    adAccountId: z.string(),
    creatives: z.array(creativeOutput),
    paging: pagingOutput,
  }),
  annotations: metaReadAnnotations,
  async handler(caller, input) {
    const action = await app.container.make(ListAdCreatives)
    return action.execute(caller.userId, input)
  },
})
