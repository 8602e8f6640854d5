import { z } from 'zod'
import app from '@adonisjs/core/services/app'
import { defineAction } from '#registry/define_action'
import { PreviewRule } from '#rules/actions/preview_rule'
import {
  definitionExample,
  definitionInput,
  ruleIdInput,
  RULES_FEATURE,
} from '#rules/tools/schemas'

/** `preview_rule` */
export const previewRule = defineAction({
  module: 'rules',
  name: 'preview_rule',
  title: 'Preview what a rule matches now',
  description:
    'Evaluates a saved rule (ruleId) or a draft (definition) against current Meta data and returns every object that matches now, the metric values that matched, and what the rule would do to each after its guards (before → after, clamped, or why it would skip). Changes nothing and records nothing (sent as POST because a draft definition is a JSON document).',
  input: z.object({
    ruleId: ruleIdInput.optional(),
    definition: definitionInput.optional(),
  }),
  inputExample: { definition: definitionExample },
  output: z.object({
    evaluated: z.number(),
    matched: z.number(),
    missingAdAccounts: z.array(z.string()),
    matches: z.array(
      z.object({
        adAccountId: z.string(),
        objectType: z.string(),
        objectId: z.string(),
        objectName: z.string(),
        status: z.string(),
        values: z.record(z.string(), z.number().nullable()),
        planned: z.record(z.string(), z.unknown()).nullable(),
      })
    ),
  }),
  annotations: {
    readOnlyHint: false,
    destructiveHint: false,
    idempotentHint: true,
    openWorldHint: true,
  },
  feature: RULES_FEATURE,
  async handler(caller, input) {
    const action = await app.container.make(PreviewRule)
    return action.execute(caller.userId, input)
  },
})
