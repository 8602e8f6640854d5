import type { HttpContext } from '@adonisjs/core/http'
import { inject } from '@adonisjs/core'
import Plan from '#accounts/models/plan'
import PlanTransformer from '#accounts/transformers/plan_transformer'
import { BillingSettings } from '#billing/services/billing_settings'

/**
 * GET /subscription: the Plans page. Visitors get the page too; it shows the 'Unauthorized'
 * toast and goes to /api/login (as the other signed-in pages do).
 */
export default class SubscriptionPageController {
  @inject()
  async show({ inertia }: HttpContext, settings: BillingSettings) {
    const plans = await Plan.query().orderBy('sort_order', 'asc')
    return inertia.render('subscription/index', {
      plans: PlanTransformer.transform(plans),
      billing: {
        mode: settings.mode,
        publishableKey: settings.publishableKey,
      },
    })
  }
}
