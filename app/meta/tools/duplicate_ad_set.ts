import { z } from 'zod'
import app from '@adonisjs/core/services/app'
import { defineAction } from '#registry/define_action'
import { DuplicateAdSet } from '#meta/actions/duplicate_ad_set'
import {
  COPY_NOTE,
  copyStatusInput,
  creationAnnotations,
  deepCopyInput,
  renameInputs,
  timeInput,
} from '#meta/tools/campaign_schemas'
import {
  confirmInput,
  objectIdInput,
  writeResultOutput,
  META_WRITE_FEATURE,
} from '#meta/tools/schemas'

/** `duplicate_ad_set` (plan feature automation_tools) */
export const duplicateAdSet = defineAction({
  module: 'meta',
  name: 'duplicate_ad_set',
  title: 'Duplicate an ad set',
  description: `Copies an ad set (and with deepCopy its ads) into the same or another campaign of the same ad account, optionally with a new schedule. Refused with meta_budget_conflict when the target campaign has a campaign budget and the ad set its own. ${COPY_NOTE}`,
  input: z.object({
    adSetId: objectIdInput('Ad set').describe('Ad set to copy'),
    campaignId: objectIdInput('Campaign')
      .optional()
      .describe('Campaign to copy into (default: the same)'),
    deepCopy: deepCopyInput,
    statusOption: copyStatusInput,
    startTime: timeInput("The copy's start time (default: the source's)"),
    endTime: timeInput("The copy's end time"),
    ...renameInputs,
    confirm: confirmInput,
  }),
  inputExample: { adSetId: '120200000001021', statusOption: 'PAUSED' },
  output: writeResultOutput,
  annotations: creationAnnotations,
  feature: META_WRITE_FEATURE,
  async handler(caller, input) {
    const action = await app.container.make(DuplicateAdSet)
    return action.execute(caller.userId, input)
  },
})
