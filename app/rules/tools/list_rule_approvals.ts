import { z } from 'zod'
import app from '@adonisjs/core/services/app'
import { defineAction } from '#registry/define_action'
import { ListRuleApprovals } from '#rules/actions/decide_rule_action'
import { itemOutput, readAnnotations, RULES_FEATURE } from '#rules/tools/schemas'

/** `list_rule_approvals` */
export const listRuleApprovals = defineAction({
  module: 'rules',
  name: 'list_rule_approvals',
  title: 'List writes waiting for approval',
  description:
    'The approvals inbox: writes planned by rules in approval mode that wait for a person, oldest first, each with the object, the metric values and before → after. Approve with approve_rule_action or refuse with reject_rule_action.',
  input: z.object({}),
  inputExample: {},
  output: z.object({ items: z.array(itemOutput) }),
  annotations: readAnnotations,
  feature: RULES_FEATURE,
  async handler(caller) {
    const action = await app.container.make(ListRuleApprovals)
    return action.execute(caller.userId)
  },
})
