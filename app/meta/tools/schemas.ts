import { z } from 'zod'
import type { PlanFeature } from '#accounts/plan_catalog'
import { EFFECTIVE_STATUSES } from '#meta/actions/list_objects'

/** Shared zod pieces of the Meta tools' inputs and outputs (money: integer minor units). */

/**
 * The plan feature every write to Meta needs, whichever way it is made: each published write
 * action declares it as its `feature`, and the integrator proxy (`POST /internal/meta/proxy`
 * with method POST) checks the same one, so there is one rule for both.
 */
export const META_WRITE_FEATURE: PlanFeature = 'automation_tools'

export const adAccountIdInput = z
  .string()
  .regex(/^(act_)?\d{1,20}$/)
  .describe(
    'Ad account id as returned by list_ad_accounts, e.g. "act_100000000001" (the "act_" prefix is optional)'
  )

export const objectIdInput = (what: string) =>
  z
    .string()
    .regex(/^\d{1,25}$/)
    .describe(`${what} id (digits only), as returned by the list tools`)

export const confirmInput = z
  .boolean()
  .optional()
  .describe(
    'false or omitted: only preview the change (nothing is sent to Meta; the result lists before → after). ' +
      'true: apply it. Show the preview to the user and get their agreement before confirming.'
  )

/** The new budget of a campaign or ad set: exactly one of the two, in minor units. */
export const budgetInputs = {
  dailyBudget: z
    .number()
    .int()
    .optional()
    .describe(
      'New daily budget in integer minor units of the account currency (5000 = 50.00). Give this or lifetimeBudget'
    ),
  lifetimeBudget: z
    .number()
    .int()
    .optional()
    .describe(
      'New lifetime budget in integer minor units of the account currency. Give this or dailyBudget'
    ),
}

/** Lets a budget exceed 10 × the current one (refused otherwise: a misplaced zero is costly). */
export const forceInput = z
  .boolean()
  .optional()
  .describe(
    'true: allow a budget more than 10 × the current one. Omitted: such a change is refused with meta_budget_increase_too_large'
  )

/** MCP annotations of the budget writes: they overwrite a value at Meta, idempotently. */
export const budgetWriteAnnotations = {
  readOnlyHint: false,
  destructiveHint: true,
  idempotentHint: true,
  openWorldHint: true,
}

/** The status a status write sets: delivery on (ACTIVE) or off (PAUSED). */
export const deliveryStatusInput = z
  .enum(['ACTIVE', 'PAUSED'])
  .describe('ACTIVE to start delivery, PAUSED to stop it')

/** MCP annotations of the status writes: reversible (pause ↔ activate), idempotent. */
export const statusWriteAnnotations = {
  readOnlyHint: false,
  destructiveHint: false,
  idempotentHint: true,
  openWorldHint: true,
}

export const statusesInput = z
  .array(z.enum(EFFECTIVE_STATUSES))
  .optional()
  .describe(
    'Only objects whose effective status is one of these (e.g. ["ACTIVE"]). Omitted: everything except ARCHIVED and DELETED'
  )

export const limitInput = z
  .number()
  .int()
  .min(1)
  .max(100)
  .optional()
  .describe('Page size, 1-100 (default 25)')

export const afterInput = z
  .string()
  .optional()
  .describe(
    'Cursor of the next page: the paging.after value of the previous result. Omit for the first page'
  )

const money = (what: string) =>
  z
    .number()
    .int()
    .nullable()
    .describe(`${what}, integer minor units of currency (5000 = 50.00); null when not set`)

export const adAccountOutput = z.object({
  id: z.string().describe('act_<digits>'),
  accountId: z.string().describe('Digits only'),
  name: z.string(),
  currency: z.string().describe('ISO 4217 code of all money fields of this account'),
  timezone: z
    .string()
    .nullable()
    .describe('IANA time zone of the account (insights days are in it)'),
  status: z.string().describe('ACTIVE, DISABLED, UNSETTLED, CLOSED...'),
  amountSpent: z.number().int().describe('Lifetime spend, minor units'),
  spendCap: money('Account spending limit'),
  businessId: z.string().nullable(),
  businessName: z.string().nullable(),
})

export const campaignOutput = z.object({
  id: z.string(),
  adAccountId: z.string(),
  name: z.string(),
  status: z.string().describe('Configured status: ACTIVE, PAUSED, ARCHIVED, DELETED'),
  effectiveStatus: z.string().describe('Delivery status including parents, e.g. CAMPAIGN_PAUSED'),
  objective: z.string().nullable(),
  budgetLevel: z
    .enum(['campaign', 'ad_set'])
    .describe(
      'campaign: the campaign holds the budget (Advantage campaign budget); ad_set: its ad sets do'
    ),
  dailyBudget: money('Campaign daily budget'),
  lifetimeBudget: money('Campaign lifetime budget'),
  budgetRemaining: z.number().int().nullable(),
  spendCap: money('Campaign spend cap'),
  currency: z.string(),
  bidStrategy: z.string().nullable(),
  startTime: z.string().nullable(),
  stopTime: z.string().nullable(),
  createdTime: z.string().nullable(),
  updatedTime: z.string().nullable(),
})

export const adSetOutput = z.object({
  id: z.string(),
  adAccountId: z.string(),
  campaignId: z.string(),
  name: z.string(),
  status: z.string(),
  effectiveStatus: z.string(),
  dailyBudget: money('Ad set daily budget (null when the campaign holds the budget)'),
  lifetimeBudget: money('Ad set lifetime budget'),
  budgetRemaining: z.number().int().nullable(),
  currency: z.string(),
  optimizationGoal: z.string().nullable(),
  billingEvent: z.string().nullable(),
  startTime: z.string().nullable(),
  endTime: z.string().nullable(),
  createdTime: z.string().nullable(),
  updatedTime: z.string().nullable(),
})

export const adOutput = z.object({
  id: z.string(),
  adAccountId: z.string(),
  campaignId: z.string(),
  adSetId: z.string(),
  name: z.string(),
  status: z.string(),
  effectiveStatus: z.string(),
  creativeId: z.string().nullable(),
  createdTime: z.string().nullable(),
  updatedTime: z.string().nullable(),
})

export const pagingOutput = z.object({
  after: z
    .string()
    .nullable()
    .describe('Pass as `after` to get the next page; null on the last page'),
})

/** One Graph request as a write sends it (shown in previews before anything is sent). */
export const graphRequestOutput = z.object({
  method: z.enum(['GET', 'POST', 'DELETE']),
  path: z
    .string()
    .describe(
      'Graph API path after the version, e.g. act_100000000001/campaigns; {copied_..._id} stands for an id returned by an earlier request of the same write'
    ),
  params: z
    .record(z.string(), z.unknown())
    .describe('Parameters exactly as sent (objects are JSON-encoded on the wire; no token)'),
})

export const writeResultOutput = z.object({
  preview: z.boolean().describe('true: nothing was changed (call again with confirm: true)'),
  applied: z.boolean().describe('true: the change was sent to Meta'),
  objectType: z.enum([
    'campaign',
    'ad_set',
    'ad',
    'ad_account',
    'ad_creative',
    'ad_image',
    'budget_schedule',
  ]),
  objectId: z
    .string()
    .nullable()
    .describe('Id of the object written; null in the preview of a creation'),
  name: z.string(),
  adAccountId: z.string(),
  currency: z.string(),
  changes: z
    .array(
      z.object({
        field: z.string().describe('Graph API field, e.g. daily_budget'),
        before: z.union([z.string(), z.number(), z.null()]),
        after: z.union([z.string(), z.number(), z.null()]),
        label: z.string().describe('The field in words, e.g. "Daily budget"'),
        beforeText: z
          .string()
          .nullable()
          .describe('before in words and the account currency (e.g. "$40.00/day"); null: none'),
        afterText: z
          .string()
          .nullable()
          .describe('after in words and the account currency; show these to people'),
      })
    )
    .describe(
      'Each field that changes, before → after (raw values: money in minor units) and the same in words (label, beforeText, afterText); for a creation every field of the new object, before null'
    ),
  requests: z
    .array(graphRequestOutput)
    .describe(
      'The exact Graph API requests this write sends (preview) or sent (applied), in order'
    ),
  warnings: z.array(z.string()),
  message: z.string(),
  object: z
    .record(z.string(), z.unknown())
    .nullable()
    .describe('The object as Meta returns it after the change (null in previews)'),
})
