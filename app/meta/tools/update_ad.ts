import { z } from 'zod'
import app from '@adonisjs/core/services/app'
import { defineAction } from '#registry/define_action'
import { UpdateAd } from '#meta/actions/update_ad'
import {
  confirmInput,
  objectIdInput,
  writeResultOutput,
  META_WRITE_FEATURE,
} from '#meta/tools/schemas'
import { updateAnnotations } from '#meta/tools/campaign_schemas'

/** `update_ad` (plan feature automation_tools) */
export const updateAd = defineAction({
  module: 'meta',
  name: 'update_ad',
  title: 'Swap an ad creative',
  description:
    'Gives an ad another creative of the same ad account (and/or a new name); Meta reviews the ad again before it delivers. Without confirm: true it only previews before → after.',
  input: z.object({
    adId: objectIdInput('Ad'),
    creativeId: objectIdInput('Creative').optional().describe('The new creative (same ad account)'),
    name: z.string().trim().min(1).max(400).optional().describe('New name'),
    confirm: confirmInput,
  }),
  inputExample: { adId: '120200000010211', name: 'Dynamic catalog - spring' },
  output: writeResultOutput,
  annotations: updateAnnotations,
  feature: META_WRITE_FEATURE,
  async handler(caller, input) {
    const action = await app.container.make(UpdateAd)
    return action.execute(caller.userId, input)
  },
})
