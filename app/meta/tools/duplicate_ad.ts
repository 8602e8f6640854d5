import { z } from 'zod'
import app from '@adonisjs/core/services/app'
import { defineAction } from '#registry/define_action'
import { DuplicateAd } from '#meta/actions/duplicate_ad'
import {
  COPY_NOTE,
  copyStatusInput,
  creationAnnotations,
  renameInputs,
} from '#meta/tools/campaign_schemas'
import {
  confirmInput,
  objectIdInput,
  writeResultOutput,
  META_WRITE_FEATURE,
} from '#meta/tools/schemas'

/** `duplicate_ad` (plan feature automation_tools) */
export const duplicateAd = defineAction({
  module: 'meta',
  name: 'duplicate_ad',
  title: 'Duplicate an ad',
  description: `Copies an ad into the same or another ad set of the same ad account (e.g. to test a winning ad in a new audience). ${COPY_NOTE}`,
  input: z.object({
    adId: objectIdInput('Ad').describe('Ad to copy'),
    adSetId: objectIdInput('Ad set').optional().describe('Ad set to copy into (default: the same)'),
    statusOption: copyStatusInput,
    ...renameInputs,
    confirm: confirmInput,
  }),
  inputExample: { adId: '120200000010211', renameSuffix: ' - v2' },
  output: writeResultOutput,
  annotations: creationAnnotations,
  feature: META_WRITE_FEATURE,
  async handler(caller, input) {
    const action = await app.container.make(DuplicateAd)
    return action.execute(caller.userId, input)
  },
})
