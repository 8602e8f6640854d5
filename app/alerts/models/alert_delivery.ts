import { DateTime } from 'luxon'
import { BaseModel, column } from '@adonisjs/lucid/orm'

/** The outside channels a notification is delivered through (in-app needs no delivery row). */
export type DeliveryChannel = 'email' | 'webhook'

/**
 * `queued`: waiting for (or between) attempts; `digest`: held for the daily digest email;
 * `sent`; `failed`: gave up (permanent refusal or retries exhausted).
 */
export type DeliveryStatus = 'queued' | 'digest' | 'sent' | 'failed'

/** One entry of the delivery log (table `alert_deliveries`). */
export default class AlertDelivery extends BaseModel {
  static table = 'alert_deliveries'

  @column({ isPrimary: true })
  declare id: number

  @column()
  declare notificationId: number

  @column()
  declare userId: number

  @column()
  declare channel: DeliveryChannel

  @column()
  declare webhookId: number | null

  @column()
  declare status: DeliveryStatus

  @column()
  declare attempts: number

  /** HTTP status of the last webhook answer (null for email and network errors). */
  @column()
  declare lastStatusCode: number | null

  @column()
  declare lastError: string | null

  /** Not delivered before this instant (the end of quiet hours). */
  @column.dateTime()
  declare deliverAfter: DateTime

  @column.dateTime()
  declare sentAt: DateTime | null

  @column.dateTime({ autoCreate: true })
  declare createdAt: DateTime

  @column.dateTime({ autoCreate: true, autoUpdate: true })
  declare updatedAt: DateTime
}
