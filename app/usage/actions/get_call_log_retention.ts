import { inject } from '@adonisjs/core'
import { CallLog } from '#usage/services/call_log'

/**
 * How long the call log is kept, in days: the raw call records (`CALL_LOG_RETENTION_DAYS`,
 * default 90) and their hourly rollups (`USAGE_ROLLUP_RETENTION_DAYS`, default 400).
 */
@inject()
export class GetCallLogRetention {
  constructor(private callLog: CallLog) {}

  /** Days raw call records (method, endpoint, status, time of each call) are kept. */
  execute(): number {
    return this.callLog.retentionDays
  }

  /** Days the hourly rollups (counts per hour, key and endpoint; no single call) are kept. */
  rollupDays(): number {
    return this.callLog.rollupRetentionDays
  }
}
