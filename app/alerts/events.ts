/**
 * The contract between the modules that have something to tell a user and the alerts module,
 * which owns delivery (in-app notification centre, email, Slack/webhooks), preferences, quiet
 * hours, digests and deduplication. A producer emits `alert:raised` with the AdonisJS emitter
 * (`emitter.emit('alert:raised', {...})`) and never talks to a channel itself.
 */

/** Every kind of alert a user can receive, and so choose channels for. */
export const ALERT_TYPES = [
  /** An automated rule acted (or, in dry-run mode, would have acted) on some objects. */
  'rule_fired',
  /** An automated rule in approval mode has a previewed write waiting for a person. */
  'rule_approval_needed',
  /** An ad account's spend went above the user's threshold. */
  'spend_threshold',
  /** The Meta connection's token expires within 7 days. */
  'meta_token_expiring',
  /** Meta refused the stored token (expired, revoked, password changed). */
  'meta_token_invalid',
  /** The monthly request quota reached 80 %. */
  'quota_80',
  /** The monthly request quota is used up. */
  'quota_100',
  /** A lead arrived from a Meta lead form (Agency). */
  'lead_received',
] as const

export type AlertType = (typeof ALERT_TYPES)[number]

/** What a producer hands to the alerts module. */
export interface RaisedAlert {
  userId: number
  type: AlertType
  /**
   * Identifies "the same alert for the same object": alerts with an equal key are delivered at
   * most once per the type's cooldown (e.g. `quota_80:2026-11`, `rule_fired:12:campaign:1234`).
   */
  dedupeKey: string
  /** One line, plain text (e.g. "Stop-loss paused 2 ad sets"). */
  title: string
  /** A few sentences, plain text, with the figures that matter. */
  message: string
  /** Path in the app where the user can act, e.g. `/rules/12/runs/80`. */
  url?: string
  /** Structured details for webhooks (JSON-serialisable, no secrets). */
  data?: Record<string, unknown>
  /** When the underlying event happened; defaults to the time of emission. */
  occurredAt?: Date
}

declare module '@adonisjs/core/types' {
  interface EventsList {
    'alert:raised': RaisedAlert
  }
}
