import { formatMoney } from '#meta/money_format'
import {
  BID_STRATEGY_LABELS,
  BILLING_EVENT_LABELS,
  OBJECTIVE_LABELS,
  OPTIMIZATION_GOAL_LABELS,
  STATUS_LABELS,
  conversionEventLabel,
  enumWords,
  labelOf,
} from '#meta/meta_words'

/**
 * A write preview's fields in the user's words: each `changes` entry gets a label and its
 * before / after as text (money in the ad account's currency through the one formatter,
 * `$40.00/day`; objectives, statuses and goals in words; a targeting spec as a summary), so
 * the web, the CLI and an agent all show "Daily budget: $40.00/day" rather than
 * "daily_budget 4000". The raw values stay beside them for programs.
 */

/** Labels of the Graph parameters (and Adrelay fields) a write's changes name. */
const LABELS: Record<string, string> = {
  name: 'Name',
  status: 'Status',
  objective: 'Objective',
  special_ad_categories: 'Special ad categories',
  daily_budget: 'Daily budget',
  lifetime_budget: 'Lifetime budget',
  spend_cap: 'Spending limit',
  bid_strategy: 'Bid strategy',
  bid_amount: 'Bid amount',
  bid_constraints: 'Minimum ROAS',
  is_adset_budget_sharing_enabled: 'Ad set budget sharing',
  campaign_id: 'Campaign',
  adset_id: 'Ad set',
  optimization_goal: 'Optimization goal',
  billing_event: 'Billing event',
  targeting: 'Audience',
  promoted_object: 'Promoted object',
  start_time: 'Starts',
  end_time: 'Ends',
  stop_time: 'Ends',
  frequency_control_specs: 'Frequency cap',
  destination_type: 'Destination',
  is_dynamic_creative: 'Dynamic creative',
  creative: 'Creative',
  object_story_spec: 'Ad content',
  asset_feed_spec: 'Dynamic creative assets',
  budget_value: 'Budget increase',
  budget_value_type: 'Increase type',
  time_start: 'Starts',
  time_end: 'Ends',
  deep_copy: 'Copy what is inside',
  status_option: 'Status of the copies',
  rename_options: 'Names of the copies',
  hash: 'Image hash',
  bytes: 'Size',
  type: 'File type',
}

/** `daily_budget` → `Daily budget`; unknown fields in sentence case. */
export function changeLabel(field: string): string {
  if (LABELS[field]) return LABELS[field]
  const spaced = field.replace(/_/g, ' ').replace(/([a-z])([A-Z])/g, '$1 $2')
  return spaced.charAt(0).toUpperCase() + spaced.slice(1).toLowerCase()
}

/** What a text needs besides the value: the account currency and the other fields' values. */
export interface ChangeTextContext {
  currency: string
  /** The values of the write's other fields (e.g. `budget_value_type` for `budget_value`). */
  siblings: Record<string, unknown>
}

const regions = new Intl.DisplayNames(['en'], { type: 'region' })

/** `US` → `United States` (the code itself when unknown). */
function countryName(code: string): string {
  try {
    return regions.of(code) ?? code
  } catch {
    return code
  }
}

/** A value as Meta takes it (number, digit string, JSON text) parsed back. */
function parsed(value: unknown): unknown {
  if (typeof value !== 'string') return value
  const text = value.trim()
  if (/^-?\d+$/.test(text)) return Number(text)
  if (text.startsWith('{') || text.startsWith('[')) {
    try {
      return JSON.parse(text)
    } catch {
      return value
    }
  }
  if (text === 'true' || text === 'false') return text === 'true'
  return value
}

const money = (value: unknown, currency: string) =>
  typeof value === 'number' ? formatMoney(value, currency) : null

/** Names of a targeting list (`[{id, name}]`), or how many there are when unnamed. */
function namedList(list: unknown, noun: string): string | null {
  if (!Array.isArray(list) || list.length === 0) return null
  const names = list.map((item) => (item && typeof item === 'object' ? item.name : null))
  if (names.every((name) => typeof name === 'string' && name.length > 0)) {
    return `${noun}: ${names.join(', ')}`
  }
  return `${list.length} ${noun.toLowerCase()}`
}

/**
 * A targeting spec as one line: places, ages, genders, detailed targeting, audiences and the
 * Advantage+ audience flag (`United States, Canada · ages 25–65+ · interests: Hiking`).
 */
export function targetingSummary(spec: Record<string, any>): string {
  const parts: string[] = []
  const geo = spec.geo_locations ?? {}
  const places = [
    ...(Array.isArray(geo.countries) ? geo.countries.map((code: string) => countryName(code)) : []),
    ...['regions', 'cities', 'zips', 'places']
      .flatMap((key) => (Array.isArray(geo[key]) ? geo[key] : []))
      .map((place: any) => String(place?.name ?? place?.key ?? place)),
    ...(Array.isArray(geo.custom_locations)
      ? geo.custom_locations.map(
          (place: any) => `${place.radius ?? '?'} ${place.distance_unit ?? 'mile'} radius`
        )
      : []),
  ]
  parts.push(places.length > 0 ? places.join(', ') : 'No location')
  if (spec.age_min !== undefined || spec.age_max !== undefined) {
    const max = Number(spec.age_max ?? 65)
    parts.push(`ages ${spec.age_min ?? 18}–${max >= 65 ? '65+' : max}`)
  }
  const genders: number[] = Array.isArray(spec.genders) ? spec.genders.map(Number) : []
  if (genders.length === 1) parts.push(genders[0] === 1 ? 'men' : 'women')
  for (const [key, noun] of [
    ['interests', 'Interests'],
    ['behaviors', 'Behaviours'],
    ['custom_audiences', 'Custom audiences'],
    ['excluded_custom_audiences', 'Excluded audiences'],
  ] as const) {
    const text = namedList(spec[key], noun)
    if (text) parts.push(text.charAt(0).toLowerCase() + text.slice(1))
  }
  if (Array.isArray(spec.flexible_spec) && spec.flexible_spec.length > 0) {
    parts.push('detailed targeting groups: ' + spec.flexible_spec.length)
  }
  const advantage = spec.targeting_automation?.advantage_audience
  if (advantage !== undefined) parts.push(`Advantage+ audience ${Number(advantage) ? 'on' : 'off'}`)
  return parts.join(' · ')
}

/** A promoted object in words: `Pixel 6000…, event Purchase`. */
function promotedText(promoted: Record<string, any>): string {
  const parts: string[] = []
  if (promoted.pixel_id) parts.push(`Pixel ${promoted.pixel_id}`)
  if (promoted.custom_event_type)
    parts.push(`event ${conversionEventLabel(String(promoted.custom_event_type))}`)
  if (promoted.page_id) parts.push(`Page ${promoted.page_id}`)
  if (promoted.application_id) parts.push(`App ${promoted.application_id}`)
  if (promoted.object_store_url) parts.push(String(promoted.object_store_url))
  return parts.join(', ') || JSON.stringify(promoted)
}

/** A frequency cap list in words: `at most 2 impressions per person every 7 days`. */
function frequencyText(specs: unknown): string | null {
  if (!Array.isArray(specs)) return null
  return specs
    .map(
      (spec: any) =>
        `at most ${spec.max_frequency} ${String(spec.event ?? 'impressions').toLowerCase()} per person every ${spec.interval_days} day${Number(spec.interval_days) === 1 ? '' : 's'}`
    )
    .join('; ')
}

/** An ad's content (object_story_spec) in words: the Page, the link and the first text. */
function storyText(story: Record<string, any>): string {
  const data = story.link_data ?? story.video_data ?? {}
  const parts = [`Page ${story.page_id}`]
  if (data.link) parts.push(String(data.link))
  if (data.message) parts.push(`“${String(data.message)}”`)
  return parts.join(', ')
}

/** `1234567` → `1.2 MB`. */
function byteSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} bytes`
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`
}

/**
 * One side of a change as text, or null for none (before a creation). Money fields are minor
 * units of `context.currency`; unknown fields keep their value as written.
 */
export function changeValueText(
  field: string,
  raw: unknown,
  context: ChangeTextContext
): string | null {
  if (raw === null || raw === undefined) return null
  const value = parsed(raw)
  const { currency } = context
  switch (field) {
    case 'daily_budget':
      return money(value, currency)?.concat('/day') ?? String(raw)
    case 'lifetime_budget':
      return money(value, currency)?.concat(' in total') ?? String(raw)
    case 'spend_cap':
      return value === 0 ? 'No limit' : (money(value, currency) ?? String(raw))
    case 'bid_amount':
      return money(value, currency) ?? String(raw)
    case 'budget_value': {
      const type = context.siblings.budget_value_type
      if (type === 'MULTIPLIER') return `+${value}% of the daily budget`
      const text = money(value, currency)
      return text ? `+${text}/day` : String(raw)
    }
    case 'budget_value_type':
      return value === 'MULTIPLIER' ? 'Percentage of the daily budget' : 'Amount added per day'
    case 'status':
    case 'status_option':
      return labelOf(STATUS_LABELS, String(value))
    case 'objective':
      return labelOf(OBJECTIVE_LABELS, String(value))
    case 'optimization_goal':
      return labelOf(OPTIMIZATION_GOAL_LABELS, String(value))
    case 'billing_event':
      return labelOf(BILLING_EVENT_LABELS, String(value))
    case 'bid_strategy':
      return labelOf(BID_STRATEGY_LABELS, String(value))
    case 'bid_constraints':
      return typeof (value as any)?.roas_average_floor === 'number'
        ? `${((value as any).roas_average_floor / 10000).toFixed(2)}×`
        : String(raw)
    case 'special_ad_categories': {
      const list = Array.isArray(value) ? value.filter((item) => item !== 'NONE') : []
      return list.length === 0 ? 'None' : list.map((item) => enumWords(String(item))).join(', ')
    }
    case 'targeting':
      return value && typeof value === 'object' ? targetingSummary(value as any) : String(raw)
    case 'promoted_object':
      return value && typeof value === 'object' ? promotedText(value as any) : String(raw)
    case 'frequency_control_specs':
      return frequencyText(value) ?? String(raw)
    case 'object_story_spec':
      return value && typeof value === 'object' ? storyText(value as any) : String(raw)
    case 'creative':
      return (value as any)?.creative_id ? `Creative ${(value as any).creative_id}` : String(raw)
    case 'time_start':
    case 'time_end':
      return typeof value === 'number' ? new Date(value * 1000).toISOString() : String(raw)
    case 'bytes':
      return typeof value === 'number' ? byteSize(value) : String(raw)
    default:
      if (typeof value === 'boolean') return value ? 'On' : 'Off'
      return typeof raw === 'string' ? raw : JSON.stringify(raw)
  }
}
