import { inject } from '@adonisjs/core'
import { MetaAccess } from '#meta/services/meta_access'
import { duplicateObject, type DuplicateInput } from '#meta/actions/duplicate_object'
import type { WriteResult } from '#meta/actions/write_preview'

/**
 * Copies one campaign through Meta's copies edge (`POST /<id>/copies`); see duplicateObject
 * for the parameters, the split of large deep copies and the checks. Preview unless
 * `confirm: true`; copies are PAUSED by default.
 * @throws AppError `meta_object_not_owned` (404), `meta_wrong_object_type`,
 *   `meta_account_mismatch`, `meta_budget_conflict`, `meta_budget_required` (422), Meta errors
 */
@inject()
export class DuplicateCampaign {
  constructor(private meta: MetaAccess) {}

  async execute(
    userId: number,
    input: { campaignId: string } & DuplicateInput
  ): Promise<WriteResult> {
    const session = await this.meta.forUser(userId)
    const { campaignId, ...options } = input
    return duplicateObject(session, 'campaign', campaignId, options)
  }
}
