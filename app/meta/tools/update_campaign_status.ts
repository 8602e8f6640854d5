import { z } from 'zod'
import app from '@adonisjs/core/services/app'
import { defineAction } from '#registry/define_action'
import { UpdateCampaignStatus } from '#meta/actions/update_campaign_status'
import {
  confirmInput,
  deliveryStatusInput,
  objectIdInput,
  statusWriteAnnotations,
  writeResultOutput,
  META_WRITE_FEATURE,
} from '#meta/tools/schemas'

/** `update_campaign_status` (plan feature automation_tools) */
export const updateCampaignStatus = defineAction({
  module: 'meta',
  name: 'update_campaign_status',
  title: 'Pause or activate a campaign',
  description:
    "Pauses (PAUSED) or activates (ACTIVE) a Meta campaign; every ad set and ad in it stops or resumes delivery with it. Without confirm: true it only returns a preview ({preview: true, changes: [{field: 'status', before, after}]}) and changes nothing; show it to the user, then call again with confirm: true to apply. Typical use: pause a campaign whose ROAS (get_insights) fell below target.",
  input: z.object({
    campaignId: objectIdInput('Campaign').describe(
      'Campaign id (digits only), from list_campaigns'
    ),
    status: deliveryStatusInput,
    confirm: confirmInput,
  }),
  inputExample: { campaignId: '120200000000104', status: 'ACTIVE' },
  output: writeResultOutput,
  annotations: statusWriteAnnotations,
  feature: META_WRITE_FEATURE,
  async handler(caller, input) {
    const action = await app.container.make(UpdateCampaignStatus)
    return action.execute(caller.userId, input)
  },
})
