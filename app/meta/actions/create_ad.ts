import { inject } from '@adonisjs/core'
import { AppError } from '#shared/errors'
import { MetaAccess } from '#meta/services/meta_access'
import { AD_CREATIVE_FIELDS, AD_FIELDS, toAd } from '#meta/services/normalize'
import { compactParams, runCreation } from '#meta/actions/write_plan'
import type { WriteResult } from '#meta/actions/write_preview'

export interface CreateAdInput {
  adSetId: string
  creativeId: string
  name: string
  status?: 'PAUSED' | 'ACTIVE'
  confirm?: boolean
}

/**
 * Creates an ad from an ad set and a creative (`POST /act_<id>/ads` with `adset_id` and
 * `creative: {creative_id}`). Both ids are checked before Meta is called: the ad set must be
 * the user's and the creative in the same ad account. PAUSED by default; preview unless
 * `confirm: true`.
 * @throws AppError 404 `meta_object_not_owned` (ad set or creative), 422 `meta_wrong_object_type`,
 *   `meta_account_mismatch`; 409 `meta_not_connected`; Meta errors
 */
@inject()
export class CreateAd {
  constructor(private meta: MetaAccess) {}

  async execute(userId: number, input: CreateAdInput): Promise<WriteResult> {
    const session = await this.meta.forUser(userId)
    const { account } = await session.ownedObject(input.adSetId, 'ad_set', 'adSetId')
    const creative = await session.ownedNode(input.creativeId, 'creativeId', AD_CREATIVE_FIELDS)
    if (creative.account.id !== account.id) {
      throw new AppError(
        'meta_account_mismatch',
        `Creative ${input.creativeId} is in ${creative.account.id}, the ad set in ${account.id}: an ad uses a creative of its own ad account.`,
        422,
        { field: 'creativeId' }
      )
    }
    const params = compactParams({
      name: input.name,
      adset_id: input.adSetId,
      creative: { creative_id: input.creativeId },
      status: input.status ?? 'PAUSED',
    })
    return runCreation(session, {
      objectType: 'ad',
      account,
      name: input.name,
      request: { method: 'POST', path: `${account.id}/ads`, params },
      confirm: input.confirm,
      read: async (id) => toAd(await session.get(id, { fields: AD_FIELDS }, account.id)),
    })
  }
}
