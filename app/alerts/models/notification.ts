import { DateTime } from 'luxon'
import { BaseModel, column } from '@adonisjs/lucid/orm'
import type { AlertType } from '#alerts/events'
import { booleanColumn, jsonObjectColumn } from '#alerts/models/json_column'

/** One alert let through to a user (table `notifications`). */
export default class Notification extends BaseModel {
  static table = 'notifications'

  @column({ isPrimary: true })
  declare id: number

  @column()
  declare userId: number

  @column()
  declare type: AlertType

  @column()
  declare dedupeKey: string

  @column()
  declare title: string

  @column()
  declare message: string

  /** Path in the app where the user can act (`/rules/12/runs/80`), or null. */
  @column()
  declare url: string | null

  @column(jsonObjectColumn)
  declare data: Record<string, unknown> | null

  /** Shown in the in-app notification centre (the user's channels for the type include in_app). */
  @column(booleanColumn)
  declare inApp: boolean

  @column.dateTime()
  declare occurredAt: DateTime

  @column.dateTime()
  declare readAt: DateTime | null

  @column.dateTime({ autoCreate: true })
  declare createdAt: DateTime
}
