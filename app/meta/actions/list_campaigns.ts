import { inject } from '@adonisjs/core'
import { MetaAccess } from '#meta/services/meta_access'
import { CAMPAIGN_FIELDS, toCampaign, type Campaign } from '#meta/services/normalize'
import { listPage, type ListInput } from '#meta/actions/list_objects'

/**
 * Lists the campaigns of an ad account (`GET /act_<id>/campaigns`), optionally filtered by
 * effective status, one page at a time (Meta cursor pagination; pass `paging.after` back as
 * `after`). Budgets in minor units of `currency`; `budgetLevel` says whether the budget is on
 * the campaign (Advantage campaign budget) or on its ad sets.
 * @throws AppError `meta_object_not_owned`, `invalid_meta_id`, `meta_not_connected`, Meta errors
 */
@inject()
export class ListCampaigns {
  constructor(private meta: MetaAccess) {}

  async execute(
    userId: number,
    input: { adAccountId: string } & ListInput
  ): Promise<{
    adAccountId: string
    currency: string
    campaigns: Campaign[]
    paging: { after: string | null }
  }> {
    const session = await this.meta.forUser(userId)
    const { account, nodes, after } = await listPage(session, input, 'campaigns', CAMPAIGN_FIELDS)
    return {
      adAccountId: account.id,
      currency: account.currency,
      campaigns: nodes.map((node) => toCampaign(node, account.currency)),
      paging: { after },
    }
  }
}
