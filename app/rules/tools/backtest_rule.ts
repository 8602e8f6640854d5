import { z } from 'zod'
import app from '@adonisjs/core/services/app'
import { defineAction } from '#registry/define_action'
import { BacktestRule } from '#rules/actions/backtest_rule'
import {
  definitionExample,
  definitionInput,
  ruleIdInput,
  RULES_FEATURE,
} from '#rules/tools/schemas'

/** `backtest_rule` */
export const backtestRule = defineAction({
  module: 'rules',
  name: 'backtest_rule',
  title: 'Backtest a rule',
  description:
    'Replays a saved rule (ruleId) or a draft (definition) once per day over the last N days of delivery and returns what it would have done each day (object, values, budget before → after), with cooldowns and guards simulated. Changes nothing (sent as POST because a draft definition is a JSON document).',
  input: z.object({
    ruleId: ruleIdInput.optional(),
    definition: definitionInput.optional(),
    days: z
      .number()
      .int()
      .min(1)
      .max(30)
      .default(14)
      .describe('Days to replay, ending yesterday (1-30, default 14)'),
  }),
  inputExample: { definition: definitionExample, days: 14 },
  output: z.object({
    days: z.number(),
    fires: z.number(),
    objects: z.number(),
    skippedByCooldown: z.number(),
    events: z.array(z.record(z.string(), z.unknown())),
    note: z.string(),
  }),
  annotations: {
    readOnlyHint: false,
    destructiveHint: false,
    idempotentHint: true,
    openWorldHint: true,
  },
  feature: RULES_FEATURE,
  async handler(caller, input) {
    const action = await app.container.make(BacktestRule)
    return action.execute(caller.userId, input)
  },
})
