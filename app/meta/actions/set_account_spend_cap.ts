import { inject } from '@adonisjs/core'
import { AppError } from '#shared/errors'
import { MetaAccess } from '#meta/services/meta_access'
import { AD_ACCOUNT_FIELDS, toAdAccount } from '#meta/services/normalize'
import { appliedResult, previewResult, type WriteResult } from '#meta/actions/write_preview'

/**
 * Sets or removes an ad account's spending limit (`POST /act_<id>` with `spend_cap` in minor
 * units, or `spend_cap_action=delete` to remove it; Marketing API, Ad Account). Delivery in
 * the whole account stops once `amount_spent` reaches the cap. Preview unless `confirm: true`;
 * the preview warns when the cap is not above what the account already spent.
 * @throws AppError `validation_failed` (422), `meta_object_not_owned` (404), `invalid_meta_id`,
 *   `meta_not_connected` (409), Meta errors
 */
@inject()
export class SetAccountSpendCap {
  constructor(private meta: MetaAccess) {}

  async execute(
    userId: number,
    input: { adAccountId: string; spendCap: number | null; confirm?: boolean }
  ): Promise<WriteResult> {
    const cap = input.spendCap === 0 ? null : input.spendCap
    if (cap !== null && (!Number.isSafeInteger(cap) || cap < 1)) {
      throw new AppError(
        'validation_failed',
        'spendCap is a positive whole number of minor units (cents), or null to remove the limit.',
        422,
        { field: 'spendCap' }
      )
    }
    const session = await this.meta.forUser(userId)
    const owned = await session.ownedAdAccount(input.adAccountId)
    const account = toAdAccount(
      await session.get(owned.id, { fields: AD_ACCOUNT_FIELDS }, owned.id)
    )
    const base = {
      objectType: 'ad_account' as const,
      objectId: account.id,
      name: account.name,
      adAccountId: account.id,
      currency: account.currency,
      changes: [{ field: 'spend_cap', before: account.spendCap, after: cap }],
      requests:
        account.spendCap === cap
          ? []
          : [
              {
                method: 'POST' as const,
                path: account.id,
                params: cap === null ? { spend_cap_action: 'delete' } : { spend_cap: String(cap) },
              },
            ],
      warnings:
        cap !== null && cap <= account.amountSpent
          ? [
              `The account has already spent ${account.amountSpent} (minor units); a cap of ${cap} stops all its ads at once.`,
            ]
          : [],
    }
    if (!input.confirm) return previewResult(base)
    const needed = account.spendCap !== cap
    if (needed) {
      await session.post(
        account.id,
        cap === null ? { spend_cap_action: 'delete' } : { spend_cap: String(cap) },
        account.id
      )
    }
    const after = needed
      ? toAdAccount(await session.get(account.id, { fields: AD_ACCOUNT_FIELDS }, account.id))
      : account
    return appliedResult(base, after, needed)
  }
}
