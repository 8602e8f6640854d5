import { z } from 'zod'
import app from '@adonisjs/core/services/app'
import { defineAction } from '#registry/define_action'
import { ListPages } from '#meta/actions/list_pages'
import { metaReadAnnotations } from '#meta/tools/campaign_schemas'
import { adAccountIdInput } from '#meta/tools/schemas'

/** `list_pages` */
export const listPages = defineAction({
  module: 'meta',
  name: 'list_pages',
  title: 'List promotable Pages',
  description:
    'Lists the Facebook Pages an ad account can promote: the pageId of create_ad_creative must be one of them.',
  input: z.object({ adAccountId: adAccountIdInput }),
  inputExample: { adAccountId: 'act_100000000001' },
  output: z.object({
    adAccountId: z.string(),
    pages: z.array(z.object({ id: z.string(), name: z.string(), category: z.string().nullable() })),
  }),
  annotations: metaReadAnnotations,
  async handler(caller, input) {
    const action = await app.container.make(ListPages)
    return action.execute(caller.userId, input)
  },
})
