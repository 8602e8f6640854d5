import { z } from 'zod'
import app from '@adonisjs/core/services/app'
import { defineAction } from '#registry/define_action'
import { ListAds } from '#meta/actions/list_ads'
import {
  adOutput,
  afterInput,
  limitInput,
  objectIdInput,
  pagingOutput,
  statusesInput,
} from '#meta/tools/schemas'

/** `list_ads` */
export const listAds = defineAction({
  module: 'meta',
  name: 'list_ads',
  title: 'List ads',
  description:
    'Lists ads of a Meta ad account, a campaign or an ad set (give exactly one of adAccountId, campaignId, adSetId), one page at a time (follow paging.after), optionally filtered by effective status (e.g. ["ACTIVE"]). Each ad has its status, effective status (ADSET_PAUSED / CAMPAIGN_PAUSED when a parent is paused) and creative id.',
  input: z.object({
    adAccountId: z
      .string()
      .regex(/^(act_)?\d{1,20}$/)
      .optional()
      .describe('Ad account id (act_...) to list all its ads'),
    campaignId: objectIdInput('Campaign').optional().describe('Only the ads of this campaign'),
    adSetId: objectIdInput('Ad set').optional().describe('Only the ads of this ad set'),
    statuses: statusesInput,
    limit: limitInput,
    after: afterInput,
  }),
  inputExample: { adSetId: '120200000001021' },
  output: z.object({
    adAccountId: z.string(),
    currency: z.string(),
    ads: z.array(adOutput),
    paging: pagingOutput,
  }),
  annotations: {
    readOnlyHint: true,
    destructiveHint: false,
    idempotentHint: true,
    openWorldHint: true,
  },
  async handler(caller, input) {
    const action = await app.container.make(ListAds)
    return action.execute(caller.userId, input)
  },
})
