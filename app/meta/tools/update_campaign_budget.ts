import { z } from 'zod'
import app from '@adonisjs/core/services/app'
import { defineAction } from '#registry/define_action'
import { UpdateCampaignBudget } from '#meta/actions/update_campaign_budget'
import {
  budgetInputs,
  budgetWriteAnnotations,
  confirmInput,
  forceInput,
  objectIdInput,
  writeResultOutput,
  META_WRITE_FEATURE,
} from '#meta/tools/schemas'

/** `update_campaign_budget` (plan feature automation_tools) */
export const updateCampaignBudget = defineAction({
  module: 'meta',
  name: 'update_campaign_budget',
  title: 'Change a campaign budget',
  description:
    "Changes the daily or lifetime budget of a Meta campaign that holds its own budget (budgetLevel 'campaign' in list_campaigns, Advantage campaign budget). Amounts are integers in minor units of the account currency (5000 = 50.00). Without confirm: true it only previews the change (before → after). Refused with meta_budget_conflict when the campaign's ad sets hold the budgets (Meta error 1885621): change those with update_ad_set_budget instead; meta_budget_type_mismatch when switching between daily and lifetime; meta_budget_not_positive for 0 or less; meta_budget_increase_too_large for more than 10 × the current budget unless force: true.",
  input: z.object({
    campaignId: objectIdInput('Campaign').describe('Campaign id (digits only)'),
    ...budgetInputs,
    force: forceInput,
    confirm: confirmInput,
  }),
  inputExample: { campaignId: '120200000000101', dailyBudget: 18000 },
  output: writeResultOutput,
  annotations: budgetWriteAnnotations,
  feature: META_WRITE_FEATURE,
  async handler(caller, input) {
    const action = await app.container.make(UpdateCampaignBudget)
    return action.execute(caller.userId, input)
  },
})
