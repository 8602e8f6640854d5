import app from '@adonisjs/core/services/app'
import string from '@adonisjs/core/helpers/string'
import config from '@adonisjs/core/services/config'
import { GetCallLogRetention } from '#usage/actions/get_call_log_retention'
import { PruneAuditLog } from '#admin/actions/prune_audit_log'
import { CLI_TOKEN_LIFETIME_SECONDS } from '#keys/actions/exchange_device_code'
import type { PrivacyRetention } from '#web/types'

export type { PrivacyRetention }

/** Reads the periods from the settings in force, so the privacy page never states a stale one. */
export async function privacyRetention(): Promise<PrivacyRetention> {
  const callLogRetention = await app.container.make(GetCallLogRetention)
  return {
    callLogDays: callLogRetention.execute(),
    callRollupDays: callLogRetention.rollupDays(),
    auditLogDays: new PruneAuditLog().retentionDays,
    sessionInactivityDays: Math.round(
      string.seconds.parse(config.get<string | number>('session.age', '7d')) / 86_400
    ),
    cliTokenDays: CLI_TOKEN_LIFETIME_SECONDS / 86_400,
  }
}
