import type { HttpContext } from '@adonisjs/core/http'
import { inject } from '@adonisjs/core'
import { GetMetaConnection } from '#meta/actions/get_meta_connection'
import { DisconnectMetaAccount } from '#meta/actions/disconnect_meta_account'
import { ListAdAccounts } from '#meta/actions/list_ad_accounts'

/** Session JSON endpoints behind the Integrations page (spec §7). */
@inject()
export default class MetaConnectionController {
  constructor(
    private getConnection: GetMetaConnection,
    private disconnectAccount: DisconnectMetaAccount,
    private listAdAccounts: ListAdAccounts
  ) {}

  /** GET /api/meta/status → GetMetaConnection's shape */
  async status({ auth }: HttpContext) {
    return this.getConnection.execute(auth.user!.id)
  }

  /** DELETE /api/meta/disconnect → {success, disconnected, revokedAtMeta} */
  async disconnect({ auth }: HttpContext) {
    return { success: true, ...(await this.disconnectAccount.execute(auth.user!.id)) }
  }

  /** GET /api/meta/ad-accounts → {adAccounts} (409 meta_not_connected when not connected) */
  async adAccounts({ auth }: HttpContext) {
    return this.listAdAccounts.execute(auth.user!.id)
  }
}
