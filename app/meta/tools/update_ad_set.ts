import { z } from 'zod'
import app from '@adonisjs/core/services/app'
import { defineAction } from '#registry/define_action'
import { UpdateAdSet } from '#meta/actions/update_ad_set'
import {
  bidAmountInput,
  bidConstraintsInput,
  bidStrategyInput,
  frequencyControlSpecsInput,
  targetingInput,
  timeInput,
  updateAnnotations,
} from '#meta/tools/campaign_schemas'
import {
  confirmInput,
  objectIdInput,
  writeResultOutput,
  META_WRITE_FEATURE,
} from '#meta/tools/schemas'

/** `update_ad_set` (plan feature automation_tools) */
export const updateAdSet = defineAction({
  module: 'meta',
  name: 'update_ad_set',
  title: 'Change an ad set',
  description:
    "Changes an ad set's targeting (the whole spec is replaced: read it with get_ad_set first), bid strategy and amount, minimum ROAS, frequency cap, schedule or name. Status and budget have their own tools. Checked like create_ad_set (Special Ad Category rules, interest ids, bid amounts, frequency caps only with REACH). Without confirm: true it only previews before → after and the exact request.",
  input: z.object({
    adSetId: objectIdInput('Ad set'),
    name: z.string().trim().min(1).max(400).optional().describe('New name'),
    targeting: targetingInput.optional().describe(targetingInput.description ?? ''),
    bidStrategy: bidStrategyInput,
    bidAmount: bidAmountInput,
    bidConstraints: bidConstraintsInput,
    frequencyControlSpecs: frequencyControlSpecsInput,
    startTime: timeInput('New start time'),
    endTime: timeInput('New end time'),
    confirm: confirmInput,
  }),
  inputExample: {
    adSetId: '120200000001021',
    name: 'Visitors 7 days - 25-54',
    targeting: { geo_locations: { countries: ['US', 'CA'] }, age_min: 25, age_max: 54 },
  },
  output: writeResultOutput,
  annotations: updateAnnotations,
  feature: META_WRITE_FEATURE,
  async handler(caller, input) {
    const action = await app.container.make(UpdateAdSet)
    return action.execute(caller.userId, input)
  },
})
