import { DateTime } from 'luxon'
import { BaseModel, belongsTo, column } from '@adonisjs/lucid/orm'
import type { BelongsTo } from '@adonisjs/lucid/types/relations'
import User from '#accounts/models/user'

/**
 * An API key's record. Only the SHA-256 of the key and a short display prefix are stored;
 * the key itself is shown once, at creation. Revoked keys are kept (revoked_at set) so the
 * call log keeps pointing at something.
 */
export default class ApiToken extends BaseModel {
  static table = 'api_tokens'

  @column({ isPrimary: true })
  declare id: number

  @column()
  declare userId: number

  @column()
  declare name: string

  @column({ serializeAs: null })
  declare tokenHash: string

  @column()
  declare displayPrefix: string

  @column.dateTime()
  declare lastUsedAt: DateTime | null

  @column.dateTime()
  declare revokedAt: DateTime | null

  @column.dateTime({ autoCreate: true })
  declare createdAt: DateTime

  @belongsTo(() => User)
  declare user: BelongsTo<typeof User>

  /** Masked display form, e.g. `adr_Q3xk…Zz9p`-like: prefix + ellipsis; never the key. */
  get maskedToken() {
    return `${this.displayPrefix}${'•'.repeat(8)}`
  }
}
