import { z } from 'zod'
import app from '@adonisjs/core/services/app'
import { defineAction } from '#registry/define_action'
import { CreateRule } from '#rules/actions/create_rule'
import {
  definitionExample,
  definitionInput,
  modeInput,
  ruleOutput,
  RULES_FEATURE,
} from '#rules/tools/schemas'

/** `create_rule` */
export const createRule = defineAction({
  module: 'rules',
  name: 'create_rule',
  title: 'Create an automated rule',
  description:
    "Creates an automated rule that watches Meta campaigns, ad sets or ads on a schedule and acts when its conditions match (pause, unpause, change a budget or bid, notify, call a webhook), with guards (max change per action and per 24 h, min/max budget, minimum spend/impressions/age, cooldown, max objects per run, never a budget of 0). New rules are dry runs (they record what they would do) and disabled until enabled: true. Start from list_rule_templates and check the result with preview_rule or backtest_rule before enabling. Money is minor units of each ad account's currency (5000 = 50.00 USD or ¥5,000), so a rule with amounts must cover ad accounts whose currencies have the same decimals (rule_currency_mismatch). The plan limits how many rules a user keeps (rule_limit_reached).",
  input: z.object({
    name: z.string().trim().min(1).max(120).describe('A name for the rule, e.g. "Stop-loss US"'),
    definition: definitionInput,
    mode: modeInput.optional(),
    enabled: z.boolean().optional().describe('true: run on the schedule now; default false'),
    template: z
      .string()
      .max(32)
      .optional()
      .describe('The template id it was made from, if any (list_rule_templates)'),
  }),
  inputExample: {
    name: 'Stop-loss US',
    definition: definitionExample,
    mode: 'dry_run',
    template: 'stop_loss',
  },
  output: z.object({ rule: ruleOutput }),
  annotations: {
    readOnlyHint: false,
    destructiveHint: false,
    idempotentHint: false,
    openWorldHint: true,
  },
  feature: RULES_FEATURE,
  async handler(caller, input) {
    const action = await app.container.make(CreateRule)
    return action.execute(caller.userId, caller.planId, input)
  },
})
