import { DateTime } from 'luxon'
import { BaseModel, column } from '@adonisjs/lucid/orm'

/** Payload shape sent to a webhook: Slack's incoming-webhook message, or Adrelay's signed JSON. */
export type WebhookFormat = 'slack' | 'json'

/**
 * A webhook destination for a user's alerts (table `alert_webhooks`). The URL and the signing
 * secret are stored encrypted (`encryption` service, APP_KEY); `urlDisplay` is scheme + host.
 */
export default class AlertWebhook extends BaseModel {
  static table = 'alert_webhooks'

  @column({ isPrimary: true })
  declare id: number

  @column()
  declare userId: number

  @column()
  declare name: string

  @column()
  declare format: WebhookFormat

  @column({ serializeAs: null })
  declare urlEncrypted: string

  @column()
  declare urlDisplay: string

  @column({ serializeAs: null })
  declare secretEncrypted: string | null

  @column.dateTime({ autoCreate: true })
  declare createdAt: DateTime
}
