import { z } from 'zod'
import app from '@adonisjs/core/services/app'
import { defineAction } from '#registry/define_action'
import { CreateAd } from '#meta/actions/create_ad'
import {
  PREVIEW_NOTE,
  creationAnnotations,
  creationStatusInput,
  nameInput,
} from '#meta/tools/campaign_schemas'
import {
  confirmInput,
  objectIdInput,
  writeResultOutput,
  META_WRITE_FEATURE,
} from '#meta/tools/schemas'

/** `create_ad` (plan feature automation_tools) */
export const createAd = defineAction({
  module: 'meta',
  name: 'create_ad',
  title: 'Create an ad',
  description: `Creates an ad from one of your ad sets and a creative of the same ad account, PAUSED by default (activate it with update_ad_status once the campaign and ad set are ready). ${PREVIEW_NOTE}`,
  input: z.object({
    adSetId: objectIdInput('Ad set').describe('Ad set the ad belongs to'),
    creativeId: objectIdInput('Creative').describe(
      'Creative id from create_ad_creative or list_ad_creatives'
    ),
    name: nameInput('ad'),
    status: creationStatusInput,
    confirm: confirmInput,
  }),
  inputExample: {
    adSetId: '120200000001021',
    creativeId: '920200000010211',
    name: 'Dynamic catalog - v2',
  },
  output: writeResultOutput,
  annotations: creationAnnotations,
  feature: META_WRITE_FEATURE,
  async handler(caller, input) {
    const action = await app.container.make(CreateAd)
    return action.execute(caller.userId, input)
  },
})
