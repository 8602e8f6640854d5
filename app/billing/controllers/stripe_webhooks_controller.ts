import type { HttpContext } from '@adonisjs/core/http'
import { inject } from '@adonisjs/core'
import { HandleStripeWebhook } from '#billing/actions/handle_stripe_webhook'
import { toBillingError } from '#billing/services/stripe_gateway'

/** POST /api/stripe/webhook (no session, no CSRF: authenticated by the Stripe signature). */
export default class StripeWebhooksController {
  @inject()
  async handle({ request }: HttpContext, action: HandleStripeWebhook) {
    // The bodyparser keeps the unparsed JSON text; the signature covers exactly those bytes.
    const raw = request.raw() ?? ''
    try {
      return await action.execute(raw, request.header('stripe-signature'))
    } catch (error) {
      throw toBillingError(error)
    }
  }
}
