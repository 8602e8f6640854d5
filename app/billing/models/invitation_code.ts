import { DateTime } from 'luxon'
import { BaseModel, column } from '@adonisjs/lucid/orm'
import type { PlanId } from '#accounts/plan_catalog'

/**
 * An invitation code: grants `planId` without payment for `grantDays` days to each user who
 * redeems it, at most `maxRedemptions` times in all and once per user, until `expiresAt`
 * unless disabled. `code` is stored upper-case.
 */
export default class InvitationCode extends BaseModel {
  @column({ isPrimary: true })
  declare id: number

  @column()
  declare code: string

  @column()
  declare planId: PlanId

  @column()
  declare grantDays: number

  @column()
  declare maxRedemptions: number

  @column()
  declare redemptionCount: number

  @column.dateTime()
  declare expiresAt: DateTime | null

  @column.dateTime()
  declare disabledAt: DateTime | null

  @column()
  declare note: string | null

  @column()
  declare createdByUserId: number | null

  @column.dateTime({ autoCreate: true })
  declare createdAt: DateTime

  @column.dateTime({ autoCreate: true, autoUpdate: true })
  declare updatedAt: DateTime | null

  get isExpired() {
    return this.expiresAt !== null && this.expiresAt.toMillis() <= Date.now()
  }

  get isUsedUp() {
    return this.redemptionCount >= this.maxRedemptions
  }
}
