import { inject } from '@adonisjs/core'
import { GraphClient } from '#meta/services/graph_client'
import { MetaConnections } from '#meta/services/meta_connections'

/**
 * Disconnects a user's Meta account: deletes the stored connection (and its token) first,
 * then asks Meta to revoke the app's permissions (`DELETE /me/permissions`, Graph API
 * "Permissions"). Meta being unreachable or refusing does not undo the local removal.
 *
 * Returns `{disconnected, revokedAtMeta}`; `disconnected` is false when nothing was connected.
 */
@inject()
export class DisconnectMetaAccount {
  constructor(
    private connections: MetaConnections,
    private client: GraphClient
  ) {}

  async execute(userId: number) {
    const connection = await this.connections.find(userId)
    if (!connection) return { disconnected: false, revokedAtMeta: false }
    let token: string | null = null
    try {
      token = await this.connections.accessToken(connection)
    } catch {
      token = null
    }
    await this.connections.delete(userId)
    if (!token) return { disconnected: true, revokedAtMeta: false }
    try {
      await this.client.request({
        method: 'DELETE',
        path: 'me/permissions',
        accessToken: token,
        timeoutMs: 5000,
        maxRetries: 0,
      })
      return { disconnected: true, revokedAtMeta: true }
    } catch {
      return { disconnected: true, revokedAtMeta: false }
    }
  }
}
