import { z } from 'zod'
import app from '@adonisjs/core/services/app'
import { defineAction } from '#registry/define_action'
import { ListAdSets } from '#meta/actions/list_ad_sets'
import {
  adSetOutput,
  afterInput,
  limitInput,
  objectIdInput,
  pagingOutput,
  statusesInput,
} from '#meta/tools/schemas'

/** `list_ad_sets` */
export const listAdSets = defineAction({
  module: 'meta',
  name: 'list_ad_sets',
  title: 'List ad sets',
  description:
    'Lists ad sets of a Meta ad account or of one campaign (give adAccountId or campaignId), one page at a time (follow paging.after), optionally filtered by effective status. Each ad set has its status, optimization goal, schedule and budget in integer minor units of `currency`; the budget is null when the parent campaign holds the budget (Advantage campaign budget).',
  input: z.object({
    adAccountId: z
      .string()
      .regex(/^(act_)?\d{1,20}$/)
      .optional()
      .describe('Ad account id (act_...) to list all its ad sets; give this or campaignId'),
    campaignId: objectIdInput('Campaign')
      .optional()
      .describe('Only the ad sets of this campaign; give this or adAccountId'),
    statuses: statusesInput,
    limit: limitInput,
    after: afterInput,
  }),
  inputExample: { campaignId: '120200000000102', statuses: ['ACTIVE'] },
  output: z.object({
    adAccountId: z.string(),
    currency: z.string(),
    adSets: z.array(adSetOutput),
    paging: pagingOutput,
  }),
  annotations: {
    readOnlyHint: true,
    destructiveHint: false,
    idempotentHint: true,
    openWorldHint: true,
  },
  async handler(caller, input) {
    const action = await app.container.make(ListAdSets)
    return action.execute(caller.userId, input)
  },
})
