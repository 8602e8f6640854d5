import { z } from 'zod'
import app from '@adonisjs/core/services/app'
import { defineAction } from '#registry/define_action'
import { GetAdSet } from '#meta/actions/get_ad_set'
import { json, metaReadAnnotations } from '#meta/tools/campaign_schemas'
import { adSetOutput, objectIdInput } from '#meta/tools/schemas'

/** `get_ad_set` */
export const getAdSet = defineAction({
  module: 'meta',
  name: 'get_ad_set',
  title: 'Get an ad set',
  description:
    'Reads one ad set: status, budget, optimization goal and billing event, bid, targeting spec, frequency cap, schedule and promoted object.',
  input: z.object({ adSetId: objectIdInput('Ad set') }),
  inputExample: { adSetId: '120200000001021' },
  output: z.object({
    adSet: adSetOutput.extend({
      bidStrategy: z.string().nullable(),
      bidAmount: z.number().int().nullable().describe('Minor units'),
      bidConstraints: json.nullable(),
      targeting: json.nullable().describe('Meta targeting spec'),
      frequencyControlSpecs: z.array(json).nullable(),
      promotedObject: json.nullable(),
      destinationType: z.string().nullable(),
      isDynamicCreative: z.boolean(),
    }),
  }),
  annotations: metaReadAnnotations,
  async handler(caller, input) {
    const action = await app.container.make(GetAdSet)
    return action.execute(caller.userId, input)
  },
})
