import { DateTime } from 'luxon'
import { BaseModel, column } from '@adonisjs/lucid/orm'

/** A stored lead (table `leads`); `fieldDataEncrypted` holds the answers (APP_KEY). */
export default class Lead extends BaseModel {
  static table = 'leads'

  @column({ isPrimary: true })
  declare id: number

  @column()
  declare userId: number

  @column()
  declare metaLeadId: string

  @column()
  declare metaFormId: string

  @column()
  declare metaAdId: string | null

  @column()
  declare metaAdSetId: string | null

  @column()
  declare metaCampaignId: string | null

  @column.dateTime()
  declare createdTime: DateTime

  @column({ serializeAs: null })
  declare fieldDataEncrypted: string

  @column()
  declare receivedVia: 'poll' | 'webhook'

  @column.dateTime({ autoCreate: true })
  declare createdAt: DateTime
}
