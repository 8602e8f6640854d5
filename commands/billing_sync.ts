import { BaseCommand } from '@adonisjs/core/ace'
import type { CommandOptions } from '@adonisjs/core/types/ace'

/**
 * `node ace billing:sync` (npm run billing:sync): creates or finds the Stripe product and
 * monthly price of every paid plan and stores their ids on the plans table. Safe to re-run.
 */
export default class BillingSync extends BaseCommand {
  static commandName = 'billing:sync'
  static description =
    'Create or find the Stripe products and prices of the paid plans and store their ids'
  static options: CommandOptions = { startApp: true }

  async run() {
    const { BillingSettings } = await import('#billing/services/billing_settings')
    const { SyncStripeCatalog } = await import('#billing/actions/sync_stripe_catalog')
    const settings = await this.app.container.make(BillingSettings)
    if (!settings.config.stripe.secretKey) {
      this.logger.error('STRIPE_SECRET_KEY is not set: there is no Stripe account to sync with.')
      this.exitCode = 1
      return
    }
    const action = await this.app.container.make(SyncStripeCatalog)
    try {
      const synced = await action.execute()
      for (const plan of synced) {
        const what = [
          plan.created.product ? 'created product' : 'found product',
          plan.created.price ? 'created price' : 'found price',
        ]
        this.logger.success(
          `${plan.planId}: ${plan.productId} / ${plan.priceId} (${what.join(', ')})`
        )
      }
    } catch (error) {
      this.logger.error(`Stripe refused the sync: ${(error as Error).message}`)
      this.exitCode = 1
    }
  }
}
