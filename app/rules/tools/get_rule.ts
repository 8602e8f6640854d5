import { z } from 'zod'
import app from '@adonisjs/core/services/app'
import { defineAction } from '#registry/define_action'
import { GetRule } from '#rules/actions/get_rule'
import { readAnnotations, ruleIdInput, ruleOutput, RULES_FEATURE } from '#rules/tools/schemas'

/** `get_rule` */
export const getRule = defineAction({
  module: 'rules',
  name: 'get_rule',
  title: 'Get an automated rule',
  description:
    'Returns one automated rule with its full definition, mode, and last and next run times.',
  input: z.object({ ruleId: ruleIdInput }),
  inputExample: { ruleId: 42 },
  output: z.object({ rule: ruleOutput }),
  annotations: readAnnotations,
  feature: RULES_FEATURE,
  async handler(caller, input) {
    const action = await app.container.make(GetRule)
    return action.execute(caller.userId, input)
  },
})
