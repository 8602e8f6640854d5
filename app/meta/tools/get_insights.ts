import { z } from 'zod'
import app from '@adonisjs/core/services/app'
import { defineAction } from '#registry/define_action'
import { DATE_PRESETS, GetInsights, INSIGHTS_LEVELS } from '#meta/actions/get_insights'
import { afterInput, pagingOutput } from '#meta/tools/schemas'

/** `get_insights` */
export const getInsights = defineAction({
  module: 'meta',
  name: 'get_insights',
  title: 'Get performance insights',
  description:
    "Reads Meta performance figures (Ads Insights) for an ad account, campaign, ad set or ad: spend, impressions, reach, clicks, CTR, CPC, CPM, actions (purchases, leads, link clicks...), action values and purchase ROAS. Choose a period with datePreset (default last_30d) or timeRange (account time zone), split rows by level (e.g. level 'campaign' on an ad account gives one row per campaign), by day with timeIncrement '1', and by breakdowns (age, gender, country, publisher_platform, device_platform...). Money: `spend` is integer minor units of `currency`; cpc/cpm/cpp/cost_per_* are minor units with decimals; ctr is a percentage. Typical use: find campaigns with ROAS below target over last_7d before pausing them.",
  input: z.object({
    objectId: z
      .string()
      .regex(/^(act_\d{1,20}|\d{1,25})$/)
      .describe('What to measure: an ad account id (act_...) or a campaign, ad set or ad id'),
    level: z
      .enum(INSIGHTS_LEVELS)
      .optional()
      .describe(
        'One row per account, campaign, adset or ad inside objectId (default: the level of objectId)'
      ),
    datePreset: z
      .enum(DATE_PRESETS)
      .optional()
      .describe(
        'Relative period, e.g. last_7d, yesterday, this_month (default last_30d). Not with timeRange'
      ),
    timeRange: z
      .object({
        since: z
          .string()
          .regex(/^\d{4}-\d{2}-\d{2}$/)
          .describe('First day, YYYY-MM-DD (account time zone)'),
        until: z
          .string()
          .regex(/^\d{4}-\d{2}-\d{2}$/)
          .describe('Last day, YYYY-MM-DD, inclusive'),
      })
      .optional()
      .describe('Exact period instead of datePreset'),
    fields: z
      .array(z.string().regex(/^[a-z_]+$/))
      .optional()
      .describe(
        'Ads Insights fields to return (default: spend, impressions, reach, frequency, clicks, ctr, cpc, cpm, actions, action_values, purchase_roas)'
      ),
    breakdowns: z
      .array(z.string().regex(/^[a-z_]+$/))
      .optional()
      .describe(
        'Split rows by these dimensions, e.g. ["age","gender"], ["country"], ["publisher_platform"]'
      ),
    timeIncrement: z
      .string()
      .regex(/^([1-9]|[1-8][0-9]|90|monthly|all_days)$/)
      .optional()
      .describe(
        'Days per row: "1" for daily rows, "7" weekly, "monthly", or "all_days" (default: one row for the whole period)'
      ),
    actionAttributionWindows: z
      .array(
        z.enum([
          '1d_click',
          '7d_click',
          '28d_click',
          '1d_view',
          '7d_view',
          '28d_view',
          '1d_ev',
          'default',
        ])
      )
      .optional()
      .describe('Also return action counts per attribution window, e.g. ["7d_click","1d_view"]'),
    limit: z
      .number()
      .int()
      .min(1)
      .max(500)
      .optional()
      .describe('Rows per page, 1-500 (default 100)'),
    after: afterInput,
  }),
  inputExample: {
    objectId: '120200000000102',
    level: 'adset',
    datePreset: 'last_7d',
    fields: ['spend', 'impressions', 'clicks', 'ctr', 'purchase_roas'],
    timeIncrement: '1',
  },
  output: z.object({
    objectId: z.string(),
    adAccountId: z.string(),
    level: z.string().nullable(),
    currency: z.string(),
    datePreset: z.string().nullable(),
    timeRange: z.object({ since: z.string(), until: z.string() }).nullable(),
    rows: z
      .array(z.record(z.string(), z.unknown()))
      .describe(
        'One row per level object × time bucket × breakdown value, with date_start and date_stop'
      ),
    paging: pagingOutput,
  }),
  annotations: {
    readOnlyHint: true,
    destructiveHint: false,
    idempotentHint: true,
    openWorldHint: true,
  },
  async handler(caller, input) {
    const action = await app.container.make(GetInsights)
    return action.execute(caller.userId, input)
  },
})
