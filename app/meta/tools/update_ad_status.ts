import { z } from 'zod'
import app from '@adonisjs/core/services/app'
import { defineAction } from '#registry/define_action'
import { UpdateAdStatus } from '#meta/actions/update_ad_status'
import {
  confirmInput,
  deliveryStatusInput,
  objectIdInput,
  statusWriteAnnotations,
  writeResultOutput,
  META_WRITE_FEATURE,
} from '#meta/tools/schemas'

/** `update_ad_status` (plan feature automation_tools) */
export const updateAdStatus = defineAction({
  module: 'meta',
  name: 'update_ad_status',
  title: 'Pause or activate an ad',
  description:
    "Pauses (PAUSED) or activates (ACTIVE) one Meta ad, e.g. to stop a creative whose CTR or cost per result is worse than its siblings'. Without confirm: true it only returns a preview (before → after) and changes nothing; call again with confirm: true to apply.",
  input: z.object({
    adId: objectIdInput('Ad').describe('Ad id (digits only), from list_ads'),
    status: deliveryStatusInput,
    confirm: confirmInput,
  }),
  inputExample: { adId: '120200000010111', status: 'PAUSED' },
  output: writeResultOutput,
  annotations: statusWriteAnnotations,
  feature: META_WRITE_FEATURE,
  async handler(caller, input) {
    const action = await app.container.make(UpdateAdStatus)
    return action.execute(caller.userId, input)
  },
})
