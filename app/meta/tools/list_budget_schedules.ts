import { z } from 'zod'
import app from '@adonisjs/core/services/app'
import { defineAction } from '#registry/define_action'
import { ListBudgetSchedules } from '#meta/actions/list_budget_schedules'
import { metaReadAnnotations } from '#meta/tools/campaign_schemas'
import { objectIdInput } from '#meta/tools/schemas'

/** `list_budget_schedules` */
export const listBudgetSchedules = defineAction({
  module: 'meta',
  name: 'list_budget_schedules',
  title: 'List budget schedules',
  description:
    'Lists the scheduled budget increases (high-demand periods) of a campaign or ad set.',
  input: z.object({
    campaignId: objectIdInput('Campaign').optional().describe('Campaign id (give this or adSetId)'),
    adSetId: objectIdInput('Ad set').optional().describe('Ad set id (give this or campaignId)'),
  }),
  inputExample: { campaignId: '120200000000101' },
  output: z.object({
    objectType: z.enum(['campaign', 'ad_set']),
    objectId: z.string(),
    adAccountId: z.string(),
    currency: z.string(),
    schedules: z.array(
      z.object({
        id: z.string(),
        objectId: z.string(),
        budgetValue: z.number().describe('ABSOLUTE: minor units added; MULTIPLIER: percent added'),
        budgetValueType: z.string(),
        currency: z.string(),
        timeStart: z.string(),
        timeEnd: z.string(),
        recurrenceType: z.string().nullable(),
      })
    ),
  }),
  annotations: metaReadAnnotations,
  async handler(caller, input) {
    const action = await app.container.make(ListBudgetSchedules)
    return action.execute(caller.userId, input)
  },
})
