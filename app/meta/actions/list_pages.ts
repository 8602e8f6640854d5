import { inject } from '@adonisjs/core'
import { MetaAccess } from '#meta/services/meta_access'

/**
 * The Facebook Pages an ad account can promote (`GET /act_<id>/promote_pages`): the ones a
 * creative's `pageId` may name.
 * @throws AppError 404 `meta_object_not_owned`, 422 `invalid_meta_id`, 409 `meta_not_connected`
 */
@inject()
export class ListPages {
  constructor(private meta: MetaAccess) {}

  async execute(userId: number, input: { adAccountId: string }) {
    const session = await this.meta.forUser(userId)
    const account = await session.ownedAdAccount(input.adAccountId)
    const page = await session.page(
      `${account.id}/promote_pages`,
      { fields: 'id,name,category' },
      { limit: 100, adAccountId: account.id }
    )
    return {
      adAccountId: account.id,
      pages: page.data.map((node: any) => ({
        id: String(node.id),
        name: String(node.name ?? ''),
        category: node.category ?? null,
      })),
    }
  }
}
