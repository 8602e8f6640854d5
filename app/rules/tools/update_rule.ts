import { z } from 'zod'
import app from '@adonisjs/core/services/app'
import { defineAction } from '#registry/define_action'
import { UpdateRule } from '#rules/actions/update_rule'
import {
  definitionInput,
  modeInput,
  ruleIdInput,
  ruleOutput,
  RULES_FEATURE,
} from '#rules/tools/schemas'

/** `update_rule` */
export const updateRule = defineAction({
  module: 'rules',
  name: 'update_rule',
  title: 'Change an automated rule',
  description:
    'Changes a rule: its name, its whole definition, its mode (dry_run, approval, auto) or whether it runs (enabled). Only the fields given change. Enabling a rule in auto mode lets it write to Meta on its schedule: preview it first.',
  input: z.object({
    ruleId: ruleIdInput,
    name: z.string().trim().min(1).max(120).optional().describe('New name'),
    definition: definitionInput.optional(),
    mode: modeInput.optional(),
    enabled: z.boolean().optional().describe('true: run on the schedule; false: stop'),
  }),
  inputExample: { ruleId: 42, name: 'Stop-loss US - CPA above 60', mode: 'approval' },
  output: z.object({ rule: ruleOutput }),
  annotations: {
    readOnlyHint: false,
    destructiveHint: true,
    idempotentHint: true,
    openWorldHint: true,
  },
  feature: RULES_FEATURE,
  async handler(caller, input) {
    const action = await app.container.make(UpdateRule)
    return action.execute(caller.userId, input)
  },
})
