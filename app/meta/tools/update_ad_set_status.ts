import { z } from 'zod'
import app from '@adonisjs/core/services/app'
import { defineAction } from '#registry/define_action'
import { UpdateAdSetStatus } from '#meta/actions/update_ad_set_status'
import {
  confirmInput,
  deliveryStatusInput,
  objectIdInput,
  statusWriteAnnotations,
  writeResultOutput,
  META_WRITE_FEATURE,
} from '#meta/tools/schemas'

/** `update_ad_set_status` (plan feature automation_tools) */
export const updateAdSetStatus = defineAction({
  module: 'meta',
  name: 'update_ad_set_status',
  title: 'Pause or activate an ad set',
  description:
    'Pauses (PAUSED) or activates (ACTIVE) one Meta ad set and so its ads; the rest of the campaign keeps delivering. Without confirm: true it only returns a preview (before → after) and changes nothing; call again with confirm: true to apply. Note: an ad set of a paused campaign stays undelivered (effective status CAMPAIGN_PAUSED) even when ACTIVE.',
  input: z.object({
    adSetId: objectIdInput('Ad set').describe('Ad set id (digits only), from list_ad_sets'),
    status: deliveryStatusInput,
    confirm: confirmInput,
  }),
  inputExample: { adSetId: '120200000001022', status: 'PAUSED' },
  output: writeResultOutput,
  annotations: statusWriteAnnotations,
  feature: META_WRITE_FEATURE,
  async handler(caller, input) {
    const action = await app.container.make(UpdateAdSetStatus)
    return action.execute(caller.userId, input)
  },
})
