import { z } from 'zod'
import app from '@adonisjs/core/services/app'
import { defineAction } from '#registry/define_action'
import { UpdateAdSetBudget } from '#meta/actions/update_ad_set_budget'
import {
  budgetInputs,
  budgetWriteAnnotations,
  confirmInput,
  forceInput,
  objectIdInput,
  writeResultOutput,
  META_WRITE_FEATURE,
} from '#meta/tools/schemas'

/** `update_ad_set_budget` (plan feature automation_tools) */
export const updateAdSetBudget = defineAction({
  module: 'meta',
  name: 'update_ad_set_budget',
  title: 'Change an ad set budget',
  description:
    "Changes the daily or lifetime budget of a Meta ad set whose campaign does not hold the budget (budgetLevel 'ad_set'). Amounts are integers in minor units of the account currency (5000 = 50.00). Without confirm: true it only previews the change (before → after). Refused with meta_budget_conflict when the parent campaign uses a campaign budget (Meta error 1885621): use update_campaign_budget instead. Typical use: scale a winning ad set by 20% (read its current budget with list_ad_sets first).",
  input: z.object({
    adSetId: objectIdInput('Ad set').describe('Ad set id (digits only)'),
    ...budgetInputs,
    force: forceInput,
    confirm: confirmInput,
  }),
  inputExample: { adSetId: '120200000001021', dailyBudget: 6000 },
  output: writeResultOutput,
  annotations: budgetWriteAnnotations,
  feature: META_WRITE_FEATURE,
  async handler(caller, input) {
    const action = await app.container.make(UpdateAdSetBudget)
    return action.execute(caller.userId, input)
  },
})
