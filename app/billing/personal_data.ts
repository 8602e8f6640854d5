import { readConnectionName, readDb } from '#shared/read_connection'
import Stripe from 'stripe'
import { inject } from '@adonisjs/core'
import db from '@adonisjs/lucid/services/db'
import Subscription from '#accounts/models/subscription'
import { StripeGateway, isStripeMissing, toBillingError } from '#billing/services/stripe_gateway'
import {
  isoTimestamp,
  pageById,
  type ErasureSubject,
  type ExportSection,
  type PersonalDataHolder,
} from '#shared/personal_data'

/** Stripe statuses after which nothing is billed again. */
const ENDED_STATUSES = new Set(['canceled', 'incomplete_expired'])

/**
 * What billing holds about a user: the subscription row (plan, Stripe status, period, trial,
 * scheduled change) and the invitation codes they redeemed. The Stripe customer id is part of
 * the account row (accounts section).
 *
 * Erasing cancels a Stripe subscription at Stripe first (`DELETE /v1/subscriptions/:id`, which
 * ends it now, without proration, and cancels an attached schedule:
 * https://docs.stripe.com/api/subscriptions/cancel), then deletes the local rows. A subscription
 * Stripe no longer knows or has already ended counts as cancelled. Stripe unreachable, or
 * payments not configured while a Stripe subscription exists, makes the step fail (the deletion
 * can then be run again): the user must not stay billed for an account that is gone. Stripe
 * keeps the customer record and its invoices, as tax law requires (see the privacy page).
 */
@inject()
export default class BillingPersonalData implements PersonalDataHolder {
  readonly name = 'billing'

  constructor(private gateway: StripeGateway) {}

  sections(userId: number): Record<string, ExportSection> {
    return {
      subscription: {
        kind: 'one',
        read: async () => {
          const subscription = await Subscription.query({ connection: readConnectionName() })
            .where('user_id', userId)
            .preload('plan')
            .first()
          if (!subscription) return null
          return {
            planId: subscription.planId,
            planName: subscription.plan?.name ?? subscription.planId,
            status: subscription.status,
            provider: subscription.provider,
            stripeSubscriptionId: subscription.stripeSubscriptionId,
            pendingStripeSubscriptionId: subscription.pendingStripeSubscriptionId,
            currentPeriodStart: subscription.currentPeriodStart?.toUTC().toISO() ?? null,
            currentPeriodEnd: subscription.currentPeriodEnd?.toUTC().toISO() ?? null,
            trialEnd: subscription.trialEnd?.toUTC().toISO() ?? null,
            cancelAtPeriodEnd: subscription.cancelAtPeriodEnd,
            pendingPlanId: subscription.pendingPlanId,
            pendingChangeAt: subscription.pendingChangeAt?.toUTC().toISO() ?? null,
            createdAt: subscription.createdAt.toUTC().toISO(),
            updatedAt: subscription.updatedAt?.toUTC().toISO() ?? null,
          }
        },
      },
      invitationRedemptions: {
        kind: 'many',
        rows: () =>
          pageById(
            (afterId, limit) =>
              readDb()
                .from('invitation_redemptions')
                .join(
                  'invitation_codes',
                  'invitation_codes.id',
                  'invitation_redemptions.invitation_code_id'
                )
                .where('invitation_redemptions.user_id', userId)
                .where('invitation_redemptions.id', '>', afterId)
                .orderBy('invitation_redemptions.id')
                .limit(limit)
                .select(
                  'invitation_redemptions.id',
                  'invitation_codes.code',
                  'invitation_codes.plan_id',
                  'invitation_redemptions.grants_until',
                  'invitation_redemptions.created_at'
                ),
            (row) => ({
              code: row.code,
              planId: row.plan_id,
              grantsUntil: isoTimestamp(row.grants_until),
              redeemedAt: isoTimestamp(row.created_at),
            })
          ),
      },
    }
  }

  /** @throws AppError 503 `billing_unavailable` / `billing_not_configured`, 502 `billing_provider_error` */
  async erase({ userId }: ErasureSubject): Promise<void> {
    const subscription = await Subscription.findBy('userId', userId)
    if (
      subscription?.provider === 'stripe' &&
      subscription.stripeSubscriptionId &&
      !ENDED_STATUSES.has(subscription.status)
    ) {
      await this.#cancelAtStripe(subscription.stripeSubscriptionId)
    }
    if (subscription?.pendingStripeSubscriptionId) {
      await this.#cancelAtStripe(subscription.pendingStripeSubscriptionId)
    }
    await db.from('invitation_redemptions').where('user_id', userId).delete()
    await db.from('subscriptions').where('user_id', userId).delete()
  }

  async #cancelAtStripe(subscriptionId: string) {
    const stripe = this.gateway.client
    try {
      await stripe.subscriptions.cancel(subscriptionId)
    } catch (error) {
      if (isStripeMissing(error)) return
      // Cancelling twice is refused with a 400; what counts is that it has ended.
      if (error instanceof Stripe.errors.StripeInvalidRequestError) {
        const current = await stripe.subscriptions
          .retrieve(subscriptionId)
          .catch((retrieveError) => {
            if (isStripeMissing(retrieveError)) return null
            throw toBillingError(retrieveError)
          })
        if (current === null || ENDED_STATUSES.has(current.status)) return
      }
      throw toBillingError(error)
    }
  }
}
