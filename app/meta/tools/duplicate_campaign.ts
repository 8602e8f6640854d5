import { z } from 'zod'
import app from '@adonisjs/core/services/app'
import { defineAction } from '#registry/define_action'
import { DuplicateCampaign } from '#meta/actions/duplicate_campaign'
import {
  COPY_NOTE,
  copyStatusInput,
  creationAnnotations,
  deepCopyInput,
  renameInputs,
} from '#meta/tools/campaign_schemas'
import {
  confirmInput,
  objectIdInput,
  writeResultOutput,
  META_WRITE_FEATURE,
} from '#meta/tools/schemas'

/** `duplicate_campaign` (plan feature automation_tools) */
export const duplicateCampaign = defineAction({
  module: 'meta',
  name: 'duplicate_campaign',
  title: 'Duplicate a campaign',
  description: `Copies a campaign, and with deepCopy its ad sets and ads, in the same ad account. ${COPY_NOTE}`,
  input: z.object({
    campaignId: objectIdInput('Campaign').describe('Campaign to copy'),
    deepCopy: deepCopyInput,
    statusOption: copyStatusInput,
    ...renameInputs,
    confirm: confirmInput,
  }),
  inputExample: {
    campaignId: '120200000000102',
    deepCopy: true,
    statusOption: 'PAUSED',
    renameSuffix: ' - Copy',
  },
  output: writeResultOutput,
  annotations: creationAnnotations,
  feature: META_WRITE_FEATURE,
  async handler(caller, input) {
    const action = await app.container.make(DuplicateCampaign)
    return action.execute(caller.userId, input)
  },
})
