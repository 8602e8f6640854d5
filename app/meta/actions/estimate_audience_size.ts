import { inject } from '@adonisjs/core'
import { MetaAccess } from '#meta/services/meta_access'
import { type OptimizationGoal } from '#meta/services/campaign_rules'
import { checkTargeting, withAdvantageAudience } from '#meta/actions/targeting_checks'

/**
 * Estimated monthly audience of a targeting spec in an ad account
 * (`GET /act_<id>/delivery_estimate` with `targeting_spec` and `optimization_goal`; fields
 * `estimate_mau_lower_bound`, `estimate_mau_upper_bound`, `estimate_ready`). Special Ad
 * Category rules and interest ids are checked first, like the ad-set writes do.
 * @throws AppError 422 `meta_targeting_not_allowed`, `meta_invalid_interest`; 404
 *   `meta_object_not_owned`; 409 `meta_not_connected`; Meta errors
 */
@inject()
export class EstimateAudienceSize {
  constructor(private meta: MetaAccess) {}

  async execute(
    userId: number,
    input: {
      adAccountId: string
      targeting: Record<string, any>
      optimizationGoal?: OptimizationGoal
      specialAdCategories?: string[]
    }
  ) {
    const session = await this.meta.forUser(userId)
    const account = await session.ownedAdAccount(input.adAccountId)
    const targeting = withAdvantageAudience(input.targeting)
    await checkTargeting(session, account, input.specialAdCategories ?? [], targeting)
    const body = await session.get(
      `${account.id}/delivery_estimate`,
      { targeting_spec: targeting, optimization_goal: input.optimizationGoal ?? 'REACH' },
      account.id
    )
    const row = Array.isArray(body?.data) ? body.data[0] : null
    const ready = row?.estimate_ready === true
    return {
      adAccountId: account.id,
      ready,
      lowerBound: ready ? Number(row.estimate_mau_lower_bound) : null,
      upperBound: ready ? Number(row.estimate_mau_upper_bound) : null,
      message: ready
        ? 'Estimated monthly active people this targeting reaches.'
        : 'Meta has no estimate for this targeting yet (too narrow or still computing).',
    }
  }
}
