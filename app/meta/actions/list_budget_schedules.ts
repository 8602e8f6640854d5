import { inject } from '@adonisjs/core'
import { MetaAccess } from '#meta/services/meta_access'
import { readSchedules, scheduleOwner } from '#meta/actions/budget_schedules'

/**
 * The budget schedules (high demand periods) of a campaign or ad set
 * (`GET /<id>/budget_schedules`): ABSOLUTE increases in minor units, MULTIPLIER in percent.
 * @throws AppError 422 `validation_failed`, 404 `meta_object_not_owned`, Meta errors
 */
@inject()
export class ListBudgetSchedules {
  constructor(private meta: MetaAccess) {}

  async execute(userId: number, input: { campaignId?: string; adSetId?: string }) {
    const session = await this.meta.forUser(userId)
    const owner = await scheduleOwner(session, input)
    return {
      objectType: owner.type,
      objectId: owner.id,
      adAccountId: owner.account.id,
      currency: owner.account.currency,
      schedules: await readSchedules(session, owner.id, owner.account),
    }
  }
}
