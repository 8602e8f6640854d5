import { Job } from '@adonisjs/queue'
import type { JobOptions } from '@adonisjs/queue/types'
import app from '@adonisjs/core/services/app'
import logger from '@adonisjs/core/services/logger'
import db from '@adonisjs/lucid/services/db'
import { planHasFeature } from '#accounts/plan_catalog'
import { entitlementOf } from '#accounts/services/entitlements'
import { LeadSync } from '#leads/services/lead_sync'
import { pruneExpiredLeads } from '#leads/services/lead_retention'

/**
 * Every 15 minutes: pulls new leads of every Agency user with a Meta connection, form by form
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
    const rows = await db.from('meta_connections').where('status', 'connected').select('user_id')
    for (const { user_id: userId } of rows) {
      const { plan } = await entitlementOf(userId)
      if (!planHasFeature(plan.id, 'lead_tracking')) continue
      await sync.poll(userId).catch((error) => {
        logger.info({ err: error, userId }, 'lead poll skipped')
      })
    }
  }
}
