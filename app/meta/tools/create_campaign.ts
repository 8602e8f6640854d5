import { z } from 'zod'
import app from '@adonisjs/core/services/app'
import { defineAction } from '#registry/define_action'
import { CreateCampaign } from '#meta/actions/create_campaign'
import {
  PREVIEW_NOTE,
  bidStrategyInput,
  creationAnnotations,
  creationStatusInput,
  nameInput,
  objectiveInput,
  specialAdCategoriesInput,
  timeInput,
} from '#meta/tools/campaign_schemas'
import {
  adAccountIdInput,
  confirmInput,
  writeResultOutput,
  META_WRITE_FEATURE,
} from '#meta/tools/schemas'

/** `create_campaign` (plan feature automation_tools) */
export const createCampaign = defineAction({
  module: 'meta',
  name: 'create_campaign',
  title: 'Create a campaign',
  description: `Creates a Meta campaign in an ad account, PAUSED unless status ACTIVE is given. Choose the objective (outcome-based), the special ad categories when the ads are about housing, employment, credit/financial products, politics or gambling, and either a campaign budget (dailyBudget or lifetimeBudget: Advantage campaign budget, the ad sets then have none) or no budget (each ad set gets its own). Money is integer minor units of the account currency. Next: create_ad_set. ${PREVIEW_NOTE}`,
  input: z.object({
    adAccountId: adAccountIdInput,
    name: nameInput('campaign'),
    objective: objectiveInput,
    specialAdCategories: specialAdCategoriesInput,
    dailyBudget: z
      .number()
      .int()
      .optional()
      .describe('Campaign daily budget, minor units (5000 = 50.00). Omit for ad set budgets'),
    lifetimeBudget: z
      .number()
      .int()
      .optional()
      .describe('Campaign lifetime budget, minor units; needs stopTime'),
    bidStrategy: bidStrategyInput,
    adSetBudgetSharing: z
      .boolean()
      .optional()
      .describe(
        'Without a campaign budget: let ad sets share up to 20 % of their budgets (default false)'
      ),
    spendCap: z.number().int().optional().describe('Campaign spending limit, minor units'),
    stopTime: timeInput('When the campaign ends'),
    status: creationStatusInput,
    confirm: confirmInput,
  }),
  inputExample: {
    adAccountId: 'act_100000000001',
    name: 'Summer trail guide - Traffic',
    objective: 'OUTCOME_TRAFFIC',
    dailyBudget: 5000,
    status: 'PAUSED',
  },
  output: writeResultOutput,
  annotations: creationAnnotations,
  feature: META_WRITE_FEATURE,
  async handler(caller, input) {
    const action = await app.container.make(CreateCampaign)
    return action.execute(caller.userId, input)
  },
})
