import { z } from 'zod'
import app from '@adonisjs/core/services/app'
import { defineAction } from '#registry/define_action'
import { GetUsageForecast } from '#usage/actions/get_usage_forecast'

/**
 * `get_usage_forecast` (issue 18 predictive metrics, ADR 0017): the month-end projection of the
 * key owner's metered requests and the date the quota runs out at the current pace. Part of
 * Advanced Analytics, so paid plans only (spec §9: Free has "No advanced analytics").
 */
export const getUsageForecast = defineAction({
  module: 'usage',
  name: 'get_usage_forecast',
  title: 'Forecast API usage',
  description:
    "Projects this calendar month's (UTC) API usage of the account that owns the API key to the " +
    'end of the month and says when the monthly quota runs out at the current pace. The pace is ' +
    'the calls of the last 7 days (or of the month so far, when shorter) per elapsed hour, read ' +
    'from hourly rollups; the projection is the requests counted so far plus that pace over the ' +
    'hours left. status is no_data, on_track (stays under the limit; runsOutAt null), ' +
    'will_run_out (runsOutAt set) or ran_out (ranOutAt: the UTC hour the logged calls reached ' +
    'the limit). Use it before a large batch of work to see whether the quota will last. ' +
    'Needs a paid plan (advanced analytics).',
  feature: 'advanced_analytics',
  input: z.object({}),
  inputExample: {},
  output: z.object({
    period: z.string().describe('Quota period, YYYY-MM (UTC)'),
    periodStart: z.string().describe('ISO 8601 start of the period (UTC)'),
    resetsAt: z.string().describe('ISO 8601 instant when the counter resets'),
    status: z
      .enum(['no_data', 'on_track', 'will_run_out', 'ran_out'])
      .describe('Where the quota is heading at the current pace'),
    used: z.number().int().describe('Requests counted this month so far'),
    limit: z.number().int().describe('Monthly request limit'),
    projectedTotal: z.number().int().describe('Requests projected at the end of the month'),
    projectedPercent: z
      .number()
      .int()
      .describe('projectedTotal as a whole percent of the limit (may exceed 100)'),
    pace: z.object({
      callsPerHour: z.number().describe('Calls per hour over the pace window (3 decimals)'),
      callsPerDay: z.number().describe('callsPerHour × 24 (1 decimal)'),
      windowStart: z.string().describe('ISO 8601 start of the pace window'),
      windowEnd: z.string().describe('ISO 8601 end of the pace window (now)'),
      windowHours: z.number().describe('Hours the pace window lasted (at least 1)'),
      windowCalls: z.number().int().describe('Calls logged in the pace window'),
    }),
    runsOutAt: z
      .string()
      .nullable()
      .describe('ISO 8601 instant the quota runs out at this pace; null if it does not'),
    ranOutAt: z
      .string()
      .nullable()
      .describe('ISO 8601 start of the UTC hour the quota ran out, when it already has'),
  }),
  annotations: {
    readOnlyHint: true,
    destructiveHint: false,
    idempotentHint: true,
    openWorldHint: false,
  },
  async handler(caller) {
    const action = await app.container.make(GetUsageForecast)
    return action.execute(caller.userId, { quota: caller.quota })
  },
})
