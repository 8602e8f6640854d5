import { inject } from '@adonisjs/core'
import { randomBytes } from 'node:crypto'
import metaConfig from '#config/meta'
import { AppError } from '#shared/errors'
import { MetaEndpoints } from '#meta/services/meta_endpoints'

/**
 * Builds the Meta OAuth dialog URL for a connect attempt:
 * `{dialogUrl}/{version}/dialog/oauth?client_id&redirect_uri&state&response_type=code&scope=
 * ads_read,ads_management,business_management`, with a fresh one-time `state` (256 bits) that the
 * caller binds to the browser session (RFC 9700 §4.7).
 *
 * @throws AppError 503 `meta_not_configured` in production without META_APP_ID / META_APP_SECRET
 */
@inject()
export class StartMetaConnection {
  constructor(private endpoints: MetaEndpoints) {}

  async execute(input: { redirectUri: string }) {
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
    url.searchParams.set('scope', metaConfig.scopes.join(','))
    return { url: url.toString(), state }
  }
}
