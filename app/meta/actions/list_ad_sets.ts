import { inject } from '@adonisjs/core'
import { MetaAccess } from '#meta/services/meta_access'
import { AD_SET_FIELDS, toAdSet, type AdSet } from '#meta/services/normalize'
import { listPage, type ListInput } from '#meta/actions/list_objects'

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
    const { account, nodes, after } = await listPage(session, input, 'adsets', AD_SET_FIELDS)
    return {
      adAccountId: account.id,
      currency: account.currency,
      adSets: nodes.map((node) => toAdSet(node, account.currency)),
      paging: { after },
    }
  }
}
