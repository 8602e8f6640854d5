import { z } from 'zod'
import app from '@adonisjs/core/services/app'
import { defineAction } from '#registry/define_action'
import { GetAd } from '#meta/actions/get_ad'
import { creativeOutput, metaReadAnnotations } from '#meta/tools/campaign_schemas'
import { adOutput, objectIdInput } from '#meta/tools/schemas'

/** `get_ad` */
export const getAd = defineAction({
  module: 'meta',
  name: 'get_ad',
  title: 'Get an ad',
  description: 'Reads one ad with its creative (Page, texts, link, image or video).',
  input: z.object({ adId: objectIdInput('Ad') }),
  inputExample: { adId: '120200000010211' },
  output: z.object({ ad: adOutput.extend({ creative: creativeOutput.nullable() }) }),
  annotations: metaReadAnnotations,
  async handler(caller, input) {
    const action = await app.container.make(GetAd)
    return action.execute(caller.userId, input)
  },
})
