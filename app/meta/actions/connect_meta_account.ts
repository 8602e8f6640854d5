import { inject } from '@adonisjs/core'
import { DateTime } from 'luxon'
import { AppError } from '#shared/errors'
import { GraphClient } from '#meta/services/graph_client'
import { MetaEndpoints } from '#meta/services/meta_endpoints'
import { MetaConnections } from '#meta/services/meta_connections'

/**
 * Finishes a Meta OAuth connect (Facebook Login "Manually Build a Login Flow" and
 * "Long-Lived Access Tokens"):
 *
 * 1. `GET /oauth/access_token?client_id&redirect_uri&client_secret&code` → short-lived token
 * 2. `GET /oauth/access_token?grant_type=fb_exchange_token&...` → long-lived token (about 60
 *    days); if this exchange fails the short-lived token (about 1 hour) is kept
 * 3. `GET /me?fields=id,name`
 * 4. `GET /debug_token` (app token) → expiry, scopes; the token must belong to this app and
 *    this user (guards against token substitution). If Meta cannot answer, the exchange's
 *    `expires_in` is used instead.
 * 5. Stores the connection (token encrypted), replacing an earlier one.
 *
 * Errors (AppError, codes as the Integrations page shows them, spec §8):
 * `token_exchange_failed` (step 1 or an invalid token), `user_info_failed` (step 3).
 */
@inject()
export class ConnectMetaAccount {
  constructor(
    private client: GraphClient,
    private endpoints: MetaEndpoints,
    private connections: MetaConnections
  ) {}

  async execute(input: { userId: number; code: string; redirectUri: string }) {
    const { appId, appSecret, sandbox } = await this.endpoints.resolve()
    const exchangeFailed = () =>
      new AppError('token_exchange_failed', 'Failed to exchange authorization code.', 502)

    let shortLived: { access_token?: string; expires_in?: number }
    try {
      shortLived = await this.client.get('oauth/access_token', {
        client_id: appId,
        client_secret: appSecret,
        redirect_uri: input.redirectUri,
        code: input.code,
      })
    } catch {
      throw exchangeFailed()
    }
    if (!shortLived.access_token) throw exchangeFailed()

    let accessToken = shortLived.access_token
    let expiresInSeconds = Number(shortLived.expires_in) || null
    let isLongLived = false
    try {
      const longLived = await this.client.get('oauth/access_token', {
        grant_type: 'fb_exchange_token',
        client_id: appId,
        client_secret: appSecret,
        fb_exchange_token: accessToken,
      })
      if (longLived.access_token) {
        accessToken = longLived.access_token
        expiresInSeconds = Number(longLived.expires_in) || null
        isLongLived = true
      }
    } catch {
      // Keep the short-lived token: the page shows 'Short-lived (1 hour)'.
    }

    let me: { id?: string; name?: string }
    try {
      me = await this.client.get('me', { fields: 'id,name' }, accessToken)
    } catch {
      throw new AppError('user_info_failed', 'Failed to get user information from Meta.', 502)
    }
    if (!me.id)
      throw new AppError('user_info_failed', 'Failed to get user information from Meta.', 502)

    let debug: Record<string, any> | null = null
    try {
      const answer = await this.client.get(
        'debug_token',
        { input_token: accessToken },
        this.client.appAccessToken
      )
      debug = answer?.data ?? null
    } catch {
      debug = null
    }
    if (
      debug &&
      (debug.is_valid === false ||
        String(debug.app_id) !== appId ||
        String(debug.user_id) !== String(me.id))
    ) {
      throw exchangeFailed()
    }

    const now = DateTime.utc()
    let expiresAt: DateTime | null = expiresInSeconds
      ? now.plus({ seconds: expiresInSeconds })
      : null
    if (debug && debug.expires_at !== undefined) {
      expiresAt =
        Number(debug.expires_at) === 0
          ? null
          : DateTime.fromSeconds(Number(debug.expires_at), { zone: 'utc' })
    }
    const dataAccessExpiresAt =
      debug && Number(debug.data_access_expires_at) > 0
        ? DateTime.fromSeconds(Number(debug.data_access_expires_at), { zone: 'utc' })
        : null

    const connection = await this.connections.save(input.userId, {
      metaUserId: String(me.id),
      name: me.name ?? null,
      accessToken,
      isLongLived,
      expiresAt,
      dataAccessExpiresAt,
      scopes: Array.isArray(debug?.scopes) ? debug.scopes.map(String) : [],
      sandbox,
    })
    return { connectionId: connection.id, metaUserId: connection.metaUserId, name: connection.name }
  }
}
