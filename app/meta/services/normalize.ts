import {
  majorStringToMinor,
  majorStringToMinorFraction,
  minorStringToInt,
} from '#meta/services/currency'

/**
 * Adrelay's shapes for Meta objects (what the actions, REST, MCP and the page return).
 * Money is integer minor units of `currency`; ids are strings; times are Meta's ISO 8601.
 */

/** Meta `account_status` codes (Marketing API, Ad Account reference). */
const ACCOUNT_STATUS: Record<number, string> = {
  1: 'ACTIVE',
  2: 'DISABLED',
  3: 'UNSETTLED',
  7: 'PENDING_RISK_REVIEW',
  8: 'PENDING_SETTLEMENT',
  9: 'IN_GRACE_PERIOD',
  100: 'PENDING_CLOSURE',
  101: 'CLOSED',
  201: 'ANY_ACTIVE',
  202: 'ANY_CLOSED',
}

export const AD_ACCOUNT_FIELDS =
  'id,account_id,name,currency,timezone_name,account_status,amount_spent,spend_cap,business'
export const CAMPAIGN_FIELDS =
  'id,account_id,name,status,effective_status,objective,daily_budget,lifetime_budget,budget_remaining,bid_strategy,spend_cap,start_time,stop_time,created_time,updated_time'
export const AD_SET_FIELDS =
  'id,account_id,campaign_id,name,status,effective_status,daily_budget,lifetime_budget,budget_remaining,optimization_goal,billing_event,start_time,end_time,created_time,updated_time'
export const AD_FIELDS =
  'id,account_id,campaign_id,adset_id,name,status,effective_status,creative,created_time,updated_time'

export type AdAccount = {
  /** `act_<digits>` */
  id: string
  /** digits only */
  accountId: string
  name: string
  currency: string
  timezone: string | null
  status: string
  /** Lifetime spend, minor units. */
  amountSpent: number
  /** Account spending limit, minor units; null = none. */
  spendCap: number | null
  businessId: string | null
  businessName: string | null
}

export function toAdAccount(node: any): AdAccount {
  const accountId = String(node.account_id ?? String(node.id).replace(/^act_/, ''))
  return {
    id: `act_${accountId}`,
    accountId,
    name: String(node.name ?? ''),
    currency: String(node.currency ?? 'USD'),
    timezone: node.timezone_name ?? null,
    status: ACCOUNT_STATUS[Number(node.account_status)] ?? String(node.account_status ?? 'UNKNOWN'),
    amountSpent: minorStringToInt(node.amount_spent) ?? 0,
    spendCap: minorStringToInt(node.spend_cap, true),
    businessId: node.business?.id ?? null,
    businessName: node.business?.name ?? null,
  }
}

export function toCampaign(node: any, currency: string) {
  const dailyBudget = minorStringToInt(node.daily_budget, true)
  const lifetimeBudget = minorStringToInt(node.lifetime_budget, true)
  return {
    id: String(node.id),
    adAccountId: `act_${node.account_id}`,
    name: String(node.name ?? ''),
    status: String(node.status ?? ''),
    effectiveStatus: String(node.effective_status ?? node.status ?? ''),
    objective: node.objective ?? null,
    /** Campaign budget (Advantage campaign budget / CBO) when set: ad sets then have none. */
    budgetLevel:
      dailyBudget !== null || lifetimeBudget !== null ? ('campaign' as const) : ('ad_set' as const),
    dailyBudget,
    lifetimeBudget,
    budgetRemaining: minorStringToInt(node.budget_remaining),
    spendCap: minorStringToInt(node.spend_cap, true),
    currency,
    bidStrategy: node.bid_strategy ?? null,
    startTime: node.start_time ?? null,
    stopTime: node.stop_time ?? null,
    createdTime: node.created_time ?? null,
    updatedTime: node.updated_time ?? null,
  }
}

export function toAdSet(node: any, currency: string) {
  return {
    id: String(node.id),
    adAccountId: `act_${node.account_id}`,
    campaignId: String(node.campaign_id ?? ''),
    name: String(node.name ?? ''),
    status: String(node.status ?? ''),
    effectiveStatus: String(node.effective_status ?? node.status ?? ''),
    dailyBudget: minorStringToInt(node.daily_budget, true),
    lifetimeBudget: minorStringToInt(node.lifetime_budget, true),
    budgetRemaining: minorStringToInt(node.budget_remaining),
    currency,
    optimizationGoal: node.optimization_goal ?? null,
    billingEvent: node.billing_event ?? null,
    startTime: node.start_time ?? null,
    endTime: node.end_time ?? null,
    createdTime: node.created_time ?? null,
    updatedTime: node.updated_time ?? null,
  }
}

export function toAd(node: any) {
  return {
    id: String(node.id),
    adAccountId: `act_${node.account_id}`,
    campaignId: String(node.campaign_id ?? ''),
    adSetId: String(node.adset_id ?? ''),
    name: String(node.name ?? ''),
    status: String(node.status ?? ''),
    effectiveStatus: String(node.effective_status ?? node.status ?? ''),
    creativeId: node.creative?.id ?? null,
    createdTime: node.created_time ?? null,
    updatedTime: node.updated_time ?? null,
  }
}

export type Campaign = ReturnType<typeof toCampaign>
export type AdSet = ReturnType<typeof toAdSet>
export type Ad = ReturnType<typeof toAd>

/** Insights money fields (major-unit decimal strings at Meta) converted to minor units. */
const MONEY_FIELDS = new Set([
  'spend',
  'cpc',
  'cpm',
  'cpp',
  'cost_per_inline_link_click',
  'cost_per_unique_click',
])
const TEXT_FIELDS = new Set([
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
  'date_start',
  'date_stop',
  'age',
  'gender',
  'country',
  'region',
  'dma',
  'publisher_platform',
  'platform_position',
  'device_platform',
  'impression_device',
  'hourly_stats_aggregated_by_advertiser_time_zone',
])

/**
 * One insights row: numeric strings become numbers; `spend` becomes integer minor units and
 * unit costs (`cpc`, `cpm`, `cpp`, `cost_per_*`) minor units with up to 4 decimals; lists of
 * `{action_type, value, <window>...}` keep their shape with numeric values (money lists —
 * `action_values`, `cost_per_action_type` — in minor units).
 */
export function toInsightsRow(row: Record<string, any>, currency: string) {
  const result: Record<string, unknown> = {}
  for (const [field, value] of Object.entries(row)) {
    if (
      TEXT_FIELDS.has(field) ||
      (typeof value === 'object' && value !== null && !Array.isArray(value))
    ) {
      result[field] = value
    } else if (Array.isArray(value)) {
      const money = field === 'action_values' || field.startsWith('cost_per_')
      result[field] = value.map((entry: Record<string, unknown>) => {
        const converted: Record<string, unknown> = {}
        for (const [key, item] of Object.entries(entry)) {
          converted[key] =
            key === 'action_type' || typeof item !== 'string'
              ? item
              : money
                ? majorStringToMinorFraction(item, currency)
                : Number(item)
        }
        return converted
      })
    } else if (field === 'spend') {
      result[field] = majorStringToMinor(value, currency)
    } else if (MONEY_FIELDS.has(field) || field.startsWith('cost_per_')) {
      result[field] = majorStringToMinorFraction(value, currency)
    } else if (typeof value === 'string' && value !== '' && Number.isFinite(Number(value))) {
      result[field] = Number(value)
    } else {
      result[field] = value
    }
  }
  return result
}

/* ------------------------------------------------------------------ details and building blocks */

export const CAMPAIGN_DETAIL_FIELDS = `${CAMPAIGN_FIELDS},special_ad_categories,buying_type,is_adset_budget_sharing_enabled`
export const AD_SET_DETAIL_FIELDS = `${AD_SET_FIELDS},bid_strategy,bid_amount,bid_constraints,targeting,frequency_control_specs,promoted_object,destination_type,is_dynamic_creative`
export const AD_CREATIVE_FIELDS =
  'id,account_id,name,status,object_story_spec,asset_feed_spec,title,body,link_url,image_hash,video_id,call_to_action_type,created_time'
export const BUDGET_SCHEDULE_FIELDS =
  'id,ad_object_id,budget_value,budget_value_type,time_start,time_end,recurrence_type'

/** A campaign with its special ad categories and buying type (get_campaign). */
export function toCampaignDetails(node: any, currency: string) {
  return {
    ...toCampaign(node, currency),
    specialAdCategories: Array.isArray(node.special_ad_categories)
      ? node.special_ad_categories.map(String)
      : [],
    buyingType: node.buying_type ?? null,
    adSetBudgetSharing: node.is_adset_budget_sharing_enabled ?? null,
  }
}

/** An ad set with targeting, bids, frequency caps and promoted object (get_ad_set). */
export function toAdSetDetails(node: any, currency: string) {
  return {
    ...toAdSet(node, currency),
    bidStrategy: node.bid_strategy ?? null,
    bidAmount: minorStringToInt(node.bid_amount, true),
    bidConstraints: node.bid_constraints ?? null,
    targeting: node.targeting ?? null,
    frequencyControlSpecs: node.frequency_control_specs ?? null,
    promotedObject: node.promoted_object ?? null,
    destinationType: node.destination_type ?? null,
    isDynamicCreative: Boolean(node.is_dynamic_creative),
  }
}

export function toAdCreative(node: any) {
  const story = node.object_story_spec ?? null
  return {
    id: String(node.id),
    adAccountId: `act_${node.account_id}`,
    name: String(node.name ?? ''),
    status: String(node.status ?? ''),
    pageId: story?.page_id ? String(story.page_id) : null,
    title: node.title ?? null,
    body: node.body ?? null,
    linkUrl: node.link_url ?? null,
    imageHash: node.image_hash ?? null,
    videoId: node.video_id ?? null,
    callToActionType: node.call_to_action_type ?? null,
    isDynamic: Boolean(node.asset_feed_spec),
    objectStorySpec: story,
    assetFeedSpec: node.asset_feed_spec ?? null,
    createdTime: node.created_time ?? null,
  }
}

/** A budget schedule (high demand period): ABSOLUTE values in minor units, MULTIPLIER in %. */
export function toBudgetSchedule(node: any, currency: string) {
  return {
    id: String(node.id),
    objectId: String(node.ad_object_id ?? ''),
    budgetValue: Number(node.budget_value),
    budgetValueType: String(node.budget_value_type ?? ''),
    currency,
    timeStart: new Date(Number(node.time_start) * 1000).toISOString(),
    timeEnd: new Date(Number(node.time_end) * 1000).toISOString(),
    recurrenceType: node.recurrence_type ?? null,
  }
}

export type AdCreative = ReturnType<typeof toAdCreative>
