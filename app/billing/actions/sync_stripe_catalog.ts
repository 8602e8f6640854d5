import { inject } from '@adonisjs/core'
import Plan from '#accounts/models/plan'
import { StripeGateway, isStripeMissing } from '#billing/services/stripe_gateway'
import { priceLookupKey, productIdOf } from '#billing/services/plan_prices'

export interface SyncedPlan {
  planId: string
  productId: string
  priceId: string
  /** What this run did: reused everything, or created the product and/or price. */
  created: { product: boolean; price: boolean }
}

/**
 * `node ace billing:sync`: makes sure every paid plan has a Stripe product (custom id
 * `adrelay_<plan>`) and an active monthly price (lookup key `adrelay_<plan>_monthly`) at the
 * catalogue's amount, and stores both ids on the plan row. Idempotent: it finds what exists
 * first; a changed amount creates a new price and moves the lookup key to it
 * (`transfer_lookup_key`), as Stripe prices are immutable. Create calls carry Idempotency-Keys.
 */
@inject()
export class SyncStripeCatalog {
  constructor(private gateway: StripeGateway) {}

  async execute(): Promise<SyncedPlan[]> {
    const stripe = this.gateway.client
    const plans = await Plan.query().where('price_cents', '>', 0).orderBy('sort_order', 'asc')
    const results: SyncedPlan[] = []

    for (const plan of plans) {
      const productId = productIdOf(plan.id)
      let productCreated = false
      try {
        const product = await stripe.products.retrieve(productId)
        if (!product.active || product.name !== `Adrelay ${plan.name}`) {
          await stripe.products.update(productId, { active: true, name: `Adrelay ${plan.name}` })
        }
      } catch (error) {
        if (!isStripeMissing(error)) throw error
        await stripe.products.create(
          { id: productId, name: `Adrelay ${plan.name}`, metadata: { plan_id: plan.id } },
          { idempotencyKey: `adrelay-product-${productId}` }
        )
        productCreated = true
      }

      const lookupKey = priceLookupKey(plan.id)
      const existing = await stripe.prices.list({
        lookup_keys: [lookupKey],
        active: true,
        limit: 1,
      })
      let price = existing.data.find(
        (candidate) =>
          candidate.unit_amount === plan.priceCents &&
          candidate.currency === plan.currency &&
          candidate.recurring?.interval === 'month' &&
          (typeof candidate.product === 'string' ? candidate.product : candidate.product.id) ===
            productId
      )
      let priceCreated = false
      if (!price) {
        price = await stripe.prices.create(
          {
            product: productId,
            currency: plan.currency,
            unit_amount: plan.priceCents,
            recurring: { interval: 'month' },
            lookup_key: lookupKey,
            transfer_lookup_key: true,
            metadata: { plan_id: plan.id },
          },
          { idempotencyKey: `adrelay-price-${lookupKey}-${plan.currency}-${plan.priceCents}` }
        )
        priceCreated = true
      }

      plan.stripeProductId = productId
      plan.stripePriceId = price.id
      await plan.save()
      results.push({
        planId: plan.id,
        productId,
        priceId: price.id,
        created: { product: productCreated, price: priceCreated },
      })
    }
    return results
  }
}
