import type { HttpContext } from '@adonisjs/core/http'
import { inject } from '@adonisjs/core'
import { CreateSubscription } from '#billing/actions/create_subscription'
import { PreviewSubscriptionChange } from '#billing/actions/preview_subscription_change'
import { GetPendingPayment } from '#billing/actions/get_pending_payment'
import { FinalizeSubscription } from '#billing/actions/finalize_subscription'
import { ValidateInvitationCode } from '#billing/actions/validate_invitation_code'
import { KeepCurrentPlan } from '#billing/actions/keep_current_plan'
import { toBillingError } from '#billing/services/stripe_gateway'
import { AppError } from '#shared/errors'
import {
  createSubscriptionValidator,
  previewSubscriptionChangeValidator,
  validateInvitationCodeValidator,
} from '#billing/validators/billing'

/** Runs a billing action, turning Stripe SDK failures into expected errors. */
async function billing<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work()
  } catch (error) {
    throw toBillingError(error)
  }
}

/** Session endpoints of the Subscription page (spec §7). */
export default class SubscriptionsController {
  /** POST /api/create-subscription → {changeType, message} | {clientSecret, intentType} | {message} */
  @inject()
  async create({ auth, request }: HttpContext, action: CreateSubscription) {
    const { planId, invitationCode } = await request.validateUsing(createSubscriptionValidator)
    return billing(() => action.execute(auth.user!, planId, invitationCode))
  }

  /** POST /api/preview-subscription-change → the subscription preview of spec §3 */
  @inject()
  async preview({ auth, request }: HttpContext, action: PreviewSubscriptionChange) {
    const { planId } = await request.validateUsing(previewSubscriptionChangeValidator)
    return billing(() => action.execute(auth.user!.id, planId))
  }

  /**
   * GET /api/subscription/client-secret → {clientSecret, intentType, planId}, or 404. A cleaned
   * orphan answers 404 with `code: "orphan_cleaned"` at the top level too (the page reads it).
   */
  @inject()
  async clientSecret({ auth, response }: HttpContext, action: GetPendingPayment) {
    try {
      return await billing(() => action.execute(auth.user!.id))
    } catch (error) {
      if (error instanceof AppError && error.code === 'orphan_cleaned') {
        return response
          .status(404)
          .send({ code: error.code, message: error.message, ...error.toJSON() })
      }
      throw error
    }
  }

  /** POST /api/finalize-subscription → {planName} */
  @inject()
  async finalize({ auth }: HttpContext, action: FinalizeSubscription) {
    return billing(() => action.execute(auth.user!.id))
  }

  /** POST /api/subscription/keep-plan → {message}: cancels the change scheduled for the period end */
  @inject()
  async keepPlan({ auth }: HttpContext, action: KeepCurrentPlan) {
    return billing(() => action.execute(auth.user!.id))
  }

  /** POST /api/validate-invitation-code {code} → {valid, planId, message} */
  @inject()
  async validateInvitationCode({ auth, request }: HttpContext, action: ValidateInvitationCode) {
    const { code } = await request.validateUsing(validateInvitationCodeValidator)
    return action.execute(auth.user!.id, code)
  }
}
