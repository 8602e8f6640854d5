import { z } from 'zod'
import app from '@adonisjs/core/services/app'
import { defineAction } from '#registry/define_action'
import { CreateAdSet } from '#meta/actions/create_ad_set'
import {
  PREVIEW_NOTE,
  bidAmountInput,
  bidConstraintsInput,
  bidStrategyInput,
  billingEventInput,
  creationAnnotations,
  creationStatusInput,
  frequencyControlSpecsInput,
  nameInput,
  optimizationGoalInput,
  promotedObjectInput,
  targetingInput,
  timeInput,
} from '#meta/tools/campaign_schemas'
import {
  confirmInput,
  objectIdInput,
  writeResultOutput,
  META_WRITE_FEATURE,
} from '#meta/tools/schemas'

/** `create_ad_set` (plan feature automation_tools) */
export const createAdSet = defineAction({
  module: 'meta',
  name: 'create_ad_set',
  title: 'Create an ad set',
  description: `Creates an ad set in one of your campaigns, PAUSED by default: who sees the ads (targeting, from search_targeting; check its size with estimate_audience_size), what delivery optimizes for (must fit the campaign objective), how you pay (billing event), the budget (required when the campaign has no campaign budget, refused when it has one: Meta error 1885621), bids, schedule and frequency cap, and the promoted object its goal needs (Sales: a pixel from list_pixels and a conversion event; instant-form Leads: a Page from list_pages; App promotion: an app and store URL from list_advertisable_apps). Refused before Meta is called, in the preview too, with meta_optimization_goal_invalid, meta_billing_event_invalid, meta_budget_conflict, meta_budget_required, meta_bid_amount_required, meta_targeting_not_allowed (Special Ad Category rules), meta_invalid_interest, meta_promoted_object_required or meta_promoted_object_invalid. Next: create_ad_creative and create_ad. ${PREVIEW_NOTE}`,
  input: z.object({
    campaignId: objectIdInput('Campaign').describe(
      'Campaign the ad set belongs to (create_campaign or list_campaigns)'
    ),
    name: nameInput('ad set'),
    optimizationGoal: optimizationGoalInput
      .optional()
      .describe(optimizationGoalInput.description ?? ''),
    billingEvent: billingEventInput,
    dailyBudget: z
      .number()
      .int()
      .optional()
      .describe('Ad set daily budget, minor units; only when the campaign has no campaign budget'),
    lifetimeBudget: z
      .number()
      .int()
      .optional()
      .describe('Ad set lifetime budget, minor units; needs endTime'),
    bidStrategy: bidStrategyInput,
    bidAmount: bidAmountInput,
    bidConstraints: bidConstraintsInput,
    targeting: targetingInput,
    startTime: timeInput('When delivery may start (default now)'),
    endTime: timeInput('When delivery ends (required with a lifetime budget)'),
    frequencyControlSpecs: frequencyControlSpecsInput,
    promotedObject: promotedObjectInput,
    destinationType: z
      .enum(['WEBSITE', 'APP', 'MESSENGER', 'WHATSAPP', 'INSTAGRAM_DIRECT', 'ON_AD', 'FACEBOOK'])
      .optional()
      .describe(
        'Where people go when they click (Meta destination_type); omit to let Meta infer it'
      ),
    dynamicCreative: z
      .boolean()
      .optional()
      .describe(
        'true: the ad set takes one dynamic creative (several texts/images combined by Meta)'
      ),
    status: creationStatusInput,
    confirm: confirmInput,
  }),
  inputExample: {
    campaignId: '120200000000103',
    name: 'Reach - US/CA 25-54 hikers',
    optimizationGoal: 'REACH',
    dailyBudget: 3000,
    targeting: {
      geo_locations: { countries: ['US', 'CA'] },
      age_min: 25,
      age_max: 54,
      interests: [{ id: '6003139266461', name: 'Hiking' }],
    },
    status: 'PAUSED',
  },
  output: writeResultOutput,
  annotations: creationAnnotations,
  feature: META_WRITE_FEATURE,
  async handler(caller, input) {
    const action = await app.container.make(CreateAdSet)
    return action.execute(caller.userId, input)
  },
})
