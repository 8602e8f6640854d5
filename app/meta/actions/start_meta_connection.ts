import { inject } from '@adonisjs/core'
import { randomBytes } from 'node:crypto'
import { metaScopesFor } from '#config/meta'
import { planHasFeature } from '#accounts/plan_catalog'
import { entitlementOf } from '#accounts/actions/resolve_entitlement'
import { AppError } from '#shared/errors'
import { MetaEndpoints } from '#meta/services/meta_endpoints'

/**
 * Builds the Meta OAuth dialog URL for a connect attempt:
 * `{dialogUrl}/{version}/dialog/oauth?client_id&redirect_uri&state&response_type=code&scope=
 * ads_read,ads_management,business_management`, with a fresh one-time `state` (256 bits) that the
 * caller binds to the browser session (RFC 9700 §4.7). When the user's plan has Lead Tracking
 * (Agency) the lead permissions are asked for too (`leads_retrieval`, `pages_show_list`,
 * `pages_read_engagement`, `pages_manage_ads`; config/meta.ts `leadScopes`, docs/leads.md).
 *
 * @throws AppError 503 `meta_not_configured` in production without META_APP_ID / META_APP_SECRET
 */
@inject()
export class StartMetaConnection {
  constructor(private endpoints: MetaEndpoints) {}

  async execute(input: { redirectUri: string; userId?: number }) {
    if (!this.endpoints.isConfigured) {
      throw new AppError(
        'meta_not_configured',
        'The Meta app is not configured on this server.',
        503
      )
    }
    const { dialogUrl, graphVersion, appId } = await this.endpoints.resolve()
    const state = randomBytes(32).toString('base64url')
    const url = new URL(`${dialogUrl}/${graphVersion}/dialog/oauth`)
    url.searchParams.set('client_id', appId)
    url.searchParams.set('redirect_uri', input.redirectUri)
    url.searchParams.set('state', state)
    url.searchParams.set('response_type', 'code')
    const scopes = metaScopesFor(input.userId ? await wantsLeads(input.userId) : false)
    url.searchParams.set('scope', scopes.join(','))
    return { url: url.toString(), state, scopes }
  }
}

/** True when the user's plan has Lead Tracking (their connection then needs the lead scopes). */
export async function wantsLeads(userId: number): Promise<boolean> {
  const { plan } = await entitlementOf(userId)
  return planHasFeature(plan.id, 'lead_tracking')
}
