import { DateTime } from 'luxon'
import { BaseModel, column } from '@adonisjs/lucid/orm'

/** One user's redemption of one invitation code (unique per code and user). */
export default class InvitationRedemption extends BaseModel {
  @column({ isPrimary: true })
  declare id: number

  @column()
  declare invitationCodeId: number

  @column()
  declare userId: number

  @column.dateTime()
  declare grantsUntil: DateTime

  @column.dateTime({ autoCreate: true })
  declare createdAt: DateTime
}
