import { rollupPlatformCalls } from '#usage/services/call_rollups'

/**
 * Metered calls logged platform-wide (every user) in `[from, to)`, read from the hourly call
 * rollups, so hour-aligned windows (the admin's "API calls today") are exact.
 */
export class CountPlatformCalls {
  execute(from: Date, to: Date): Promise<number> {
    return rollupPlatformCalls(from, to)
  }
}
