import { z } from 'zod'
import app from '@adonisjs/core/services/app'
import { findPlan } from '#accounts/plan_catalog'
import { defineAction } from '#registry/define_action'
import { GetAccountUsage } from '#usage/actions/get_account_usage'

/**
 * `get_usage`: this month's metered-request usage of the key's owner. Published as MCP tool
 * `get_usage`, `GET /api/v1/usage/get_usage` and (the foundation's URL) `GET /api/v1/usage`.
 * Over a metered surface the figures include the current request.
 */
export const getUsage = defineAction({
  module: 'usage',
  name: 'get_usage',
  title: 'Get API usage',
  description:
    "Returns this calendar month's (UTC) API usage for the account that owns the API key: " +
    'requests used (including this one), the monthly limit of its plan, requests remaining, the ' +
    'period (YYYY-MM) and when the counter resets. Every REST call and every MCP tools/call counts ' +
    'one request; call this before a long batch of work to check there is room left.',
  restAliases: ['/api/v1/usage'],
  input: z.object({}),
  inputExample: {},
  output: z.object({
    total: z.number().int().describe('Requests counted this month, including this one'),
    limit: z.number().int().describe('Monthly request limit of the plan'),
    remaining: z.number().int().describe('Requests left this month'),
    period: z.string().describe('Quota period, YYYY-MM (UTC)'),
    resetsAt: z
      .string()
      .describe('ISO 8601 instant when the counter resets (start of next month, UTC)'),
    plan: z.object({
      id: z.string().describe('Plan id: free, trafficker or agency'),
      name: z.string().describe('Plan name'),
    }),
  }),
  annotations: {
    readOnlyHint: true,
    destructiveHint: false,
    idempotentHint: true,
    openWorldHint: false,
  },
  async handler(caller) {
    if (!caller.quota) {
      const getAccountUsage = await app.container.make(GetAccountUsage)
      return getAccountUsage.execute(caller.userId)
    }
    const { quota } = caller
    return {
      total: quota.used,
      limit: quota.limit,
      remaining: quota.remaining,
      period: quota.period,
      resetsAt: quota.resetsAt.toISOString(),
      plan: { id: caller.planId, name: findPlan(caller.planId)?.name ?? 'Free' },
    }
  },
})
