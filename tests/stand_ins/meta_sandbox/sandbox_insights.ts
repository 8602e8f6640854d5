import { DateTime } from 'luxon'
import { minorToMajorString } from '#meta/services/currency'
import type {
  SandboxAccount,
  SandboxAd,
  SandboxAdSet,
  SandboxCampaign,
  SandboxStore,
} from '#stand_ins/meta_sandbox/sandbox_store'

/**
 * Insights for the sandbox, derived deterministically: each (ad, day) gets its delivery from a
 * PRNG seeded with the ad id and the date, scaled by the budget that pays for it and the
 * campaign's performance profile. Days before today use the objects' starting state; today
 * uses the current state, so pausing or changing a budget changes today's figures.
 *
 * Output follows the Ads Insights reference: numbers as strings, money in major units,
 * `actions` / `action_values` / `cost_per_action_type` / `purchase_roas` lists,
 * `date_start` / `date_stop` on every row, one column per breakdown.
 */

export const INSIGHTS_FIELDS = new Set([
  'account_id',
  'account_name',
  'account_currency',
  'campaign_id',
  'campaign_name',
  'adset_id',
  'adset_name',
  'ad_id',
  'ad_name',
  'objective',
  'impressions',
  'reach',
  'frequency',
  'clicks',
  'ctr',
  'cpc',
  'cpm',
  'cpp',
  'spend',
  'inline_link_clicks',
  'inline_link_click_ctr',
  'cost_per_inline_link_click',
  'actions',
  'action_values',
  'cost_per_action_type',
  'purchase_roas',
  'conversions',
  'date_start',
  'date_stop',
])

export const BREAKDOWN_VALUES: Record<string, Array<[string, number]> | 'country'> = {
  age: [
    ['18-24', 0.14],
    ['25-34', 0.32],
    ['35-44', 0.25],
    ['45-54', 0.16],
    ['55-64', 0.08],
    ['65+', 0.05],
  ],
  gender: [
    ['female', 0.52],
    ['male', 0.45],
    ['unknown', 0.03],
  ],
  country: 'country',
  publisher_platform: [
    ['facebook', 0.55],
    ['instagram', 0.38],
    ['audience_network', 0.04],
    ['messenger', 0.03],
  ],
  device_platform: [
    ['mobile_app', 0.78],
    ['mobile_web', 0.09],
    ['desktop', 0.13],
  ],
  impression_device: [
    ['iphone', 0.45],
    ['android_smartphone', 0.42],
    ['desktop', 0.13],
  ],
  platform_position: [
    ['feed', 0.58],
    ['story', 0.24],
    ['reels', 0.18],
  ],
}

export const ATTRIBUTION_WINDOW_SHARE: Record<string, number> = {
  '1d_click': 0.72,
  '7d_click': 0.9,
  '28d_click': 1,
  '1d_view': 0.1,
  '7d_view': 0.16,
  '28d_view': 0.2,
  '1d_ev': 0.05,
}

export type Level = 'account' | 'campaign' | 'adset' | 'ad'

export interface InsightsQuery {
  account: SandboxAccount
  ads: SandboxAd[]
  level: Level
  since: string
  until: string
  /** 1..90 days per row, 'monthly', or 'all_days' (one row for the range). */
  timeIncrement: number | 'monthly' | 'all_days'
  breakdowns: string[]
  fields: string[]
  attributionWindows: string[]
}

interface Totals {
  spend: number
  impressions: number
  reachSum: number
  reachMax: number
  clicks: number
  linkClicks: number
  landingPageViews: number
  addToCarts: number
  conversions: number
  value: number
}

/** mulberry32 seeded with the FNV-1a hash of `key`: same key, same sequence. */
export function seededRandom(key: string) {
  let hash = 0x811c9dc5
  for (let index = 0; index < key.length; index++) {
    hash ^= key.charCodeAt(index)
    hash = Math.imul(hash, 0x01000193)
  }
  let state = hash >>> 0
  return () => {
    state = (state + 0x6d2b79f5) >>> 0
    let t = state
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

/**
 * The delivery of one ad on one day (minor units, counts). `siblings` memoises the ads that
 * share a budget (per campaign or ad set) for the duration of one insights computation.
 */
export function adDay(
  store: SandboxStore,
  ad: SandboxAd,
  date: string,
  siblingsCache?: Map<string, SandboxAd[]>
): Totals | null {
  const adSet = store.adSets.get(ad.adSetId)!
  const campaign = store.campaigns.get(ad.campaignId)!
  const account = store.accounts.get(ad.accountId)!
  const now = store.clock.now().setZone(account.timezoneName)
  const today = now.toISODate()!
  const isToday = date === today
  if (date > today) return null
  if (date < campaign.startDate || (campaign.stopDate && date > campaign.stopDate)) return null

  const delivering = (object: { status: string; initialStatus: string }) =>
    (isToday ? object.status : object.initialStatus) === 'ACTIVE'
  const campaignDelivers = isToday
    ? campaign.status === 'ACTIVE'
    : campaign.pausedSinceDate
      ? date < campaign.pausedSinceDate
      : campaign.initialStatus === 'ACTIVE'
  if (!campaignDelivers || !delivering(adSet) || !delivering(ad)) return null

  const budgetOf = (object: SandboxCampaign | SandboxAdSet) => {
    const daily = isToday ? object.dailyBudget : object.initialDailyBudget
    const lifetime = isToday ? object.lifetimeBudget : object.initialLifetimeBudget
    if (daily) return daily
    if (lifetime) {
      const start = DateTime.fromISO(campaign.startDate)
      const stop = campaign.stopDate
        ? DateTime.fromISO(campaign.stopDate)
        : start.plus({ days: 30 })
      return lifetime / Math.max(1, Math.round(stop.diff(start, 'days').days) + 1)
    }
    return 0
  }
  const campaignBudget = budgetOf(campaign)
  const siblingsKey = campaignBudget > 0 ? `c${campaign.id}` : `s${adSet.id}`
  let siblings = siblingsCache?.get(siblingsKey)
  if (!siblings) {
    siblings =
      campaignBudget > 0
        ? [...store.ads.values()].filter((other) => other.campaignId === campaign.id)
        : [...store.ads.values()].filter((other) => other.adSetId === adSet.id)
    siblingsCache?.set(siblingsKey, siblings)
  }
  const weightSum = siblings
    .filter((other) => {
      const otherSet = store.adSets.get(other.adSetId)!
      return delivering(otherSet) && delivering(other)
    })
    .reduce((sum, other) => sum + other.weight, 0)
  const budget = campaignBudget > 0 ? campaignBudget : budgetOf(adSet)
  if (budget <= 0 || weightSum <= 0) return null

  const random = seededRandom(`${ad.id}|${date}`)
  const profile = campaign.performance
  // With a driven clock, today's delivery so far grows with the local hour (hourly series).
  const dayShare = isToday && store.clock.driven ? (now.hour * 60 + now.minute) / 1440 : 1
  const spend = Math.round(
    (budget * ad.weight * profile.pacing * (0.82 + 0.18 * random()) * dayShare) / weightSum
  )
  const daysRunning = Math.min(
    365,
    Math.max(
      0,
      Math.round(DateTime.fromISO(date).diff(DateTime.fromISO(campaign.startDate), 'days').days)
    )
  )
  const trend = (1 + (profile.trendPercentPerDay ?? 0) / 100) ** daysRunning
  const cpm = profile.cpmMinor * (0.85 + 0.3 * random())
  const impressions = Math.round((spend / cpm) * 1000)
  if (impressions <= 0) return null
  const reach = Math.round(impressions / (1.05 + 0.3 * random()))
  const clicks = Math.round(impressions * profile.ctr * (0.8 + 0.4 * random()))
  const linkClicks = Math.round(clicks * (0.7 + 0.15 * random()))
  const landingPageViews = Math.round(linkClicks * (0.65 + 0.2 * random()))
  const conversions = Math.round(
    linkClicks * profile.conversionRate * trend * (0.7 + 0.6 * random())
  )
  const addToCarts = profile.orderValueMinor > 0 ? Math.round(conversions * (2.5 + random())) : 0
  const value = Math.round(conversions * profile.orderValueMinor * (0.85 + 0.3 * random()))
  return {
    spend,
    impressions,
    reachSum: reach,
    reachMax: reach,
    clicks,
    linkClicks,
    landingPageViews,
    addToCarts,
    conversions,
    value,
  }
}

function emptyTotals(): Totals {
  return {
    spend: 0,
    impressions: 0,
    reachSum: 0,
    reachMax: 0,
    clicks: 0,
    linkClicks: 0,
    landingPageViews: 0,
    addToCarts: 0,
    conversions: 0,
    value: 0,
  }
}

function add(into: Totals, day: Totals, weight: number) {
  into.spend += day.spend * weight
  into.impressions += day.impressions * weight
  into.reachSum += day.reachSum * weight
  into.reachMax = Math.max(into.reachMax, day.reachMax * weight)
  into.clicks += day.clicks * weight
  into.linkClicks += day.linkClicks * weight
  into.landingPageViews += day.landingPageViews * weight
  into.addToCarts += day.addToCarts * weight
  into.conversions += day.conversions * weight
  into.value += day.value * weight
}

function bucketOf(
  date: string,
  since: string,
  increment: InsightsQuery['timeIncrement'],
  until: string
) {
  if (increment === 'all_days') return [since, until]
  const day = DateTime.fromISO(date)
  if (increment === 'monthly') {
    const start = day.startOf('month').toISODate()!
    const stop = day.endOf('month').toISODate()!
    return [start < since ? since : start, stop > until ? until : stop]
  }
  const offset = Math.floor(day.diff(DateTime.fromISO(since), 'days').days / increment) * increment
  const start = DateTime.fromISO(since).plus({ days: offset })
  const stop = start.plus({ days: increment - 1 }).toISODate()!
  return [start.toISODate()!, stop > until ? until : stop]
}

function breakdownCombos(account: SandboxAccount, breakdowns: string[]) {
  let combos: Array<{ values: Record<string, string>; weight: number }> = [
    { values: {}, weight: 1 },
  ]
  for (const breakdown of breakdowns) {
    const spec = BREAKDOWN_VALUES[breakdown]
    const options = spec === 'country' ? account.countries : spec
    combos = combos.flatMap((combo) =>
      options.map(([value, weight]) => ({
        values: { ...combo.values, [breakdown]: value },
        weight: combo.weight * weight,
      }))
    )
  }
  return combos
}

/** Computes insights rows (without paging) for `query`. */
export function computeInsights(
  store: SandboxStore,
  query: InsightsQuery
): Record<string, unknown>[] {
  const groups = new Map<string, { key: Record<string, string>; totals: Totals; levelId: string }>()
  const combos = breakdownCombos(query.account, query.breakdowns)
  const siblingsCache = new Map<string, SandboxAd[]>()
  for (
    let day = DateTime.fromISO(query.since);
    day.toISODate()! <= query.until;
    day = day.plus({ days: 1 })
  ) {
    const date = day.toISODate()!
    for (const ad of query.ads) {
      const totals = adDay(store, ad, date, siblingsCache)
      if (!totals) continue
      const levelId =
        query.level === 'ad'
          ? ad.id
          : query.level === 'adset'
            ? ad.adSetId
            : query.level === 'campaign'
              ? ad.campaignId
              : ad.accountId
      const [start, stop] = bucketOf(date, query.since, query.timeIncrement, query.until)
      for (const combo of combos) {
        const groupKey = `${levelId}|${start}|${JSON.stringify(combo.values)}`
        let group = groups.get(groupKey)
        if (!group) {
          group = {
            key: { ...combo.values, date_start: start, date_stop: stop },
            totals: emptyTotals(),
            levelId,
          }
          groups.set(groupKey, group)
        }
        add(group.totals, totals, combo.weight)
      }
    }
  }

  const rows = [...groups.values()].filter((group) => Math.round(group.totals.impressions) > 0)
  rows.sort((a, b) =>
    a.key.date_start === b.key.date_start
      ? a.levelId.localeCompare(b.levelId)
      : a.key.date_start.localeCompare(b.key.date_start)
  )
  return rows.map((group) => formatRow(store, query, group.levelId, group.key, group.totals))
}

function formatRow(
  store: SandboxStore,
  query: InsightsQuery,
  levelId: string,
  key: Record<string, string>,
  totals: Totals
) {
  const currency = query.account.currency
  const money = (minor: number) => minorToMajorString(minor, currency)
  const ratio = (value: number) => value.toFixed(6)
  const spend = Math.round(totals.spend)
  const impressions = Math.round(totals.impressions)
  const reach = Math.max(
    1,
    Math.round(totals.reachMax + 0.35 * (totals.reachSum - totals.reachMax))
  )
  const clicks = Math.round(totals.clicks)
  const linkClicks = Math.round(totals.linkClicks)
  const conversions = Math.round(totals.conversions)
  const value = Math.round(totals.value)
  const ad = query.level === 'ad' ? store.ads.get(levelId) : undefined
  const adSet =
    query.level === 'adset'
      ? store.adSets.get(levelId)
      : ad
        ? store.adSets.get(ad.adSetId)
        : undefined
  const campaign =
    query.level === 'campaign'
      ? store.campaigns.get(levelId)
      : adSet
        ? store.campaigns.get(adSet.campaignId)
        : undefined
  const isLeads = campaign?.objective === 'OUTCOME_LEADS'
  const conversionType = isLeads ? 'lead' : 'purchase'

  const windows = (total: number, format: (n: number) => string) => {
    const entry: Record<string, string> & { value: string } = { value: format(total) }
    for (const window of query.attributionWindows) {
      entry[window] = format(total * (ATTRIBUTION_WINDOW_SHARE[window] ?? 1))
    }
    return entry
  }
  const count = (n: number) => String(Math.round(n))
  const actions = [
    { action_type: 'link_click', ...windows(linkClicks, count) },
    { action_type: 'landing_page_view', ...windows(totals.landingPageViews, count) },
    ...(isLeads
      ? [{ action_type: 'lead', ...windows(conversions, count) }]
      : [
          { action_type: 'add_to_cart', ...windows(totals.addToCarts, count) },
          { action_type: 'purchase', ...windows(conversions, count) },
          { action_type: 'omni_purchase', ...windows(conversions, count) },
        ]),
  ].filter((action) => Number(action.value) > 0)

  const all: Record<string, unknown> = {
    account_id: query.account.id,
    account_name: query.account.name,
    account_currency: currency,
    campaign_id: campaign?.id,
    campaign_name: campaign?.name,
    adset_id: adSet?.id,
    adset_name: adSet?.name,
    ad_id: ad?.id,
    ad_name: ad?.name,
    objective: campaign?.objective,
    impressions: String(impressions),
    reach: String(reach),
    frequency: ratio(impressions / reach),
    clicks: String(clicks),
    ctr: ratio((clicks / impressions) * 100),
    cpc: clicks > 0 ? money(spend / clicks) : undefined,
    cpm: money((spend / impressions) * 1000),
    cpp: money((spend / reach) * 1000),
    spend: money(spend),
    inline_link_clicks: String(linkClicks),
    inline_link_click_ctr: ratio((linkClicks / impressions) * 100),
    cost_per_inline_link_click: linkClicks > 0 ? money(spend / linkClicks) : undefined,
    actions,
    action_values:
      !isLeads && value > 0
        ? [
            { action_type: 'purchase', ...windows(value, money) },
            { action_type: 'omni_purchase', ...windows(value, money) },
          ]
        : undefined,
    cost_per_action_type: actions.map((action) => ({
      action_type: action.action_type,
      value: money(spend / Number(action.value)),
    })),
    purchase_roas:
      !isLeads && spend > 0 && value > 0
        ? [{ action_type: 'omni_purchase', value: (value / spend).toFixed(6) }]
        : undefined,
    conversions:
      conversions > 0 ? [{ action_type: conversionType, value: String(conversions) }] : undefined,
  }
  const row: Record<string, unknown> = {}
  for (const field of query.fields) {
    if (field === 'date_start' || field === 'date_stop') continue
    if (all[field] !== undefined) row[field] = all[field]
  }
  return { ...row, ...key }
}
