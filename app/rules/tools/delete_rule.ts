import { z } from 'zod'
import app from '@adonisjs/core/services/app'
import { defineAction } from '#registry/define_action'
import { DeleteRule } from '#rules/actions/delete_rule'
import { ruleIdInput, RULES_FEATURE } from '#rules/tools/schemas'

/** `delete_rule` */
export const deleteRule = defineAction({
  module: 'rules',
  name: 'delete_rule',
  title: 'Delete an automated rule',
  description:
    'Deletes an automated rule with its run history and pending approvals. Changes it already made at Meta stay; revert them first with revert_rule_action if needed.',
  input: z.object({ ruleId: ruleIdInput }),
  inputExample: { ruleId: 42 },
  output: z.object({ deleted: z.boolean(), ruleId: z.number() }),
  annotations: {
    readOnlyHint: false,
    destructiveHint: true,
    idempotentHint: false,
    openWorldHint: false,
  },
  feature: RULES_FEATURE,
  async handler(caller, input) {
    const action = await app.container.make(DeleteRule)
    return action.execute(caller.userId, input)
  },
})
