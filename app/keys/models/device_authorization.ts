import { DateTime } from 'luxon'
import { BaseModel, column } from '@adonisjs/lucid/orm'

/** `pending` until the user decides; `approved` → `consumed` once the CLI got its token. */
export type DeviceAuthorizationStatus = 'pending' | 'approved' | 'denied' | 'consumed'

/**
 * One OAuth 2.0 device authorization request (RFC 8628 §3.1) of the adrelay CLI. The device
 * code is stored only as its SHA-256; the user code normalised (8 consonants, no dash).
 */
export default class DeviceAuthorization extends BaseModel {
  static table = 'device_authorizations'

  @column({ isPrimary: true })
  declare id: number

  @column({ serializeAs: null })
  declare deviceCodeHash: string

  @column()
  declare userCode: string

  @column()
  declare clientId: string

  @column()
  declare deviceName: string

  @column()
  declare requesterIp: string

  @column()
  declare status: DeviceAuthorizationStatus

  /** Who approved or denied it. */
  @column()
  declare userId: number | null

  /** Current polling interval in seconds (RFC 8628 §3.5: +5 s with each `slow_down`). */
  @column()
  declare intervalSeconds: number

  @column.dateTime()
  declare lastPolledAt: DateTime | null

  @column.dateTime()
  declare expiresAt: DateTime

  @column.dateTime()
  declare decidedAt: DateTime | null

  @column.dateTime({ autoCreate: true })
  declare createdAt: DateTime
}
