import { DateTime } from 'luxon'
import { BaseModel, column } from '@adonisjs/lucid/orm'

/**
 * A webhook destination for a user's new leads (table `lead_forwardings`). URL and signing
 * secret are stored encrypted (APP_KEY); `urlDisplay` is scheme + host. `formIds` null means
 * every form, else only leads of those Meta form ids are forwarded.
 */
export default class LeadForwarding extends BaseModel {
  static table = 'lead_forwardings'

  @column({ isPrimary: true })
  declare id: number

  @column()
  declare userId: number

  @column()
  declare name: string

  @column({ serializeAs: null })
  declare urlEncrypted: string

  @column()
  declare urlDisplay: string

  @column({ serializeAs: null })
  declare secretEncrypted: string

  @column({
    prepare: (value: string[] | null) => (value && value.length > 0 ? value.join(',') : null),
    consume: (value: string | null) => (value ? value.split(',').filter(Boolean) : null),
  })
  declare formIds: string[] | null

  @column.dateTime({ autoCreate: true })
  declare createdAt: DateTime

  /** True when leads of `metaFormId` go to this destination. */
  covers(metaFormId: string) {
    return this.formIds === null || this.formIds.includes(metaFormId)
  }
}
