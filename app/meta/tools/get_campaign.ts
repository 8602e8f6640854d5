import { z } from 'zod'
import app from '@adonisjs/core/services/app'
import { defineAction } from '#registry/define_action'
import { GetCampaign } from '#meta/actions/get_campaign'
import { metaReadAnnotations } from '#meta/tools/campaign_schemas'
import { campaignOutput, objectIdInput } from '#meta/tools/schemas'

/** `get_campaign` */
export const getCampaign = defineAction({
  module: 'meta',
  name: 'get_campaign',
  title: 'Get a campaign',
  description:
    'Reads one campaign: status, objective, budget and budget level, bid strategy, special ad categories, schedule.',
  input: z.object({ campaignId: objectIdInput('Campaign') }),
  inputExample: { campaignId: '120200000000102' },
  output: z.object({
    campaign: campaignOutput.extend({
      specialAdCategories: z.array(z.string()),
      buyingType: z.string().nullable(),
      adSetBudgetSharing: z.boolean().nullable(),
    }),
  }),
  annotations: metaReadAnnotations,
  async handler(caller, input) {
    const action = await app.container.make(GetCampaign)
    return action.execute(caller.userId, input)
  },
})
