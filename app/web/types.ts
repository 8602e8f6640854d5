/* Shapes of the web module's page props (read by the pages through inertia/types.ts). */

/**
 * The retention periods the privacy page states, in days. A type alias, not an interface: page
 * props must be assignable to Inertia's JSON-value index signature.
 */
export type PrivacyRetention = {
  /** API call records (`CALL_LOG_RETENTION_DAYS`, default 90). */
  callLogDays: number
  /** Hourly usage rollups: counts only (`USAGE_ROLLUP_RETENTION_DAYS`, default 400). */
  callRollupDays: number
  /** Admin audit log entries (`AUDIT_LOG_RETENTION_DAYS`, default 400). */
  auditLogDays: number
  /** Session inactivity before a session (cookie and server-side row) expires (config/session.ts `age`). */
  sessionInactivityDays: number
  /** Lifetime of a CLI token from device sign-in. */
  cliTokenDays: number
}
