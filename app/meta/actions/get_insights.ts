import { inject } from '@adonisjs/core'
import { AppError } from '#shared/errors'
import { MetaAccess } from '#meta/services/meta_access'
import { toInsightsRow } from '#meta/services/normalize'

/** Meta's `date_preset` values (Ads Insights reference). */
export const DATE_PRESETS = [
  'today',
  'yesterday',
  'this_month',
  'last_month',
  'this_quarter',
  'maximum',
  'data_maximum',
  'last_3d',
  'last_7d',
  'last_14d',
  'last_28d',
  'last_30d',
  'last_90d',
  'last_week_mon_sun',
  'last_week_sun_sat',
  'last_quarter',
  'last_year',
  'this_week_mon_today',
  'this_week_sun_today',
  'this_year',
] as const
export type DatePreset = (typeof DATE_PRESETS)[number]

export const INSIGHTS_LEVELS = ['account', 'campaign', 'adset', 'ad'] as const
export type InsightsLevel = (typeof INSIGHTS_LEVELS)[number]

export const DEFAULT_INSIGHTS_FIELDS = [
  'spend',
  'impressions',
  'reach',
  'frequency',
  'clicks',
  'ctr',
  'cpc',
  'cpm',
  'actions',
  'action_values',
  'purchase_roas',
]

const LEVEL_FIELDS: Record<InsightsLevel, string[]> = {
  account: ['account_id', 'account_name'],
  campaign: ['campaign_id', 'campaign_name'],
  adset: ['campaign_id', 'adset_id', 'adset_name'],
  ad: ['campaign_id', 'adset_id', 'ad_id', 'ad_name'],
}

export interface GetInsightsInput {
  /** `act_<id>`, or a campaign, ad set or ad id. */
  objectId: string
  level?: InsightsLevel
  datePreset?: DatePreset
  timeRange?: { since: string; until: string }
  fields?: string[]
  breakdowns?: string[]
  /** Days per row (1-90), 'monthly', or 'all_days' (one row for the whole range, default). */
  timeIncrement?: number | string
  actionAttributionWindows?: string[]
  limit?: number
  after?: string | null
}

/**
 * Performance of an ad account, campaign, ad set or ad (`GET /<id>/insights`, Ads Insights
 * API). Either `datePreset` or `timeRange` (YYYY-MM-DD, account time zone), default last_30d.
 * Rows carry the level's ids/names, the breakdown columns, `date_start`/`date_stop`, and the
 * asked fields with numbers as numbers: `spend` in integer minor units of `currency`, unit
 * costs (`cpc`, `cpm`, `cpp`, `cost_per_*`) in minor units with decimals, `ctr` in percent,
 * `actions` / `action_values` lists (values per attribution window when asked).
 * @throws AppError `validation_failed` (422) for both a preset and a range or a bad range,
 *   `meta_object_not_owned`, `meta_not_connected`, Meta errors (bad field → `meta_error` 400)
 */
@inject()
export class GetInsights {
  constructor(private meta: MetaAccess) {}

  async execute(userId: number, input: GetInsightsInput) {
    if (input.datePreset && input.timeRange) {
      throw new AppError(
        'validation_failed',
        'Give either datePreset or timeRange, not both.',
        422,
        {
          field: 'timeRange',
        }
      )
    }
    if (
      input.timeIncrement !== undefined &&
      !/^([1-9]|[1-8][0-9]|90|monthly|all_days)$/.test(String(input.timeIncrement))
    ) {
      throw new AppError(
        'validation_failed',
        'timeIncrement is 1-90 (days), "monthly" or "all_days".',
        422,
        {
          field: 'timeIncrement',
        }
      )
    }
    if (input.timeRange) {
      const { since, until } = input.timeRange
      const pattern = /^\d{4}-\d{2}-\d{2}$/
      if (!pattern.test(since) || !pattern.test(until) || since > until) {
        throw new AppError(
          'validation_failed',
          'timeRange needs since <= until, both YYYY-MM-DD.',
          422,
          {
            field: 'timeRange',
          }
        )
      }
    }
    const session = await this.meta.forUser(userId)
    const account = await session.ownerOf(input.objectId, 'objectId')
    const objectId = String(input.objectId).startsWith('act_') ? account.id : String(input.objectId)
    const level = input.level ?? (objectId.startsWith('act_') ? 'account' : undefined)
    const asked = input.fields && input.fields.length > 0 ? input.fields : DEFAULT_INSIGHTS_FIELDS
    const fields = [...new Set([...(level ? LEVEL_FIELDS[level] : []), ...asked])]

    const params: Record<string, unknown> = { fields: fields.join(',') }
    if (input.level) params.level = input.level
    if (input.timeRange)
      params.time_range = { since: input.timeRange.since, until: input.timeRange.until }
    else params.date_preset = input.datePreset ?? 'last_30d'
    if (input.breakdowns?.length) params.breakdowns = input.breakdowns.join(',')
    if (input.timeIncrement !== undefined) params.time_increment = String(input.timeIncrement)
    if (input.actionAttributionWindows?.length)
      params.action_attribution_windows = input.actionAttributionWindows

    const page = await session.page(`${objectId}/insights`, params, {
      limit: Math.min(Math.max(Math.trunc(input.limit ?? 100), 1), 500),
      after: input.after ?? null,
      adAccountId: account.id,
    })
    return {
      objectId,
      adAccountId: account.id,
      level: level ?? null,
      currency: account.currency,
      datePreset: input.timeRange ? null : (input.datePreset ?? 'last_30d'),
      timeRange: input.timeRange ?? null,
      rows: page.data.map((row) => toInsightsRow(row, account.currency)),
      paging: { after: page.after },
    }
  }
}
