import type { HttpContext } from '@adonisjs/core/http'
import Plan from '#accounts/models/plan'
import PlanTransformer from '#accounts/transformers/plan_transformer'

/** GET /api/plans (public): the plan catalogue for the landing page, plan modal and billing. */
export default class PlansController {
  async index({ serialize }: HttpContext) {
    const plans = await Plan.query().orderBy('sort_order', 'asc')
    return serialize(PlanTransformer.transform(plans))
  }
}
