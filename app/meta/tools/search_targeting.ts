import { z } from 'zod'
import app from '@adonisjs/core/services/app'
import { defineAction } from '#registry/define_action'
import { SearchTargeting, TARGETING_SEARCH_TYPES } from '#meta/actions/search_targeting'
import { metaReadAnnotations } from '#meta/tools/campaign_schemas'
import { limitInput } from '#meta/tools/schemas'

/** `search_targeting` */
export const searchTargeting = defineAction({
  module: 'meta',
  name: 'search_targeting',
  title: 'Search targeting options',
  description:
    "Searches Meta's targeting options for an ad set's targeting spec: interests (by keyword), behaviors, demographics (life events, family statuses, industries, income...), geo_locations (countries, regions, cities, ZIP codes by name), or checks interest ids (interest_validation). Each result gives its id, the targeting key it goes under (e.g. interests, behaviors, geo_locations.cities) and the audience size range.",
  input: z.object({
    type: z
      .enum(TARGETING_SEARCH_TYPES)
      .describe(
        'What to search: interests, behaviors, demographics, geo_locations, or interest_validation (check interestIds)'
      ),
    query: z
      .string()
      .trim()
      .max(200)
      .optional()
      .describe(
        'Search text (required for interests and geo_locations; filters behaviors and demographics)'
      ),
    locationTypes: z
      .array(z.enum(['country', 'region', 'city', 'zip']))
      .optional()
      .describe('geo_locations only: kinds of places (default country, region, city)'),
    countryCode: z
      .string()
      .regex(/^[A-Z]{2}$/)
      .optional()
      .describe('geo_locations only: limit to one country (ISO code)'),
    interestIds: z
      .array(z.string().regex(/^\d{1,25}$/))
      .max(50)
      .optional()
      .describe('interest_validation only: the interest ids to check'),
    limit: limitInput,
  }),
  inputExample: { type: 'interests', query: 'hiking', limit: 10 },
  output: z.object({
    type: z.string(),
    results: z.array(
      z.object({
        id: z.string().describe('Id (or geo key) to put in the targeting spec'),
        name: z.string(),
        targetingKey: z.string().describe('Where it goes in a targeting spec'),
        audienceSizeLowerBound: z.number().nullable(),
        audienceSizeUpperBound: z.number().nullable(),
        path: z.array(z.string()),
        description: z.string().nullable(),
        countryCode: z.string().nullable(),
        valid: z.boolean().nullable().describe('interest_validation: whether Meta knows the id'),
      })
    ),
  }),
  annotations: metaReadAnnotations,
  async handler(caller, input) {
    const action = await app.container.make(SearchTargeting)
    return action.execute(caller.userId, input)
  },
})
