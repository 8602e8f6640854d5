import { inject } from '@adonisjs/core'
import { CallLog } from '#usage/services/call_log'

/** How long API call records are kept, in days (`CALL_LOG_RETENTION_DAYS`, default 90). */
@inject()
export class GetCallLogRetention {
  constructor(private callLog: CallLog) {}

  execute(): number {
    return this.callLog.retentionDays
  }
}
