import { Job } from '@adonisjs/queue'
import type { JobOptions } from '@adonisjs/queue/types'
import app from '@adonisjs/core/services/app'
import logger from '@adonisjs/core/services/logger'
import Subscription from '#accounts/models/subscription'
import { planHasFeature } from '#accounts/plan_catalog'
import { entitlementOf, isSuspended } from '#accounts/actions/resolve_entitlement'
import { LeadSync } from '#leads/services/lead_sync'
import { pruneExpiredLeads } from '#leads/services/lead_retention'

/**
 * Every 15 minutes: pulls new leads of every Agency user with a Meta connection (and prunes leads past the retention period), form by form
 * (only leads newer than the last one stored). A user whose connection fails is skipped
 * until the next run.
 */
export default class PollLeads extends Job<Record<string, never>> {
  static options: JobOptions = {
    name: 'PollLeads',
    queue: 'default',
    maxRetries: 0,
    removeOnComplete: true,
    timeout: '14m',
  }

  async execute() {
    await pruneExpiredLeads()
    const sync = await app.container.make(LeadSync)
    // Agency subscribers (the accounts kernel); those without a Meta connection are skipped.
    const rows = await Subscription.query().where('plan_id', 'agency').select('user_id')
    for (const { userId } of rows) {
      const { plan } = await entitlementOf(userId)
      if (!planHasFeature(plan.id, 'lead_tracking') || (await isSuspended(userId))) continue
      await sync.poll(userId).catch((error) => {
        logger.info({ err: error, userId }, 'lead poll skipped')
      })
    }
  }
}
