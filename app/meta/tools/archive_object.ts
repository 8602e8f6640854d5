import { z } from 'zod'
import app from '@adonisjs/core/services/app'
import { defineAction } from '#registry/define_action'
import { ArchiveObject } from '#meta/actions/archive_object'
import { writeResultOutput, META_WRITE_FEATURE } from '#meta/tools/schemas'
import { lifecycleInput } from '#meta/tools/campaign_schemas'

/** `archive_object` (plan feature automation_tools) */
export const archiveObject = defineAction({
  module: 'meta',
  name: 'archive_object',
  title: 'Archive a campaign, ad set or ad',
  description:
    'Archives a campaign, ad set or ad (status ARCHIVED): delivery stops for it and everything in it, it leaves the default lists, and it can afterwards only be deleted. Pausing (update_*_status) is the reversible alternative. Without confirm: true it only previews.',
  input: z.object(lifecycleInput),
  inputExample: { objectType: 'campaign', objectId: '120200000000104' },
  output: writeResultOutput,
  annotations: {
    readOnlyHint: false,
    destructiveHint: true,
    idempotentHint: true,
    openWorldHint: true,
  },
  feature: META_WRITE_FEATURE,
  async handler(caller, input) {
    const action = await app.container.make(ArchiveObject)
    return action.execute(caller.userId, input)
  },
})
