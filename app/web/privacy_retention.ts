import app from '@adonisjs/core/services/app'
import string from '@adonisjs/core/helpers/string'
import config from '@adonisjs/core/services/config'
import { CallLog } from '#usage/services/call_log'
import { PruneAuditLog } from '#admin/actions/prune_audit_log'
import { CLI_TOKEN_LIFETIME_SECONDS } from '#keys/services/device_codes'
import type { PrivacyRetention } from '#web/types'

export type { PrivacyRetention }

/** Reads the periods from the settings in force, so the privacy page never states a stale one. */
export async function privacyRetention(): Promise<PrivacyRetention> {
  const callLog = await app.container.make(CallLog)
  return {
    callLogDays: callLog.retentionDays,
    auditLogDays: new PruneAuditLog().retentionDays,
    sessionInactivityDays: Math.round(
      string.seconds.parse(config.get<string | number>('session.age', '7d')) / 86_400
    ),
    cliTokenDays: CLI_TOKEN_LIFETIME_SECONDS / 86_400,
  }
}
