import { z } from 'zod'
import app from '@adonisjs/core/services/app'
import { defineAction } from '#registry/define_action'
import { ApproveRuleAction } from '#rules/actions/decide_rule_action'
import { itemIdInput, itemOutput, RULES_FEATURE } from '#rules/tools/schemas'

/** `approve_rule_action` */
export const approveRuleAction = defineAction({
  module: 'rules',
  name: 'approve_rule_action',
  title: 'Approve a rule action',
  description:
    "Approves a write that a rule in approval mode planned (list_rule_approvals) and applies exactly the previewed value at Meta. Returns the item as executed, or failed with Meta's message. Ask the user before approving.",
  input: z.object({ itemId: itemIdInput }),
  inputExample: { itemId: 1207 },
  output: z.object({ item: itemOutput }),
  annotations: {
    readOnlyHint: false,
    destructiveHint: true,
    idempotentHint: false,
    openWorldHint: true,
  },
  feature: RULES_FEATURE,
  async handler(caller, input) {
    const action = await app.container.make(ApproveRuleAction)
    return action.execute(caller.userId, input)
  },
})
