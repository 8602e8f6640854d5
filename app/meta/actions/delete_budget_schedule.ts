import { inject } from '@adonisjs/core'
import { AppError } from '#shared/errors'
import { MetaAccess, assertObjectId, notOwned } from '#meta/services/meta_access'
import { BUDGET_SCHEDULE_FIELDS, toBudgetSchedule } from '#meta/services/normalize'
import { appliedResult, previewResult, type WriteResult } from '#meta/actions/write_preview'

/**
 * Deletes a budget schedule (`DELETE /<schedule id>`, Marketing API HighDemandPeriod). The
 * schedule's campaign or ad set (`ad_object_id`) must be the user's. Preview unless
 * `confirm: true`.
 * @throws AppError 404 `meta_object_not_owned`, 422 `invalid_meta_id`, Meta errors
 */
@inject()
export class DeleteBudgetSchedule {
  constructor(private meta: MetaAccess) {}

  async execute(
    userId: number,
    input: { scheduleId: string; confirm?: boolean }
  ): Promise<WriteResult> {
    assertObjectId(input.scheduleId, 'scheduleId')
    const session = await this.meta.forUser(userId)
    let node: any
    try {
      node = await session.get(input.scheduleId, { fields: BUDGET_SCHEDULE_FIELDS })
    } catch (error) {
      if (error instanceof AppError && error.details.metaCode === 100)
        throw notOwned(input.scheduleId)
      throw error
    }
    if (!node?.ad_object_id) throw notOwned(input.scheduleId)
    const account = await session.ownerOf(String(node.ad_object_id), 'scheduleId')
    const schedule = toBudgetSchedule(node, account.currency)
    const base = {
      objectType: 'budget_schedule' as const,
      objectId: schedule.id,
      name: `${schedule.timeStart} → ${schedule.timeEnd}`,
      adAccountId: account.id,
      currency: account.currency,
      changes: [
        {
          field: 'budget_schedule',
          before: `${schedule.budgetValueType} ${schedule.budgetValue}`,
          after: null,
        },
      ],
      requests: [{ method: 'DELETE' as const, path: schedule.id, params: {} }],
      warnings: [] as string[],
    }
    if (!input.confirm) return previewResult(base)
    await session.request({
      method: 'DELETE',
      path: schedule.id,
      params: {},
      adAccountId: account.id,
    })
    return { ...appliedResult(base, schedule, true), message: 'Deleted at Meta.' }
  }
}
