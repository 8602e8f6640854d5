import { inject } from '@adonisjs/core'
import { Metering, type MeteredCall, type QuotaState } from '#usage/services/metering'

/**
 * Meters one call of another module's surface (the MCP server's `tools/call`): the usage
 * module's public entry to its one meter step, `Metering.meter` (count against the
 * credential owner's monthly quota → `run(quota)` → record in the call log with the status
 * REST answers for the outcome). The REST and /internal routes reach the same step through the
 * metered middleware.
 * @throws AppError 429 `quota_exceeded` (recorded, not counted), or whatever `run` throws
 *   (recorded with `httpStatusOf(error)`), unchanged
 */
@inject()
export class MeterCall {
  constructor(private metering: Metering) {}

  execute<T>(
    call: MeteredCall,
    run: (quota: QuotaState) => T | Promise<T>,
    successStatus?: () => number
  ): Promise<T> {
    return this.metering.meter(call, run, successStatus)
  }
}
