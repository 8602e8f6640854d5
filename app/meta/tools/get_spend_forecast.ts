import { z } from 'zod'
import app from '@adonisjs/core/services/app'
import { defineAction } from '#registry/define_action'
import { GetSpendForecast } from '#meta/actions/get_spend_forecast'
import { adAccountIdInput } from '#meta/tools/schemas'

const projection = (what: string) =>
  z.object({
    projectedMonthSpend: z
      .number()
      .int()
      .describe(`Projected spend of the whole month ${what}, minor units`),
    dailyRate: z.number().int().describe('Spend per day assumed from now on, minor units'),
    crossesSpendCap: z
      .boolean()
      .describe('The projection reaches the spending limit before the month ends'),
    spendCapReachedAt: z
      .string()
      .nullable()
      .describe('ISO 8601 instant the spending limit is reached at this rate; null if never'),
  })

/**
 * `get_spend_forecast` (issue 18 predictive metrics, ADR 0017): an ad account's month-to-date
 * spend against its spending limit and active budgets, with month-end projections. Part of
 * Advanced Analytics, so paid plans only.
 */
export const getSpendForecast = defineAction({
  module: 'meta',
  name: 'get_spend_forecast',
  title: 'Forecast Meta ad spend',
  description:
    "Forecasts this month's spend of one Meta ad account (the month and days in the account's " +
    'time zone): month-to-date spend (insights, this_month), lifetime amount spent and the ' +
    'account spending limit, the sum of daily budgets of active campaigns and ad sets, and two ' +
    'month-end projections: by pace (month-to-date spend per elapsed day) and by budgets ' +
    '(month-to-date plus active daily budgets for the days left; lifetime budgets are counted ' +
    'but not included). Each says whether it crosses the spending limit and when the limit is ' +
    'reached. Money is integer minor units of currency. Use it to check whether an account ' +
    'will hit its spending limit before raising budgets. Needs a paid plan (advanced analytics) ' +
    'and a Meta connection; fails with meta_not_connected or meta_object_not_owned.',
  feature: 'advanced_analytics',
  input: z.object({ adAccountId: adAccountIdInput }),
  inputExample: { adAccountId: 'act_100000000001' },
  output: z.object({
    adAccountId: z.string().describe('act_<digits>'),
    name: z.string().describe('Ad account name'),
    currency: z.string().describe('ISO 4217 currency of every amount'),
    timezone: z.string().nullable().describe('IANA time zone of the ad account'),
    asOf: z.string().describe('ISO 8601 instant of the forecast'),
    month: z.string().describe("YYYY-MM in the account's time zone"),
    monthStart: z.string().describe('ISO 8601 start of the month in the account time zone'),
    monthEnd: z.string().describe('ISO 8601 start of the next month in the account time zone'),
    elapsedDays: z.number().describe('Days of the month elapsed (2 decimals)'),
    remainingDays: z.number().describe('Days left in the month (2 decimals)'),
    monthToDateSpend: z.number().int().describe('Spend this month so far, minor units'),
    amountSpent: z.number().int().describe('Lifetime amount spent (counts toward the limit)'),
    spendCap: z.number().int().nullable().describe('Account spending limit; null = none'),
    spendCapRemaining: z
      .number()
      .int()
      .nullable()
      .describe('spendCap - amountSpent, never below 0; null without a limit'),
    spendCapReached: z.boolean().describe('The spending limit is already reached'),
    budgets: z.object({
      dailyBudgetTotal: z
        .number()
        .int()
        .describe('Sum of daily budgets of active campaigns and ad sets, minor units per day'),
      campaigns: z.number().int().describe('Active campaigns with a daily budget'),
      adSets: z.number().int().describe('Active ad sets with a daily budget'),
      lifetimeBudgets: z
        .number()
        .int()
        .describe('Active campaigns and ad sets with a lifetime budget (not in the total)'),
    }),
    pace: projection('at the month-to-date pace'),
    budget: projection('at the active daily budgets'),
  }),
  annotations: {
    readOnlyHint: true,
    destructiveHint: false,
    idempotentHint: true,
    openWorldHint: true,
  },
  async handler(caller, input) {
    const action = await app.container.make(GetSpendForecast)
    return action.execute(caller.userId, input)
  },
})
