/**
 * The sandbox's targeting catalogue: what `GET /search` answers for `type=adinterest`,
 * `adinterestvalid`, `adTargetingCategory` (behaviors, demographics) and `adgeolocation`, and
 * the audience sizes behind `act_<id>/delivery_estimate`. Fixed data, so every answer is
 * deterministic. Shapes follow the Targeting Search reference (ids as strings, audience size
 * bounds as numbers, `path` lists, geo `key`s).
 */

export interface SandboxInterest {
  id: string
  name: string
  /** Share of a country's adults interested (0..1). */
  share: number
  path: string[]
  topic: string
}

export const INTERESTS: SandboxInterest[] = [
  {
    id: '6003139266461',
    name: 'Hiking',
    share: 0.08,
    path: ['Interests', 'Sports and outdoors', 'Outdoor recreation', 'Hiking'],
    topic: 'Sports and outdoors',
  },
  {
    id: '6003384248805',
    name: 'Camping',
    share: 0.07,
    path: ['Interests', 'Sports and outdoors', 'Outdoor recreation', 'Camping'],
    topic: 'Sports and outdoors',
  },
  {
    id: '6003277229526',
    name: 'Trail running',
    share: 0.02,
    path: ['Interests', 'Sports and outdoors', 'Running', 'Trail running'],
    topic: 'Sports and outdoors',
  },
  {
    id: '6003107902433',
    name: 'Running',
    share: 0.1,
    path: ['Interests', 'Fitness and wellness', 'Running'],
    topic: 'Fitness and wellness',
  },
  {
    id: '6003020834693',
    name: 'Rock climbing',
    share: 0.015,
    path: ['Interests', 'Sports and outdoors', 'Outdoor recreation', 'Rock climbing'],
    topic: 'Sports and outdoors',
  },
  {
    id: '6003349442621',
    name: 'Outdoor recreation',
    share: 0.15,
    path: ['Interests', 'Sports and outdoors', 'Outdoor recreation'],
    topic: 'Sports and outdoors',
  },
  {
    id: '6003012317397',
    name: 'Interior design',
    share: 0.09,
    path: ['Interests', 'Hobbies and activities', 'Home and garden', 'Interior design'],
    topic: 'Hobbies and activities',
  },
  {
    id: '6002991239659',
    name: 'Fashion design',
    share: 0.05,
    path: ['Interests', 'Shopping and fashion', 'Fashion design'],
    topic: 'Shopping and fashion',
  },
  {
    id: '6003346592981',
    name: 'Online shopping',
    share: 0.2,
    path: ['Interests', 'Shopping and fashion', 'Shopping', 'Online shopping'],
    topic: 'Shopping and fashion',
  },
  {
    id: '6003397425735',
    name: 'Photography',
    share: 0.11,
    path: ['Interests', 'Hobbies and activities', 'Arts and music', 'Photography'],
    topic: 'Hobbies and activities',
  },
]

export interface SandboxCategory {
  id: string
  name: string
  /** `adTargetingCategory` class. */
  type: string
  share: number
  path: string[]
  description: string
}

export const TARGETING_CATEGORIES: SandboxCategory[] = [
  {
    id: '6002714895372',
    name: 'Frequent travelers',
    type: 'behaviors',
    share: 0.06,
    path: ['Travel', 'Frequent travelers'],
    description: 'People who travel frequently.',
  },
  {
    id: '6071631541183',
    name: 'Engaged shoppers',
    type: 'behaviors',
    share: 0.12,
    path: ['Purchase behavior', 'Engaged shoppers'],
    description: 'People who clicked a Shop Now button in the past week.',
  },
  {
    id: '6004386044572',
    name: 'Facebook access (mobile): smartphones and tablets',
    type: 'behaviors',
    share: 0.7,
    path: ['Mobile device user', 'All mobile devices'],
    description: 'People who access Facebook from a smartphone or tablet.',
  },
  {
    id: '6002714398172',
    name: 'Newlywed (1 year)',
    type: 'life_events',
    share: 0.01,
    path: ['Life events', 'Newlywed (1 year)'],
    description: 'People married within the last year.',
  },
  {
    id: '6003054185372',
    name: 'Recently moved',
    type: 'life_events',
    share: 0.02,
    path: ['Life events', 'Recently moved'],
    description: 'People who changed their current city in the last 6 months.',
  },
  {
    id: '6012903140970',
    name: 'Parents (All)',
    type: 'family_statuses',
    share: 0.25,
    path: ['Demographics', 'Parents', 'All parents'],
    description: 'People who are likely parents.',
  },
  {
    id: '6009003311983',
    name: 'Management',
    type: 'industries',
    share: 0.04,
    path: ['Demographics', 'Work', 'Industries', 'Management'],
    description: 'People who work in management.',
  },
  {
    id: '6107813079183',
    name: 'College grad',
    type: 'education_statuses',
    share: 0.3,
    path: ['Demographics', 'Education', 'Education level', 'College grad'],
    description: 'People with a college degree.',
  },
]

export interface SandboxGeoLocation {
  key: string
  name: string
  type: 'country' | 'region' | 'city'
  country_code: string
  country_name: string
  region?: string
  region_id?: number
  supports_region: boolean
  supports_city: boolean
  /** Adults reachable (monthly active). */
  adults: number
}

export const GEO_LOCATIONS: SandboxGeoLocation[] = [
  {
    key: 'US',
    name: 'United States',
    type: 'country',
    country_code: 'US',
    country_name: 'United States',
    supports_region: true,
    supports_city: true,
    adults: 240_000_000,
  },
  {
    key: 'CA',
    name: 'Canada',
    type: 'country',
    country_code: 'CA',
    country_name: 'Canada',
    supports_region: true,
    supports_city: true,
    adults: 28_000_000,
  },
  {
    key: 'GB',
    name: 'United Kingdom',
    type: 'country',
    country_code: 'GB',
    country_name: 'United Kingdom',
    supports_region: true,
    supports_city: true,
    adults: 48_000_000,
  },
  {
    key: 'FR',
    name: 'France',
    type: 'country',
    country_code: 'FR',
    country_name: 'France',
    supports_region: true,
    supports_city: true,
    adults: 40_000_000,
  },
  {
    key: 'DE',
    name: 'Germany',
    type: 'country',
    country_code: 'DE',
    country_name: 'Germany',
    supports_region: true,
    supports_city: true,
    adults: 52_000_000,
  },
  {
    key: 'ES',
    name: 'Spain',
    type: 'country',
    country_code: 'ES',
    country_name: 'Spain',
    supports_region: true,
    supports_city: true,
    adults: 30_000_000,
  },
  {
    key: '3847',
    name: 'California',
    type: 'region',
    country_code: 'US',
    country_name: 'United States',
    region: 'California',
    region_id: 3847,
    supports_region: true,
    supports_city: true,
    adults: 30_000_000,
  },
  {
    key: '3875',
    name: 'New York',
    type: 'region',
    country_code: 'US',
    country_name: 'United States',
    region: 'New York',
    region_id: 3875,
    supports_region: true,
    supports_city: true,
    adults: 15_000_000,
  },
  {
    key: '2420379',
    name: 'Denver',
    type: 'city',
    country_code: 'US',
    country_name: 'United States',
    region: 'Colorado',
    region_id: 3848,
    supports_region: true,
    supports_city: true,
    adults: 2_400_000,
  },
  {
    key: '2490299',
    name: 'New York',
    type: 'city',
    country_code: 'US',
    country_name: 'United States',
    region: 'New York',
    region_id: 3875,
    supports_region: true,
    supports_city: true,
    adults: 9_000_000,
  },
  {
    key: '1556409',
    name: 'Paris',
    type: 'city',
    country_code: 'FR',
    country_name: 'France',
    region: 'Île-de-France',
    region_id: 1128,
    supports_region: true,
    supports_city: true,
    adults: 8_000_000,
  },
  {
    key: '2188017',
    name: 'London',
    type: 'city',
    country_code: 'GB',
    country_name: 'United Kingdom',
    region: 'England',
    region_id: 4079,
    supports_region: true,
    supports_city: true,
    adults: 7_000_000,
  },
]

const ALL_ADULT_AGES = 65 - 18 + 1

/**
 * Monthly active people a targeting spec reaches: the locations' adults, narrowed by age
 * range, gender and the detailed-targeting entries (union inside a group, intersection
 * between `flexible_spec` groups). Deterministic; null when the spec has no location.
 */
export function audienceSize(targeting: Record<string, any>): number | null {
  const geo = targeting.geo_locations ?? {}
  const keys: string[] = [
    ...(geo.countries ?? []),
    ...(geo.regions ?? []).map((region: any) => String(region.key)),
    ...(geo.cities ?? []).map((city: any) => String(city.key)),
  ]
  if (keys.length === 0) return null
  let people = 0
  for (const key of keys) {
    people += GEO_LOCATIONS.find((location) => location.key === key)?.adults ?? 1_000_000
  }
  const ageMin = Math.max(13, Number(targeting.age_min ?? 18))
  const ageMax = Math.min(65, Number(targeting.age_max ?? 65))
  people *= Math.max(1, ageMax - Math.max(18, ageMin) + 1) / ALL_ADULT_AGES
  if (Array.isArray(targeting.genders) && targeting.genders.length === 1) people *= 0.5
  const groups = [
    targeting,
    ...(Array.isArray(targeting.flexible_spec) ? targeting.flexible_spec : []),
  ]
  for (const group of groups) {
    const shares: number[] = []
    for (const interest of group.interests ?? []) {
      shares.push(
        INTERESTS.find((candidate) => candidate.id === String(interest.id))?.share ?? 0.01
      )
    }
    for (const [key, entries] of Object.entries(group)) {
      if (key === 'interests' || !Array.isArray(entries)) continue
      for (const entry of entries as any[]) {
        const category = TARGETING_CATEGORIES.find(
          (candidate) => candidate.id === String(entry?.id)
        )
        if (category) shares.push(category.share)
      }
    }
    if (shares.length > 0)
      people *= Math.min(
        1,
        shares.reduce((sum, share) => sum + share, 0)
      )
  }
  return Math.round(people)
}

/** Search helpers: case-insensitive substring match on the name. */
export function matches(name: string, query: string | undefined) {
  return !query || name.toLowerCase().includes(query.trim().toLowerCase())
}
