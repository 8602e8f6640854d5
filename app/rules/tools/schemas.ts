import { z } from 'zod'
import type { PlanFeature } from '#accounts/plan_catalog'
import { RULE_MODES, ruleDefinitionSchema } from '#rules/definition'
import { RULE_TEMPLATES } from '#rules/templates'

/** Shared zod pieces of the rule tools (money: integer minor units of each ad account's currency). */

/** The plan feature every rule action needs (Trafficker and Agency). */
export const RULES_FEATURE: PlanFeature = 'automated_rules'

export const ruleIdInput = z.number().int().positive().describe('Rule id, from list_rules')
export const itemIdInput = z
  .number()
  .int()
  .positive()
  .describe('Rule action id (an item of a run), from list_rule_runs or list_rule_approvals')
export const modeInput = z
  .enum(RULE_MODES)
  .describe(
    'dry_run: record what it would do, change nothing (default for a new rule); approval: each write waits for approve_rule_action; auto: apply'
  )
export const definitionInput = ruleDefinitionSchema.describe(
  'The rule: scope (ad accounts, level, filters), conditions (groups combined with all/any), actions, guards, schedule. Money in minor units (5000 = 50.00), CTR in percent'
)

const stopLoss = RULE_TEMPLATES.find((template) => template.id === 'stop_loss')!.definition

/**
 * The rule definition of the rule tools' published examples (OpenAPI, MCP): the stop-loss
 * template on one ad account of the test Meta sandbox. Pauses an active ad set whose cost per
 * purchase over 3 days is above 50.00 once it has spent 100.00, and notifies.
 */
export const definitionExample: z.input<typeof ruleDefinitionSchema> = {
  ...stopLoss,
  scope: { ...stopLoss.scope, adAccountIds: ['act_100000000001'] },
}

export const ruleOutput = z.object({
  id: z.number(),
  name: z.string(),
  enabled: z.boolean(),
  mode: z.enum(RULE_MODES),
  template: z.string().nullable(),
  definition: ruleDefinitionSchema,
  scheduleText: z.string(),
  lastRunAt: z.string().nullable(),
  nextRunAt: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
})

export const itemOutput = z.object({
  id: z.number(),
  runId: z.number(),
  ruleId: z.number(),
  adAccountId: z.string(),
  objectType: z.string(),
  objectId: z.string(),
  objectName: z.string(),
  metrics: z
    .record(z.string(), z.number().nullable())
    .describe(
      'The metric values read, "<metric>:<window>" → value (null: not computable or infinite)'
    ),
  action: z.string(),
  field: z.string().nullable(),
  before: z.string().nullable(),
  planned: z.string().nullable(),
  executed: z.string().nullable(),
  clamped: z.boolean(),
  status: z
    .string()
    .describe(
      'planned | pending_approval | approving | executed | skipped | failed | rejected | reverted'
    ),
  reason: z.string().nullable(),
  errorCode: z.string().nullable(),
  errorMessage: z.string().nullable().describe("Meta's message when Meta refused the write"),
  createdAt: z.string(),
  executedAt: z.string().nullable(),
  decidedAt: z.string().nullable(),
  revertedAt: z.string().nullable(),
})

export const runOutput = z.object({
  id: z.number(),
  ruleId: z.number(),
  trigger: z.enum(['schedule', 'manual']),
  status: z.enum(['running', 'completed', 'skipped', 'failed']),
  mode: z.enum(RULE_MODES),
  reason: z.string().nullable().describe('Why a run was skipped or failed (e.g. Meta rate limit)'),
  evaluated: z.number(),
  matched: z.number(),
  acted: z.number().describe('Writes executed at Meta'),
  startedAt: z.string(),
  finishedAt: z.string().nullable(),
  items: z.array(itemOutput).optional(),
})

export const readAnnotations = {
  readOnlyHint: true,
  destructiveHint: false,
  idempotentHint: true,
  openWorldHint: false,
}
