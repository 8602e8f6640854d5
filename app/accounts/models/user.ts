import { DateTime } from 'luxon'
import { BaseModel, column, hasOne } from '@adonisjs/lucid/orm'
import type { HasOne } from '@adonisjs/lucid/types/relations'
import Subscription from '#accounts/models/subscription'

export type UserRole = 'user' | 'admin'

/** A person who signed in with Google. Never deleted by suspension. */
export default class User extends BaseModel {
  @column({ isPrimary: true })
  declare id: number

  @column()
  declare email: string

  @column()
  declare firstName: string | null

  @column()
  declare lastName: string | null

  @column()
  declare avatarUrl: string | null

  @column()
  declare role: UserRole

  /** OpenID Connect `sub` claim from Google: stable even when the email changes. */
  @column({ serializeAs: null })
  declare googleSubjectId: string | null

  /** Stripe customer of this user, created lazily by billing (Idempotency-Key per user). */
  @column({ serializeAs: null })
  declare stripeCustomerId: string | null

  /** When the user started their one free trial (billing gives a trial once). */
  @column.dateTime({ serializeAs: null })
  declare trialUsedAt: DateTime | null

  @column.dateTime()
  declare suspendedAt: DateTime | null

  @column.dateTime({ autoCreate: true })
  declare createdAt: DateTime

  @column.dateTime({ autoCreate: true, autoUpdate: true })
  declare updatedAt: DateTime | null

  @hasOne(() => Subscription)
  declare subscription: HasOne<typeof Subscription>

  get isAdmin() {
    return this.role === 'admin'
  }

  get isSuspended() {
    return this.suspendedAt !== null
  }

  /** "First Last", or the email when no name is known. */
  get displayName() {
    const name = [this.firstName, this.lastName].filter(Boolean).join(' ').trim()
    return name || this.email
  }
}
