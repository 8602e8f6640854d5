import { DateTime } from 'luxon'
import { BaseModel, column } from '@adonisjs/lucid/orm'

export type MetaConnectionStatus = 'connected' | 'reconnect_required'

/**
 * A user's Meta ads connection (one per user). `accessTokenEncrypted` is never serialized;
 * decrypt it only through MetaConnections (services/meta_connections.ts).
 */
export default class MetaConnection extends BaseModel {
  static table = 'meta_connections'

  @column({ isPrimary: true })
  declare id: number

  @column()
  declare userId: number

  /** Meta's app-scoped user id. */
  @column()
  declare metaUserId: string

  @column()
  declare name: string | null

  @column({ serializeAs: null })
  declare accessTokenEncrypted: string

  @column({ consume: (value) => Boolean(value) })
  declare isLongLived: boolean

  /** null when the token never expires. */
  @column.dateTime()
  declare expiresAt: DateTime | null

  @column.dateTime()
  declare dataAccessExpiresAt: DateTime | null

  @column({
    prepare: (value: string[] | null) => (value ? value.join(',') : null),
    consume: (value: string | null) => (value ? value.split(',').filter(Boolean) : []),
  })
  declare scopes: string[]

  @column()
  declare status: MetaConnectionStatus

  @column()
  declare lastErrorCode: string | null

  @column({ consume: (value) => Boolean(value) })
  declare sandbox: boolean

  @column.dateTime({ autoCreate: true })
  declare createdAt: DateTime

  @column.dateTime({ autoCreate: true, autoUpdate: true })
  declare updatedAt: DateTime | null
}
