import { DateTime } from 'luxon'
import { BaseModel, column } from '@adonisjs/lucid/orm'

/** A Lead Ads form seen on one of a user's Pages (table `lead_forms`), with its poll cursor. */
export default class LeadForm extends BaseModel {
  static table = 'lead_forms'

  @column({ isPrimary: true })
  declare id: number

  @column()
  declare userId: number

  @column()
  declare metaFormId: string

  @column()
  declare metaPageId: string

  @column()
  declare name: string

  /** The Page's name when the form was last listed (null before migration 0610's first listing). */
  @column()
  declare pageName: string | null

  /** Unix seconds of the newest stored lead (leads after it are asked for). */
  @column({ consume: (value) => Number(value) })
  declare lastLeadTime: number

  @column.dateTime()
  declare polledAt: DateTime | null
}
