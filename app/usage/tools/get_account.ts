import { z } from 'zod'
import User from '#accounts/models/user'
import { entitlementOf } from '#accounts/actions/resolve_entitlement'
import { defineAction } from '#registry/define_action'

const quotaShape = z.object({
  used: z.number().int().describe('Requests counted this month, including this one'),
  limit: z.number().int().describe('Monthly request limit'),
  remaining: z.number().int().describe('Requests left this month'),
  period: z.string().describe('Quota period, YYYY-MM (UTC)'),
  resetsAt: z.string().describe('ISO 8601 instant when the counter resets'),
})

/**
 * `get_account`: who owns the API key, their plan and quota. Published as MCP tool
 * `get_account`, `GET /api/v1/usage/get_account` and (the foundation's URL) `GET /api/v1/me`.
 */
export const getAccount = defineAction({
  module: 'usage',
  name: 'get_account',
  title: 'Get account',
  description:
    'Returns the Adrelay account that owns the API key: user id, email, first and last name, the ' +
    'current plan (id, name, subscription status, monthly request limit) and the quota state. ' +
    'Use it to learn which plan features are available before calling gated tools.',
  restAliases: ['/api/v1/me'],
  input: z.object({}),
  inputExample: {},
  output: z.object({
    id: z.number().int().describe('User id'),
    email: z.string().describe('Email address'),
    firstName: z.string().nullable().describe('First name'),
    lastName: z.string().nullable().describe('Last name'),
    plan: z.object({
      id: z.string().describe('Plan id: free, trafficker or agency'),
      name: z.string().describe('Plan name'),
      status: z.string().describe('Subscription status (active for Free)'),
      requestLimit: z.number().int().describe('Monthly request limit'),
    }),
    quota: quotaShape.nullable().describe('Quota after this request; null outside metered calls'),
  }),
  annotations: {
    readOnlyHint: true,
    destructiveHint: false,
    idempotentHint: true,
    openWorldHint: false,
  },
  async handler(caller) {
    const user = await User.findOrFail(caller.userId)
    const entitlement = await entitlementOf(user.id)
    const quota = caller.quota
    return {
      id: user.id,
      email: user.email,
      firstName: user.firstName ?? null,
      lastName: user.lastName ?? null,
      plan: {
        id: entitlement.plan.id,
        name: entitlement.plan.name,
        status: entitlement.status,
        requestLimit: entitlement.requestLimit,
      },
      quota: quota
        ? {
            used: quota.used,
            limit: quota.limit,
            remaining: quota.remaining,
            period: quota.period,
            resetsAt: quota.resetsAt.toISOString(),
          }
        : null,
    }
  },
})
