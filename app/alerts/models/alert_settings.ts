import { DateTime } from 'luxon'
import { BaseModel, column } from '@adonisjs/lucid/orm'
import type { AlertType } from '#alerts/events'
import type { AlertChannel } from '#alerts/services/alert_defaults'
import { booleanColumn, jsonObjectColumn } from '#alerts/models/json_column'

/**
 * A user's alert preferences (table `alert_settings`). Users without a row get the defaults
 * (`resolveSettings` in app/alerts/services/alert_defaults.ts).
 */
export default class AlertSettings extends BaseModel {
  static table = 'alert_settings'

  @column({ isPrimary: true })
  declare userId: number

  /** Alert type → channels; types missing from the object use the default channels. */
  @column(jsonObjectColumn)
  declare channels: Partial<Record<AlertType, AlertChannel[]>>

  /** IANA time zone of the quiet hours and the digest hour. */
  @column()
  declare timeZone: string

  /** Quiet hours start, minutes after local midnight (null: no quiet hours). */
  @column()
  declare quietStartMinute: number | null

  /** Quiet hours end, minutes after local midnight (may be before the start: overnight). */
  @column()
  declare quietEndMinute: number | null

  @column(booleanColumn)
  declare digestEnabled: boolean

  /** Local hour (0-23) the daily digest email is sent at. */
  @column()
  declare digestHour: number

  @column.dateTime()
  declare digestSentAt: DateTime | null

  /** `spend_threshold`: an ad account's spend today above this, in minor units (null: off). */
  @column({ consume: (value) => (value === null ? null : Number(value)) })
  declare spendThresholdMinor: number | null

  @column.dateTime({ autoCreate: true })
  declare createdAt: DateTime

  @column.dateTime({ autoCreate: true, autoUpdate: true })
  declare updatedAt: DateTime
}
