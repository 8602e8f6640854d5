import { DateTime } from 'luxon'
import { BaseModel, belongsTo, column } from '@adonisjs/lucid/orm'
import type { BelongsTo } from '@adonisjs/lucid/types/relations'
import Plan from '#accounts/models/plan'
import type { PlanId } from '#accounts/plan_catalog'
import { ENTITLED_STATUSES, isEntitled, type EntitlementFacts } from '#accounts/entitlement_rule'

/** Stripe's subscription statuses (https://docs.stripe.com/api/subscriptions/object#subscription_object-status). */
export type SubscriptionStatus =
  | 'trialing'
  | 'active'
  | 'past_due'
  | 'canceled'
  | 'incomplete'
  | 'incomplete_expired'
  | 'unpaid'
  | 'paused'

/** How the plan was obtained: paid through Stripe, changed without payment, or an invitation code. */
export type SubscriptionProvider = 'stripe' | 'manual' | 'invitation'

/**
 * A user's paid or granted plan. A user without a row is on Free. At most one row per user;
 * billing updates it to follow Stripe.
 */
export default class Subscription extends BaseModel {
  @column({ isPrimary: true })
  declare id: number

  @column()
  declare userId: number

  @column()
  declare planId: PlanId

  @column()
  declare status: SubscriptionStatus

  @column()
  declare provider: SubscriptionProvider

  @column()
  declare stripeCustomerId: string | null

  @column()
  declare stripeSubscriptionId: string | null

  @column.dateTime()
  declare currentPeriodStart: DateTime | null

  @column.dateTime()
  declare currentPeriodEnd: DateTime | null

  @column.dateTime()
  declare trialEnd: DateTime | null

  @column({ consume: (value) => Boolean(value) })
  declare cancelAtPeriodEnd: boolean

  /** Plan the subscription moves to at `pendingChangeAt` (a downgrade, or Free when canceling). */
  @column()
  declare pendingPlanId: PlanId | null

  @column.dateTime()
  declare pendingChangeAt: DateTime | null

  /** Stripe subscription schedule carrying a scheduled downgrade. */
  @column()
  declare stripeScheduleId: string | null

  /** Plan of the last proration preview and its `proration_date` (Unix seconds), reused by the confirm. */
  @column({ serializeAs: null })
  declare previewPlanId: PlanId | null

  @column({ serializeAs: null, consume: (value) => (value === null ? null : Number(value)) })
  declare previewProrationDate: number | null

  /**
   * A Stripe subscription started from a running invitation or manual grant that still waits
   * for its first payment (`incomplete`): the grant stays in force until Stripe reports it
   * entitled, and it then takes the row over (`SubscriptionSync.apply`). Null otherwise.
   */
  @column()
  declare pendingStripeSubscriptionId: string | null

  /** Invitation code that granted the plan (provider `invitation`). */
  @column()
  declare invitationCodeId: number | null

  @column.dateTime({ autoCreate: true })
  declare createdAt: DateTime

  @column.dateTime({ autoCreate: true, autoUpdate: true })
  declare updatedAt: DateTime | null

  @belongsTo(() => Plan)
  declare plan: BelongsTo<typeof Plan>

  /** Statuses in which the plan's quota and features apply (the entitlement rule's list). */
  static readonly ENTITLED_STATUSES: readonly SubscriptionStatus[] = ENTITLED_STATUSES

  /** Whether this row grants its plan now: the one entitlement rule (`isEntitled`). */
  get isEntitled() {
    return isEntitled(this.entitlementFacts, Date.now())
  }

  /** The facts the entitlement rule reads from this row. */
  get entitlementFacts(): EntitlementFacts {
    return {
      status: this.status,
      provider: this.provider,
      currentPeriodEndMs: this.currentPeriodEnd?.toMillis() ?? null,
    }
  }
}
