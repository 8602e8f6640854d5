import { inject } from '@adonisjs/core'
import { AppError } from '#shared/errors'
import { MetaAccess } from '#meta/services/meta_access'
import { AD_CREATIVE_FIELDS, AD_FIELDS, toAd } from '#meta/services/normalize'
import { appliedResult, previewResult, type WriteResult } from '#meta/actions/write_preview'

/**
 * Swaps an ad's creative and/or renames it (`POST /<ad id>` with `creative: {creative_id}`,
 * `name`). The creative is checked first: it must be the user's and in the ad's ad account.
 * Meta sends the ad back to review after a creative change. Preview unless `confirm: true`.
 * @throws AppError 422 `validation_failed`, `meta_account_mismatch`; 404
 *   `meta_object_not_owned` (ad or creative); Meta errors
 */
@inject()
export class UpdateAd {
  constructor(private meta: MetaAccess) {}

  async execute(
    userId: number,
    input: { adId: string; creativeId?: string; name?: string; confirm?: boolean }
  ): Promise<WriteResult> {
    if (input.creativeId === undefined && input.name === undefined) {
      throw new AppError('validation_failed', 'Give a creativeId or a name to change.', 422, {
        field: 'creativeId',
      })
    }
    const session = await this.meta.forUser(userId)
    const { node, account } = await session.ownedObject(input.adId, 'ad', 'adId')
    if (input.creativeId !== undefined) {
      const creative = await session.ownedNode(input.creativeId, 'creativeId', AD_CREATIVE_FIELDS)
      if (creative.account.id !== account.id) {
        throw new AppError(
          'meta_account_mismatch',
          `Creative ${input.creativeId} is in ${creative.account.id}, the ad in ${account.id}.`,
          422,
          { field: 'creativeId' }
        )
      }
    }
    const changes = [
      input.creativeId !== undefined
        ? { field: 'creative', before: node.creative?.id ?? null, after: input.creativeId }
        : null,
      input.name !== undefined
        ? { field: 'name', before: String(node.name ?? ''), after: input.name }
        : null,
    ].filter(
      (change): change is NonNullable<typeof change> =>
        change !== null && change.before !== change.after
    )
    const params: Record<string, unknown> = {}
    for (const change of changes) {
      params[change.field] =
        change.field === 'creative' ? { creative_id: change.after } : change.after
    }
    const base = {
      objectType: 'ad' as const,
      objectId: String(node.id),
      name: String(node.name ?? ''),
      adAccountId: account.id,
      currency: account.currency,
      changes,
      requests: changes.length === 0 ? [] : [{ method: 'POST' as const, path: input.adId, params }],
      warnings: input.creativeId
        ? ['A new creative sends the ad back to Meta review before it delivers again.']
        : [],
    }
    if (!input.confirm) return previewResult(base)
    if (changes.length > 0) await session.post(input.adId, params, account.id)
    const after = await session.get(input.adId, { fields: AD_FIELDS }, account.id)
    return appliedResult(base, toAd(after), changes.length > 0)
  }
}
