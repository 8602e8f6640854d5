import { inject } from '@adonisjs/core'
import { MetaAccess } from '#meta/services/meta_access'
import { minorStringToInt } from '#meta/services/currency'
import { formatMoney } from '#meta/money_format'
import { BUDGET_SCHEDULE_FIELDS, toBudgetSchedule } from '#meta/services/normalize'
import {
  MAX_BUDGET_INCREASE_FACTOR,
  assertBudgetAmount,
  assertBudgetScheduleAllowed,
  type BudgetValueType,
} from '#meta/services/campaign_rules'
import { readSchedules, scheduleOwner } from '#meta/actions/budget_schedules'
import { runCreation } from '#meta/actions/write_plan'
import type { WriteResult } from '#meta/actions/write_preview'

export interface CreateBudgetScheduleInput {
  campaignId?: string
  adSetId?: string
  budgetValueType: BudgetValueType
  /** ABSOLUTE: increase in minor units; MULTIPLIER: increase in percent (50 = +50 %). */
  budgetValue: number
  /** ISO 8601 times on 15-minute boundaries, at least 3 hours apart. */
  timeStart: string
  timeEnd: string
  force?: boolean
  confirm?: boolean
}

/**
 * Schedules a budget increase for a high-demand period (`POST /<campaign or ad set id>/
 * budget_schedules` with budget_value, budget_value_type, time_start, time_end in Unix
 * seconds). Meta's rules are checked first (campaign_rules.assertBudgetScheduleAllowed: daily
 * budgets only, 15-minute boundaries, at least 3 hours, at most 50, ABSOLUTE and MULTIPLIER
 * never mixed), and an increase to more than 10 × the daily budget needs `force`.
 * @throws AppError 422 `meta_budget_schedule_*`, `meta_budget_not_positive`,
 *   `meta_budget_increase_too_large`, `validation_failed`; 404 `meta_object_not_owned`; Meta errors
 */
@inject()
export class CreateBudgetSchedule {
  constructor(private meta: MetaAccess) {}

  async execute(userId: number, input: CreateBudgetScheduleInput): Promise<WriteResult> {
    const session = await this.meta.forUser(userId)
    const owner = await scheduleOwner(session, input)
    const dailyBudget = minorStringToInt(owner.node.daily_budget, true)
    const timeStart = Math.floor(Date.parse(input.timeStart) / 1000)
    const timeEnd = Math.floor(Date.parse(input.timeEnd) / 1000)
    assertBudgetAmount(input.budgetValue, 'budgetValue', null, true)
    const existing = await readSchedules(session, owner.id, owner.account)
    assertBudgetScheduleAllowed({
      dailyBudget,
      timeStart,
      timeEnd,
      valueType: input.budgetValueType,
      existing,
      nowSeconds: Math.floor(Date.now() / 1000),
    })
    // The budget during the period, compared with the current daily budget (10 × rule).
    const during =
      input.budgetValueType === 'ABSOLUTE'
        ? dailyBudget! + input.budgetValue
        : Math.round((dailyBudget! * (100 + input.budgetValue)) / 100)
    assertBudgetAmount(during, 'budgetValue', dailyBudget, input.force, owner.account.currency)
    const params = {
      budget_value: String(input.budgetValue),
      budget_value_type: input.budgetValueType,
      time_start: timeStart,
      time_end: timeEnd,
    }
    const result = await runCreation(session, {
      objectType: 'budget_schedule',
      account: owner.account,
      name: `${owner.node.name ?? owner.id}: ${input.timeStart} → ${input.timeEnd}`,
      request: { method: 'POST', path: `${owner.id}/budget_schedules`, params },
      confirm: input.confirm,
      warnings: [
        `During the period the daily budget becomes ${formatMoney(during, owner.account.currency)} (now ${formatMoney(dailyBudget!, owner.account.currency)}).`,
        ...(during > dailyBudget! * MAX_BUDGET_INCREASE_FACTOR
          ? ['Confirmed with force: more than 10 × the daily budget.']
          : []),
      ],
      read: async (id) =>
        toBudgetSchedule(
          await session.get(id, { fields: BUDGET_SCHEDULE_FIELDS }, owner.account.id),
          owner.account.currency
        ),
    })
    return result
  }
}
