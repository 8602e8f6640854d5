import { inject } from '@adonisjs/core'
import { MetaAccess } from '#meta/services/meta_access'
import { AD_SET_FIELDS, toAdSet, type AdSet } from '#meta/services/normalize'
import { listParams, listScope, type ListInput } from '#meta/actions/list_objects'

/**
 * Lists ad sets of an ad account (`GET /act_<id>/adsets`) or of one campaign
 * (`GET /<campaign>/adsets`), filtered by effective status, paginated by cursor. Budgets in
 * minor units of `currency` (null when the campaign holds the budget).
 * @throws AppError `meta_object_not_owned`, `invalid_meta_id`, `meta_not_connected`, Meta errors
 */
@inject()
export class ListAdSets {
  constructor(private meta: MetaAccess) {}

  async execute(
    userId: number,
    input: { adAccountId?: string; campaignId?: string } & ListInput
  ): Promise<{
    adAccountId: string
    currency: string
    adSets: AdSet[]
    paging: { after: string | null }
  }> {
    const session = await this.meta.forUser(userId)
    const { parent, account } = await listScope(session, input)
    const { params, limit, after } = listParams(AD_SET_FIELDS, input)
    const page = await session.page(`${parent}/adsets`, params, {
      limit,
      after,
      adAccountId: account.id,
    })
    return {
      adAccountId: account.id,
      currency: account.currency,
      adSets: page.data.map((node) => toAdSet(node, account.currency)),
      paging: { after: page.after },
    }
  }
}
