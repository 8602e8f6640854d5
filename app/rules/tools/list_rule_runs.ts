import { z } from 'zod'
import app from '@adonisjs/core/services/app'
import { defineAction } from '#registry/define_action'
import { ListRuleRuns } from '#rules/actions/list_rule_runs'
import { readAnnotations, ruleIdInput, runOutput, RULES_FEATURE } from '#rules/tools/schemas'

/** `list_rule_runs` */
export const listRuleRuns = defineAction({
  module: 'rules',
  name: 'list_rule_runs',
  title: 'List rule runs',
  description:
    "Run history, newest first, of one rule (ruleId) or all rules: evaluated / matched / acted counts, why a run was skipped (e.g. Meta rate limits), and each item (metric values, before → after, planned vs executed, errors with Meta's message). Page with before = the previous nextBefore.",
  input: z.object({
    ruleId: ruleIdInput.optional(),
    limit: z.number().int().min(1).max(100).optional().describe('Runs per page (default 20)'),
    before: z.number().int().positive().optional().describe('nextBefore of the previous page'),
  }),
  inputExample: { ruleId: 42, limit: 20 },
  output: z.object({ runs: z.array(runOutput), nextBefore: z.number().nullable() }),
  annotations: readAnnotations,
  feature: RULES_FEATURE,
  async handler(caller, input) {
    const action = await app.container.make(ListRuleRuns)
    return action.execute(caller.userId, input)
  },
})
