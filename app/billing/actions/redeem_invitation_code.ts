import { DateTime } from 'luxon'
import { inject } from '@adonisjs/core'
import db from '@adonisjs/lucid/services/db'
import Subscription from '#accounts/models/subscription'
import type { PlanId } from '#accounts/plan_catalog'
import InvitationRedemption from '#billing/models/invitation_redemption'
import { AppError } from '#shared/errors'
import { toDbTimestamp } from '#shared/db_time'
import { onceMoreOnUniqueViolation } from '#shared/db_errors'
import { checkInvitationCode } from '#billing/actions/validate_invitation_code'
import { SubscriptionSync } from '#billing/services/subscription_sync'
import { formatBillingDate } from '#billing/services/billing_format'

/**
 * Redeems an invitation code for `planId`: grants the code's plan without payment for its
 * `grantDays` (provider `invitation`, status `active`, period end = grant end), counts the
 * redemption atomically and records it once per user. Returns `{message}`.
 *
 * @throws AppError 422 `invalid_invitation_code` (unknown, disabled, expired, used up, already used)
 * @throws AppError 422 `invitation_plan_mismatch` when the code is for another plan
 * @throws AppError 409 `subscription_active` while a paid Stripe subscription is running
 */
@inject()
export class RedeemInvitationCode {
  constructor(private sync: SubscriptionSync) {}

  async execute(userId: number, rawCode: string, planId: PlanId): Promise<{ message: string }> {
    // A double submit (MySQL) can pass the "already used" check twice; the second insert is
    // refused by the (code, user) key and runs again, now answering 422 already_redeemed.
    const result = await onceMoreOnUniqueViolation(() => this.#redeem(userId, rawCode, planId))
    await this.sync.planChanged(userId)
    return {
      message: `Invitation code applied: you are on the ${result.planName} plan until ${formatBillingDate(result.grantsUntil)}.`,
    }
  }

  #redeem(userId: number, rawCode: string, planId: PlanId) {
    return db.transaction(async (trx) => {
      const check = await checkInvitationCode(rawCode, userId, trx)
      if (!check.valid)
        throw new AppError('invalid_invitation_code', check.message, 422, { reason: check.reason })
      if (check.plan.id !== planId) {
        throw new AppError(
          'invitation_plan_mismatch',
          `This invitation code is for the ${check.plan.name} plan`,
          422,
          { planId: check.plan.id }
        )
      }
      const local = await Subscription.query({ client: trx }).where('user_id', userId).first()
      if (local && local.provider === 'stripe' && local.isEntitled) {
        throw new AppError(
          'subscription_active',
          'You already have a paid subscription. Move to Free and wait for it to end before redeeming an invitation code.',
          409
        )
      }

      // Conditional increment: concurrent redemptions cannot exceed maxRedemptions.
      const updated = await trx
        .from('invitation_codes')
        .where('id', check.code.id)
        .whereNull('disabled_at')
        .whereRaw('redemption_count < max_redemptions')
        .increment('redemption_count', 1)
      const affected = Array.isArray(updated) ? Number(updated[0]) : Number(updated)
      if (!affected) {
        throw new AppError(
          'invalid_invitation_code',
          'This invitation code has reached its redemption limit.',
          422,
          {
            reason: 'used_up',
          }
        )
      }

      const now = DateTime.utc()
      const grantsUntil = now.plus({ days: check.code.grantDays })
      await InvitationRedemption.create(
        { invitationCodeId: check.code.id, userId, grantsUntil },
        { client: trx }
      )
      await trx
        .from('invitation_codes')
        .where('id', check.code.id)
        .update({ updated_at: toDbTimestamp(now) })

      const values = {
        userId,
        planId: check.plan.id,
        status: 'active' as const,
        provider: 'invitation' as const,
        stripeSubscriptionId: null,
        stripeScheduleId: null,
        currentPeriodStart: now,
        currentPeriodEnd: grantsUntil,
        trialEnd: null,
        cancelAtPeriodEnd: false,
        pendingPlanId: null,
        pendingChangeAt: null,
        previewPlanId: null,
        previewProrationDate: null,
        invitationCodeId: check.code.id,
      }
      if (local) {
        local.useTransaction(trx)
        local.merge(values)
        await local.save()
      } else {
        await Subscription.create(values, { client: trx })
      }
      return { planName: check.plan.name, grantsUntil }
    })
  }
}
