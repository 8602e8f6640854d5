import { DateTime } from 'luxon'
import { BaseModel, column } from '@adonisjs/lucid/orm'
import type { EmbedComponent } from '#embeds/types'

const json = {
  prepare: (value: unknown) => JSON.stringify(value),
  consume: (value: unknown) => (typeof value === 'string' ? JSON.parse(value) : value),
}

/**
 * A scoped, short-lived credential for client-portal widgets (issue 17). Minted server to
 * server with the account's API key; the browser holds only its client secret, whose SHA-256
 * is stored here.
 */
export default class EmbedSession extends BaseModel {
  static table = 'embed_sessions'

  @column({ isPrimary: true, serializeAs: null })
  declare id: number

  /** `es_…`, the id the API shows */
  @column()
  declare publicId: string

  @column()
  declare userId: number

  /** The client key the session is scoped to; null: the whole account */
  @column()
  declare keyId: number | null

  @column(json)
  declare components: EmbedComponent[]

  /** `act_…` ids the campaign_performance component may read */
  @column(json)
  declare adAccountIds: string[]

  /** Origins (`scheme://host[:port]`) whose pages may use the session */
  @column(json)
  declare allowedOrigins: string[]

  /** Agency plans may hide the "Powered by Adrelay" line */
  @column({ consume: (value: unknown) => Boolean(value) })
  declare hidePoweredBy: boolean

  @column({ serializeAs: null })
  declare secretHash: string

  @column.dateTime()
  declare expiresAt: DateTime

  @column.dateTime()
  declare revokedAt: DateTime | null

  @column.dateTime({ autoCreate: true })
  declare createdAt: DateTime

  /** `revoked` wins over `expired`. */
  get status(): 'active' | 'expired' | 'revoked' {
    if (this.revokedAt) return 'revoked'
    return this.expiresAt.toMillis() <= Date.now() ? 'expired' : 'active'
  }
}
