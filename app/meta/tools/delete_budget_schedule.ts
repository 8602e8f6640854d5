import { z } from 'zod'
import app from '@adonisjs/core/services/app'
import { defineAction } from '#registry/define_action'
import { DeleteBudgetSchedule } from '#meta/actions/delete_budget_schedule'
import {
  confirmInput,
  objectIdInput,
  writeResultOutput,
  META_WRITE_FEATURE,
} from '#meta/tools/schemas'

/** `delete_budget_schedule` (plan feature automation_tools) */
export const deleteBudgetSchedule = defineAction({
  module: 'meta',
  name: 'delete_budget_schedule',
  title: 'Delete a budget schedule',
  description:
    'Deletes one scheduled budget increase (id from list_budget_schedules). Without confirm: true it only previews.',
  input: z.object({
    scheduleId: objectIdInput('Budget schedule').describe(
      'Budget schedule id from list_budget_schedules'
    ),
    confirm: confirmInput,
  }),
  inputExample: { scheduleId: '120230000000001' },
  output: writeResultOutput,
  annotations: {
    readOnlyHint: false,
    destructiveHint: true,
    idempotentHint: true,
    openWorldHint: true,
  },
  feature: META_WRITE_FEATURE,
  async handler(caller, input) {
    const action = await app.container.make(DeleteBudgetSchedule)
    return action.execute(caller.userId, input)
  },
})
