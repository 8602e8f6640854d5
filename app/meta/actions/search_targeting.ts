import { inject } from '@adonisjs/core'
import { AppError } from '#shared/errors'
import { MetaAccess } from '#meta/services/meta_access'
import { validateInterests } from '#meta/actions/targeting_checks'

export const TARGETING_SEARCH_TYPES = [
  'interests',
  'behaviors',
  'demographics',
  'geo_locations',
  'interest_validation',
] as const
export type TargetingSearchType = (typeof TARGETING_SEARCH_TYPES)[number]

export interface SearchTargetingInput {
  type: TargetingSearchType
  query?: string
  locationTypes?: Array<'country' | 'region' | 'city' | 'zip'>
  countryCode?: string
  interestIds?: string[]
  limit?: number
}

/** One targeting option, ready to paste into a targeting spec under `targetingKey`. */
export interface TargetingOption {
  id: string
  name: string
  /** Where it goes in a targeting spec (interests, behaviors, life_events, geo_locations.cities...). */
  targetingKey: string
  audienceSizeLowerBound: number | null
  audienceSizeUpperBound: number | null
  path: string[]
  description: string | null
  countryCode: string | null
  valid: boolean | null
}

const GEO_KEYS: Record<string, string> = {
  country: 'geo_locations.countries',
  region: 'geo_locations.regions',
  city: 'geo_locations.cities',
  zip: 'geo_locations.zips',
}

/**
 * Meta's targeting search (`GET /search`, Marketing API Targeting Search): interests
 * (`type=adinterest`), behaviors and demographics (`adTargetingCategory` with `class`),
 * locations (`adgeolocation`), and validation of interest ids (`adinterestvalid`). Results say
 * under which targeting key each id belongs and how large the audience is.
 * @throws AppError 422 `validation_failed` (query or ids missing); 409 `meta_not_connected`
 */
@inject()
export class SearchTargeting {
  constructor(private meta: MetaAccess) {}

  async execute(
    userId: number,
    input: SearchTargetingInput
  ): Promise<{ type: TargetingSearchType; results: TargetingOption[] }> {
    const session = await this.meta.forUser(userId)
    const limit = input.limit ?? 25
    if (input.type === 'interest_validation') {
      if (!input.interestIds || input.interestIds.length === 0) {
        throw new AppError(
          'validation_failed',
          'interestIds lists the interest ids to check.',
          422,
          {
            field: 'interestIds',
          }
        )
      }
      const rows = await validateInterests(session, input.interestIds)
      return {
        type: input.type,
        results: rows.map((row) => ({
          ...option({ id: row.id, name: row.name ?? '' }, 'interests'),
          valid: row.valid,
        })),
      }
    }
    if ((input.type === 'interests' || input.type === 'geo_locations') && !input.query?.trim()) {
      throw new AppError('validation_failed', 'query is the text to search for.', 422, {
        field: 'query',
      })
    }
    const params: Record<string, unknown> =
      input.type === 'interests'
        ? { type: 'adinterest', q: input.query }
        : input.type === 'geo_locations'
          ? {
              type: 'adgeolocation',
              q: input.query,
              location_types: input.locationTypes ?? ['country', 'region', 'city'],
              country_code: input.countryCode,
            }
          : { type: 'adTargetingCategory', class: input.type, q: input.query }
    const page = await session.page('search', params, { limit })
    return {
      type: input.type,
      results: page.data
        .slice(0, limit)
        .map((node: any) =>
          option(
            node,
            input.type === 'geo_locations'
              ? (GEO_KEYS[node.type] ?? 'geo_locations')
              : input.type === 'interests'
                ? 'interests'
                : String(node.type ?? input.type)
          )
        ),
    }
  }
}

function option(node: any, targetingKey: string): TargetingOption {
  const bound = (value: unknown) => (value === undefined || value === null ? null : Number(value))
  return {
    id: String(node.key ?? node.id),
    name: String(node.name ?? ''),
    targetingKey,
    audienceSizeLowerBound: bound(node.audience_size_lower_bound),
    audienceSizeUpperBound: bound(node.audience_size_upper_bound),
    path: Array.isArray(node.path) ? node.path.map(String) : [],
    description: node.description ?? null,
    countryCode: node.country_code ?? null,
    valid: null,
  }
}
