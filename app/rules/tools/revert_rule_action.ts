import { z } from 'zod'
import app from '@adonisjs/core/services/app'
import { defineAction } from '#registry/define_action'
import { RevertRuleAction } from '#rules/actions/decide_rule_action'
import { itemIdInput, itemOutput, RULES_FEATURE } from '#rules/tools/schemas'

/** `revert_rule_action` */
export const revertRuleAction = defineAction({
  module: 'rules',
  name: 'revert_rule_action',
  title: 'Revert a rule action',
  description:
    'Puts back the value a rule changed at Meta (a budget, a bid or a status) to what it was before that action, through the same checks as any write. Only executed actions can be reverted, once.',
  input: z.object({ itemId: itemIdInput }),
  inputExample: { itemId: 1206 },
  output: z.object({ item: itemOutput }),
  annotations: {
    readOnlyHint: false,
    destructiveHint: true,
    idempotentHint: false,
    openWorldHint: true,
  },
  feature: RULES_FEATURE,
  async handler(caller, input) {
    const action = await app.container.make(RevertRuleAction)
    return action.execute(caller.userId, input)
  },
})
