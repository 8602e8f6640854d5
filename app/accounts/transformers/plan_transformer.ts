import { BaseTransformer } from '@adonisjs/core/transformers'
import type Plan from '#accounts/models/plan'

/**
 * Public shape of a plan (`GET /api/plans`, the Subscription page's `plans` prop; React reads
 * it as `Data.Accounts.Plan`): `{id, name, landingName, price (dollars), priceCents, currency,
 * requestLimit, features, limitations, popular}`. `features` and `limitations` are the plan
 * card's marketing lines, not the machine-checked features.
 */
export default class PlanTransformer extends BaseTransformer<Plan> {
  toObject() {
    return {
      ...this.pick(this.resource, [
        'id',
        'name',
        'landingName',
        'priceCents',
        'currency',
        'requestLimit',
        'features',
        'limitations',
        'popular',
      ]),
      price: this.resource.priceCents / 100,
    }
  }
}
