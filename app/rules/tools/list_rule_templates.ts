import { z } from 'zod'
import { defineAction } from '#registry/define_action'
import { RULE_TEMPLATES } from '#rules/templates'
import { definitionInput, modeInput, readAnnotations, RULES_FEATURE } from '#rules/tools/schemas'

/** `list_rule_templates` */
export const listRuleTemplates = defineAction({
  module: 'rules',
  name: 'list_rule_templates',
  title: 'List rule templates',
  description:
    "Ready-made rules to start from: stop-loss (CPA above target after a minimum spend → pause), scale winners (ROAS above target → +20 % budget, at most once per 24 h), frequency cap (frequency above 3 → notify), spend pacing (month-to-date spend ahead of plan → notify) and night pause. Pass a template's definition to create_rule after adjusting its targets (money in minor units).",
  input: z.object({}),
  inputExample: {},
  output: z.object({
    templates: z.array(
      z.object({
        id: z.string(),
        name: z.string(),
        description: z.string(),
        mode: modeInput,
        definition: definitionInput,
      })
    ),
  }),
  annotations: readAnnotations,
  feature: RULES_FEATURE,
  async handler() {
    return { templates: [...RULE_TEMPLATES] }
  },
})
