import type { HttpContext } from '@adonisjs/core/http'
import app from '@adonisjs/core/services/app'
import { planHasFeature } from '#accounts/plan_catalog'
import { entitlementOf } from '#accounts/actions/resolve_entitlement'
import { GetMetaConnection } from '#meta/actions/get_meta_connection'
import { leadRetentionDays } from '#leads/services/lead_retention'
import type { LeadsPageProps } from '#leads/types'

/** `/leads`: forms, leads, CSV export, forwarding and its delivery log (Agency). */
export default class LeadsPageController {
  /**
   * GET /leads. Props: `entitled` (the plan has Lead Tracking: the same rule the actions
   * apply), `meta` (`status`: not_connected | connected | reconnect_required, `leadAccess`:
   * granted | missing | unknown, from `GetMetaConnection`) and `retentionDays`. The data
   * comes from the published actions through /api/actions.
   */
  async page({ inertia, auth }: HttpContext) {
    const user = auth.user
    if (!user) {
      const props: LeadsPageProps = {
        entitled: false,
        meta: { status: 'not_connected', leadAccess: 'unknown' },
        retentionDays: leadRetentionDays(),
      }
      return inertia.render('leads/index', { ...props })
    }
    const { plan } = await entitlementOf(user.id)
    const entitled = planHasFeature(plan.id, 'lead_tracking')
    const getConnection = await app.container.make(GetMetaConnection)
    const connection = await getConnection.execute(user.id)
    const props: LeadsPageProps = {
      entitled,
      meta: { status: connection.status, leadAccess: connection.leadAccess },
      retentionDays: leadRetentionDays(),
    }
    return inertia.render('leads/index', { ...props })
  }
}
