import { inject } from '@adonisjs/core'
import logger from '@adonisjs/core/services/logger'
import { GraphClient } from '#meta/services/graph_client'
import { MetaConnections } from '#meta/services/meta_connections'
import { AppError } from '#shared/errors'
import type { ErasureSubject, ExportSection, PersonalDataHolder } from '#shared/personal_data'

/**
 * What the Meta module holds about a user: the connection (Meta user id and name, granted
 * permissions, token expiry, status). The access token is never exported.
 *
 * Erasing revokes the app's permissions at Meta with the stored token (`DELETE /me/permissions`,
 * Graph API "User permissions"), THEN deletes the connection, so a failed revocation can be
 * retried with the token still at hand. Meta answering that the token is no longer valid (code
 * 190) counts as revoked. Meta unreachable, failing (5xx) or rate limiting makes the step fail;
 * any other refusal is logged and the token deleted anyway (the user can still remove the app
 * in their Facebook settings). A token that cannot be decrypted is deleted without revocation.
 */
@inject()
export default class MetaPersonalData implements PersonalDataHolder {
  readonly name = 'meta'

  constructor(
    private connections: MetaConnections,
    private client: GraphClient
  ) {}

  sections(userId: number): Record<string, ExportSection> {
    return {
      metaConnection: {
        kind: 'one',
        read: async () => {
          const connection = await this.connections.find(userId)
          if (!connection) return null
          return {
            metaUserId: connection.metaUserId,
            name: connection.name,
            scopes: connection.scopes,
            isLongLived: connection.isLongLived,
            expiresAt: connection.expiresAt?.toUTC().toISO() ?? null,
            dataAccessExpiresAt: connection.dataAccessExpiresAt?.toUTC().toISO() ?? null,
            status: connection.status,
            lastErrorCode: connection.lastErrorCode,
            sandbox: connection.sandbox,
            connectedAt: connection.createdAt.toUTC().toISO(),
            updatedAt: connection.updatedAt?.toUTC().toISO() ?? null,
          }
        },
      },
    }
  }

  /** @throws AppError `meta_unavailable` (503), `meta_rate_limited` (429), `meta_error` (502) */
  async erase({ userId }: ErasureSubject): Promise<void> {
    const connection = await this.connections.find(userId)
    if (!connection) return
    const token = await this.connections.accessToken(connection).catch(() => null)
    if (token) await this.#revoke(token)
    await this.connections.delete(userId)
  }

  async #revoke(token: string) {
    try {
      await this.client.request({
        method: 'DELETE',
        path: 'me/permissions',
        accessToken: token,
        timeoutMs: 10_000,
        maxRetries: 1,
      })
    } catch (error) {
      if (!(error instanceof AppError)) throw error
      if (error.code === 'meta_token_invalid') return
      if (error.status >= 500 || error.code === 'meta_rate_limited') throw error
      logger.warn({ code: error.code }, 'Meta refused to revoke permissions; token deleted anyway')
    }
  }
}
