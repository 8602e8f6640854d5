import { z } from 'zod'
import app from '@adonisjs/core/services/app'
import { defineAction } from '#registry/define_action'
import { EstimateAudienceSize } from '#meta/actions/estimate_audience_size'
import {
  metaReadAnnotations,
  optimizationGoalInput,
  specialAdCategoriesInput,
  targetingInput,
} from '#meta/tools/campaign_schemas'
import { adAccountIdInput } from '#meta/tools/schemas'

/** `estimate_audience_size` */
export const estimateAudienceSize = defineAction({
  module: 'meta',
  name: 'estimate_audience_size',
  title: 'Estimate audience size',
  description:
    "Estimates how many people a targeting spec reaches in a month in an ad account (Meta's delivery estimate), before creating or changing an ad set. Give the campaign's specialAdCategories to have the targeting checked against their rules as well.",
  input: z.object({
    adAccountId: adAccountIdInput,
    targeting: targetingInput,
    optimizationGoal: optimizationGoalInput
      .optional()
      .describe(optimizationGoalInput.description ?? ''),
    specialAdCategories: specialAdCategoriesInput,
  }),
  inputExample: {
    adAccountId: 'act_100000000001',
    targeting: {
      geo_locations: { countries: ['US', 'CA'] },
      age_min: 25,
      age_max: 54,
      interests: [{ id: '6003139266461', name: 'Hiking' }],
    },
    optimizationGoal: 'OFFSITE_CONVERSIONS',
  },
  output: z.object({
    adAccountId: z.string(),
    ready: z.boolean().describe('false: Meta has no estimate for this spec'),
    lowerBound: z.number().nullable().describe('Monthly active people, lower bound'),
    upperBound: z.number().nullable().describe('Monthly active people, upper bound'),
    message: z.string(),
  }),
  annotations: metaReadAnnotations,
  async handler(caller, input) {
    const action = await app.container.make(EstimateAudienceSize)
    return action.execute(caller.userId, input)
  },
})
