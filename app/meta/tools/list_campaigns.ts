import { z } from 'zod'
import app from '@adonisjs/core/services/app'
import { defineAction } from '#registry/define_action'
import { ListCampaigns } from '#meta/actions/list_campaigns'
import {
  adAccountIdInput,
  afterInput,
  campaignOutput,
  limitInput,
  pagingOutput,
  statusesInput,
} from '#meta/tools/schemas'

/** `list_campaigns` */
export const listCampaigns = defineAction({
  module: 'meta',
  name: 'list_campaigns',
  title: 'List campaigns',
  description:
    "Lists the campaigns of a Meta ad account, one page at a time (follow paging.after for more), optionally only those with given effective statuses. Each campaign has its status, objective and budget: budgetLevel 'campaign' means the campaign holds the budget (Advantage campaign budget) and its ad sets have none; 'ad_set' means the budgets are on the ad sets. Budgets are integers in minor units of `currency` (5000 = 50.00). Use get_insights for performance.",
  input: z.object({
    adAccountId: adAccountIdInput,
    statuses: statusesInput,
    limit: limitInput,
    after: afterInput,
  }),
  inputExample: { adAccountId: 'act_100000000001', statuses: ['ACTIVE'], limit: 25 },
  output: z.object({
    adAccountId: z.string(),
    currency: z.string(),
    campaigns: z.array(campaignOutput),
    paging: pagingOutput,
  }),
  annotations: {
    readOnlyHint: true,
    destructiveHint: false,
    idempotentHint: true,
    openWorldHint: true,
  },
  async handler(caller, input) {
    const action = await app.container.make(ListCampaigns)
    return action.execute(caller.userId, input)
  },
})
