import { z } from 'zod'
import app from '@adonisjs/core/services/app'
import { findPlan } from '#accounts/plan_catalog'
import { defineAction } from '#registry/define_action'
import { GetAccountUsage } from '#usage/actions/get_account_usage'

/**
 * `get_usage`: this month's metered-request usage of the key's owner, and of the key itself
 * (`key`: its own monthly limit, count and what is left; null from the web session).
 * Published as MCP tool `get_usage`, `GET /api/v1/usage/get_usage` and (the foundation's URL)
 * `GET /api/v1/usage`. Over a metered surface the figures include the current request.
 */
export const getUsage = defineAction({
  module: 'usage',
  name: 'get_usage',
  title: 'Get API usage',
  description:
    "Returns this calendar month's (UTC) API usage for the account that owns the API key: " +
    'requests used (including this one), the monthly limit of its plan, requests remaining, the ' +
    'period (YYYY-MM) and when the counter resets; and in `key` the same for the key making the ' +
    'call, whose own monthly limit (a client key) can run out before the account does: what ' +
    'this key can still send is the smaller of remaining and key.remaining. Every REST call and ' +
    'every MCP tools/call counts one request; call this before a long batch of work to check ' +
    'there is room left.',
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
    key: z
      .object({
        id: z.number().int().describe('Id of the API key (or CLI token) the call came with'),
        monthlyLimit: z
          .number()
          .int()
          .nullable()
          .describe("The key's own monthly request limit; null: only the plan's limit applies"),
        used: z
          .number()
          .int()
          .describe('Requests counted for this key this month, including this one'),
        remaining: z
          .number()
          .int()
          .nullable()
          .describe(
            "Requests left on the key's own limit this month; null without one. The key can send the smaller of this and remaining"
          ),
      })
      .nullable()
      .describe('The key the call came with and its own limit; null from the web app'),
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
      return { ...(await getAccountUsage.execute(caller.userId)), key: null }
    }
    // The metered surface counted this call for the account and the key together: both
    // figures are in hand, nothing is read again.
    const { quota } = caller
    return {
      total: quota.used,
      limit: quota.limit,
      remaining: quota.remaining,
      period: quota.period,
      resetsAt: quota.resetsAt.toISOString(),
      plan: { id: caller.planId, name: findPlan(caller.planId)?.name ?? 'Free' },
      key: quota.key
        ? {
            id: quota.key.tokenId,
            monthlyLimit: quota.key.limit,
            used: quota.key.used,
            remaining: quota.key.remaining,
          }
        : null,
    }
  },
})
