import { z } from 'zod'
import app from '@adonisjs/core/services/app'
import { defineAction } from '#registry/define_action'
import { RunRule } from '#rules/actions/run_rule'
import { ruleIdInput, runOutput, RULES_FEATURE } from '#rules/tools/schemas'

/** `run_rule` */
export const runRule = defineAction({
  module: 'rules',
  name: 'run_rule',
  title: 'Run a rule now',
  description:
    "Runs a rule now on every ad account in its scope, in the rule's mode (auto writes to Meta; approval queues writes for approve_rule_action; dry_run only records), or as a dry run with dryRun: true. Returns the run with one item per matched object: metric values, before → after, planned vs executed, Meta's message on errors.",
  input: z.object({
    ruleId: ruleIdInput,
    dryRun: z
      .boolean()
      .optional()
      .describe('true: record what it would do without writing, whatever the mode'),
  }),
  inputExample: { ruleId: 42, dryRun: true },
  output: z.object({ run: runOutput }),
  annotations: {
    readOnlyHint: false,
    destructiveHint: true,
    idempotentHint: false,
    openWorldHint: true,
  },
  feature: RULES_FEATURE,
  async handler(caller, input) {
    const action = await app.container.make(RunRule)
    return action.execute(caller.userId, input)
  },
})
