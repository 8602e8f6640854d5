import { DateTime } from 'luxon'
import { BaseModel, belongsTo, column, scope } from '@adonisjs/lucid/orm'
import type { BelongsTo } from '@adonisjs/lucid/types/relations'
import User from '#accounts/models/user'
import type { CredentialKind } from '#keys/services/api_key_format'
import { toDbTimestamp } from '#shared/db_time'

/**
 * An API key's or CLI token's record (`kind`). Only the SHA-256 of the key and a short display prefix are stored;
 * the key itself is shown once, at creation. Revoked keys are kept (revoked_at set) so the
 * call log keeps pointing at something.
 */
export default class ApiToken extends BaseModel {
  static table = 'api_tokens'

  @column({ isPrimary: true })
  declare id: number

  @column()
  declare userId: number

  /** `api_key` or `cli_token` (device sign-in; `name` is then the device name). */
  @column()
  declare kind: CredentialKind

  @column()
  declare name: string

  /** The client this key is for (issue 17 client keys), e.g. "Acme Dental"; optional. */
  @column()
  declare label: string | null

  /**
   * The key's own monthly request limit, at most the plan's quota; null: only the plan's
   * quota applies. Enforced with the quota in one atomic step (see QuotaStore).
   */
  @column()
  declare monthlyLimit: number | null

  @column({ serializeAs: null })
  declare tokenHash: string

  @column()
  declare displayPrefix: string

  @column.dateTime()
  declare lastUsedAt: DateTime | null

  @column.dateTime()
  declare revokedAt: DateTime | null

  /** When it stops being accepted: a CLI token's 90-day expiry, a rotated key's grace end. */
  @column.dateTime()
  declare expiresAt: DateTime | null

  @column.dateTime({ autoCreate: true })
  declare createdAt: DateTime

  /**
   * Credentials of `kind` that are accepted now: not revoked and not past `expires_at`
   * (`ApiToken.query().withScopes((s) => s.usable(userId, 'api_key'))`).
   */
  static usable = scope((query, userId: number, kind: CredentialKind) => {
    query
      .where('user_id', userId)
      .where('kind', kind)
      .whereNull('revoked_at')
      .where((unexpired) => {
        unexpired.whereNull('expires_at').orWhere('expires_at', '>', toDbTimestamp(new Date()))
      })
  })

  @belongsTo(() => User)
  declare user: BelongsTo<typeof User>

  /** Masked display form, e.g. `adr_Q3xk…Zz9p`-like: prefix + ellipsis; never the key. */
  get maskedToken() {
    return `${this.displayPrefix}${'•'.repeat(8)}`
  }
}
