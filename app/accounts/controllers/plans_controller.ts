import Plan from '#accounts/models/plan'
import { toPublicPlan } from '#accounts/transformers/plan'

/** GET /api/plans (public): the plan catalogue for the landing page, plan modal and billing. */
export default class PlansController {
  async index() {
    const plans = await Plan.query().orderBy('sort_order', 'asc')
    return plans.map(toPublicPlan)
  }
}
