import { inject } from '@adonisjs/core'
import { DateTime } from 'luxon'
import { metaScopesFor } from '#config/meta'
import { wantsLeads } from '#meta/actions/start_meta_connection'
import { MetaConnections } from '#meta/services/meta_connections'
import { MetaEndpoints } from '#meta/services/meta_endpoints'

/** Days before expiry from which the page warns (spec §9). */
export const EXPIRY_WARNING_DAYS = 7

/**
 * The user's Meta connection as the Integrations page and `GET /api/meta/status` show it
 * (spec §3 Meta status: connected, name, userId, isLongLived, expiresAt), plus:
 * `status` ('connected' | 'reconnect_required' | 'not_connected'), `reconnectRequired`,
 * `expiresSoon` (within 7 days), `scopes` (granted, as Meta's debug_token reported them at
 * connect), `missingScopes` (asked for by the user's plan, not granted; empty when the grant is
 * unknown), `leadAccess` ('granted' | 'missing' | 'unknown': whether `leads_retrieval` was
 * granted, for the Leads page's reconnect state), `sandbox` (the embedded sandbox stands in
 * for Meta). `userId` is Meta's user id; `expiresAt` is ISO 8601 UTC or null
 * (never expires). Never contains the token.
 */
@inject()
export class GetMetaConnection {
  constructor(
    private connections: MetaConnections,
    private endpoints: MetaEndpoints
  ) {}

  async execute(userId: number) {
    const connection = await this.connections.find(userId)
    const sandbox = this.endpoints.usesSandbox
    if (!connection) {
      return {
        connected: false,
        status: 'not_connected' as const,
        reconnectRequired: false,
        name: null,
        userId: null,
        isLongLived: false,
        expiresAt: null,
        expiresSoon: false,
        scopes: [] as string[],
        missingScopes: [] as string[],
        leadAccess: 'unknown' as 'granted' | 'missing' | 'unknown',
        sandbox,
      }
    }
    const now = DateTime.utc()
    const expired = connection.expiresAt !== null && connection.expiresAt < now
    const reconnectRequired = connection.status === 'reconnect_required' || expired
    return {
      connected: true,
      status: reconnectRequired ? ('reconnect_required' as const) : ('connected' as const),
      reconnectRequired,
      name: connection.name,
      userId: connection.metaUserId,
      isLongLived: connection.isLongLived,
      expiresAt: connection.expiresAt?.toUTC().toISO() ?? null,
      expiresSoon:
        connection.expiresAt !== null &&
        connection.expiresAt < now.plus({ days: EXPIRY_WARNING_DAYS }),
      scopes: connection.scopes,
      missingScopes:
        connection.scopes.length === 0
          ? []
          : metaScopesFor(await wantsLeads(userId)).filter(
              (scope) => !connection.scopes.includes(scope)
            ),
      leadAccess: (connection.scopes.length === 0
        ? 'unknown'
        : connection.scopes.includes('leads_retrieval')
          ? 'granted'
          : 'missing') as 'granted' | 'missing' | 'unknown',
      sandbox: sandbox || connection.sandbox,
    }
  }
}
