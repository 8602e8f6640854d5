import { z } from 'zod'
import app from '@adonisjs/core/services/app'
import { defineAction } from '#registry/define_action'
import { DeleteObject } from '#meta/actions/delete_object'
import { writeResultOutput, META_WRITE_FEATURE } from '#meta/tools/schemas'
import { lifecycleInput } from '#meta/tools/campaign_schemas'

/** `delete_object` (plan feature automation_tools) */
export const deleteObject = defineAction({
  module: 'meta',
  name: 'delete_object',
  title: 'Delete a campaign, ad set or ad',
  description:
    'Deletes a campaign, ad set or ad at Meta (and everything in it). This cannot be undone; past insights stay readable. Without confirm: true it only previews.',
  input: z.object(lifecycleInput),
  inputExample: { objectType: 'ad', objectId: '120200000010412' },
  output: writeResultOutput,
  annotations: {
    readOnlyHint: false,
    destructiveHint: true,
    idempotentHint: true,
    openWorldHint: true,
  },
  feature: META_WRITE_FEATURE,
  async handler(caller, input) {
    const action = await app.container.make(DeleteObject)
    return action.execute(caller.userId, input)
  },
})
