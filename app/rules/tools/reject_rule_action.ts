import { z } from 'zod'
import app from '@adonisjs/core/services/app'
import { defineAction } from '#registry/define_action'
import { RejectRuleAction } from '#rules/actions/decide_rule_action'
import { itemIdInput, itemOutput, RULES_FEATURE } from '#rules/tools/schemas'

/** `reject_rule_action` */
export const rejectRuleAction = defineAction({
  module: 'rules',
  name: 'reject_rule_action',
  title: 'Reject a rule action',
  description: 'Refuses a write that a rule in approval mode planned; nothing is sent to Meta.',
  input: z.object({ itemId: itemIdInput }),
  inputExample: { itemId: 1208 },
  output: z.object({ item: itemOutput }),
  annotations: {
    readOnlyHint: false,
    destructiveHint: false,
    idempotentHint: false,
    openWorldHint: false,
  },
  feature: RULES_FEATURE,
  async handler(caller, input) {
    const action = await app.container.make(RejectRuleAction)
    return action.execute(caller.userId, input)
  },
})
