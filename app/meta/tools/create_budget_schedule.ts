import { z } from 'zod'
import app from '@adonisjs/core/services/app'
import { defineAction } from '#registry/define_action'
import { CreateBudgetSchedule } from '#meta/actions/create_budget_schedule'
import { BUDGET_VALUE_TYPES } from '#meta/services/campaign_rules'
import { PREVIEW_NOTE, creationAnnotations } from '#meta/tools/campaign_schemas'
import {
  confirmInput,
  forceInput,
  objectIdInput,
  writeResultOutput,
  META_WRITE_FEATURE,
} from '#meta/tools/schemas'

/** `create_budget_schedule` (plan feature automation_tools) */
export const createBudgetSchedule = defineAction({
  module: 'meta',
  name: 'create_budget_schedule',
  title: 'Schedule a budget increase',
  description: `Schedules a temporary increase of a campaign's or ad set's daily budget for a high-demand period (a sale, a launch). ABSOLUTE adds budgetValue minor units; MULTIPLIER adds budgetValue percent. Meta's rules are checked first: daily budgets only, times on 15-minute boundaries, at least 3 hours, at most 50 schedules per object, ABSOLUTE and MULTIPLIER never mixed on one object (codes meta_budget_schedule_*); more than 10 × the daily budget needs force: true. ${PREVIEW_NOTE}`,
  input: z.object({
    campaignId: objectIdInput('Campaign')
      .optional()
      .describe('Campaign with a daily campaign budget (give this or adSetId)'),
    adSetId: objectIdInput('Ad set')
      .optional()
      .describe('Ad set with a daily budget (give this or campaignId)'),
    budgetValueType: z
      .enum(BUDGET_VALUE_TYPES)
      .describe('ABSOLUTE: add an amount; MULTIPLIER: add a percentage'),
    budgetValue: z
      .number()
      .int()
      .describe(
        'ABSOLUTE: increase in minor units (2000 = +20.00 a day); MULTIPLIER: increase in percent (50 = +50 %)'
      ),
    timeStart: z
      .string()
      .datetime({ offset: true })
      .describe('Start, ISO 8601, on a 15-minute boundary, in the future'),
    timeEnd: z
      .string()
      .datetime({ offset: true })
      .describe('End, ISO 8601, on a 15-minute boundary, at least 3 hours after the start'),
    force: forceInput,
    confirm: confirmInput,
  }),
  inputExample: {
    campaignId: '120200000000101',
    budgetValueType: 'MULTIPLIER',
    budgetValue: 50,
    timeStart: '2031-11-28T05:00:00Z',
    timeEnd: '2031-11-29T05:00:00Z',
  },
  output: writeResultOutput,
  annotations: creationAnnotations,
  feature: META_WRITE_FEATURE,
  async handler(caller, input) {
    const action = await app.container.make(CreateBudgetSchedule)
    return action.execute(caller.userId, input)
  },
})
