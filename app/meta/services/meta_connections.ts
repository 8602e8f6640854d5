import emitter from '@adonisjs/core/services/emitter'
import { inject } from '@adonisjs/core'
import { DateTime } from 'luxon'
import MetaConnection from '#meta/models/meta_connection'
import { MetaTokenSealer } from '#meta/services/meta_token_sealer'
import { AdAccountCache } from '#meta/services/ad_account_cache'

/** What a successful OAuth connect stores. */
export interface NewMetaConnection {
  metaUserId: string
  name: string | null
  accessToken: string
  isLongLived: boolean
  expiresAt: DateTime | null
  dataAccessExpiresAt: DateTime | null
  scopes: string[]
  sandbox: boolean
}

/**
 * Storage of Meta connections: the only place that seals and opens access tokens.
 * Tokens are sealed with AdonisJS encryption for the user (MetaTokenSealer); a row still in the
 * pre-0250 format is re-sealed the next time it is opened.
 */
@inject()
export class MetaConnections {
  constructor(
    private sealer: MetaTokenSealer,
    private adAccounts: AdAccountCache
  ) {}

  find(userId: number) {
    return MetaConnection.findBy('userId', userId)
  }

  /** Creates or replaces the user's connection (reconnect), status back to `connected`. */
  async save(userId: number, data: NewMetaConnection) {
    const connection = await MetaConnection.updateOrCreate(
      { userId },
      {
        userId,
        metaUserId: data.metaUserId,
        name: data.name,
        accessTokenEncrypted: this.sealer.seal(data.accessToken, userId),
        isLongLived: data.isLongLived,
        expiresAt: data.expiresAt,
        dataAccessExpiresAt: data.dataAccessExpiresAt,
        scopes: data.scopes,
        status: 'connected',
        lastErrorCode: null,
        sandbox: data.sandbox,
      }
    )
    this.adAccounts.forgetUser(userId)
    return connection
  }

  /** Decrypts the access token (never log or return it). */
  async accessToken(connection: MetaConnection): Promise<string> {
    const { token, legacy } = this.sealer.open(connection.accessTokenEncrypted, connection.userId)
    if (legacy) {
      connection.accessTokenEncrypted = this.sealer.seal(token, connection.userId)
      await connection.save()
    }
    return token
  }

  /** Marks the connection as needing the user to reconnect (token invalid or expired). */
  async markReconnectRequired(connection: MetaConnection, errorCode: string) {
    if (connection.status === 'reconnect_required' && connection.lastErrorCode === errorCode) return
    connection.status = 'reconnect_required'
    connection.lastErrorCode = errorCode
    await connection.save()
    this.adAccounts.forgetUser(connection.userId)
    await emitter.emit('alert:raised', {
      userId: connection.userId,
      type: 'meta_token_invalid',
      dedupeKey: `meta_token_invalid:${connection.id}:${errorCode}`,
      title: 'Reconnect your Meta account',
      message:
        errorCode === 'meta_token_expired'
          ? 'Your Meta access token has expired. Adrelay cannot read or change your ads (rules included) until you reconnect at /integrations.'
          : 'Meta refused your access token (revoked, or your Facebook password changed). Adrelay cannot read or change your ads (rules included) until you reconnect at /integrations.',
      url: '/integrations',
      data: { metaUserId: connection.metaUserId, reason: errorCode },
    })
  }

  async delete(userId: number) {
    await MetaConnection.query().where('user_id', userId).delete()
    this.adAccounts.forgetUser(userId)
  }
}
