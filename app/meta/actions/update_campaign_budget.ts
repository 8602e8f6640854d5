import { inject } from '@adonisjs/core'
import { MetaAccess } from '#meta/services/meta_access'
import { updateBudget, type BudgetInput } from '#meta/actions/update_budget'
import type { WriteResult } from '#meta/actions/write_preview'

/**
 * Changes a campaign's budget (Advantage campaign budget), daily or lifetime, in integer minor units of the account
 * currency (`POST /<id>` with `daily_budget` or `lifetime_budget`). Preview unless
 * `confirm: true`.
 * @throws AppError `meta_budget_conflict` (422, Meta subcode 1885621, refused before calling
 *   Meta), `meta_budget_type_mismatch` (422), `validation_failed` (422),
 *   `meta_object_not_owned` (404), `meta_not_connected` (409), Meta errors
 */
@inject()
export class UpdateCampaignBudget {
  constructor(private meta: MetaAccess) {}

  async execute(userId: number, input: { campaignId: string } & BudgetInput): Promise<WriteResult> {
    const session = await this.meta.forUser(userId)
    return updateBudget(session, 'campaign', input.campaignId, input)
  }
}
