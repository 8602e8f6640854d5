import { z } from 'zod'
import app from '@adonisjs/core/services/app'
import { defineAction } from '#registry/define_action'
import { ListRules } from '#rules/actions/list_rules'
import { readAnnotations, ruleOutput, RULES_FEATURE } from '#rules/tools/schemas'

/** `list_rules` */
export const listRules = defineAction({
  module: 'rules',
  name: 'list_rules',
  title: 'List automated rules',
  description:
    "Lists the user's automated rules, newest first: name, enabled, mode, definition, schedule in words, last and next run time (UTC) and the last run's status.",
  input: z.object({}),
  inputExample: {},
  output: z.object({
    rules: z.array(
      ruleOutput.extend({
        lastRunStatus: z
          .string()
          .nullable()
          .describe('completed | skipped | failed | running | null'),
      })
    ),
  }),
  annotations: readAnnotations,
  feature: RULES_FEATURE,
  async handler(caller) {
    const action = await app.container.make(ListRules)
    return action.execute(caller.userId)
  },
})
