import { DateTime } from 'luxon'
import { BaseModel, column } from '@adonisjs/lucid/orm'

/** `queued`: waiting for (or between) attempts; `sent`; `failed`: refused or retries exhausted. */
export type LeadDeliveryStatus = 'queued' | 'sent' | 'failed'

/**
 * One lead forwarded to one destination (table `lead_deliveries`): the forwarding delivery
 * log. Holds no answers (the body is built from the encrypted lead at each attempt).
 */
export default class LeadDelivery extends BaseModel {
  static table = 'lead_deliveries'

  @column({ isPrimary: true })
  declare id: number

  @column()
  declare userId: number

  /** `leads.id` */
  @column()
  declare leadId: number

  /** `lead_forwardings.id`, null once the destination is deleted. */
  @column()
  declare forwardingId: number | null

  @column()
  declare status: LeadDeliveryStatus

  @column()
  declare attempts: number

  /** HTTP status of the last answer (null for network errors and refused addresses). */
  @column()
  declare lastStatusCode: number | null

  @column()
  declare lastError: string | null

  @column.dateTime()
  declare sentAt: DateTime | null

  @column.dateTime({ autoCreate: true })
  declare createdAt: DateTime

  @column.dateTime({ autoCreate: true, autoUpdate: true })
  declare updatedAt: DateTime
}
