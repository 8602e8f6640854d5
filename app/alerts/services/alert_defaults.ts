import { DateTime } from 'luxon'
import { ALERT_TYPES, type AlertType } from '#alerts/events'
import type { PlanFeature } from '#accounts/plan_catalog'
import type AlertSettings from '#alerts/models/alert_settings'

/** Where an alert can go: the in-app notification centre, the account email, the user's webhooks. */
export const ALERT_CHANNELS = ['in_app', 'email', 'webhook'] as const
export type AlertChannel = (typeof ALERT_CHANNELS)[number]

/**
 * Channels of a user who never changed their preferences: everything in the app and by
 * email, except leads (often many a day) in the app only. Webhooks are opt-in per type.
 */
export const DEFAULT_CHANNELS: Readonly<Record<AlertType, readonly AlertChannel[]>> = {
  rule_fired: ['in_app', 'email'],
  rule_approval_needed: ['in_app', 'email'],
  spend_threshold: ['in_app', 'email'],
  meta_token_expiring: ['in_app', 'email'],
  meta_token_invalid: ['in_app', 'email'],
  quota_80: ['in_app', 'email'],
  quota_100: ['in_app', 'email'],
  lead_received: ['in_app'],
}

/**
 * Deduplication cooldown per type, in seconds: an alert whose `dedupeKey` was let through
 * less than this long ago is dropped. Producers put the object (and, for monthly quota
 * alerts, the month) in the key, so the cooldown only bounds repeats about one object.
 */
export const COOLDOWN_SECONDS: Readonly<Record<AlertType, number>> = {
  rule_fired: 60 * 60,
  rule_approval_needed: 60 * 60,
  spend_threshold: 24 * 60 * 60,
  meta_token_expiring: 24 * 60 * 60,
  meta_token_invalid: 24 * 60 * 60,
  quota_80: 32 * 24 * 60 * 60,
  quota_100: 32 * 24 * 60 * 60,
  // One lead can arrive twice (leadgen webhook and polling): the key is the lead id.
  lead_received: 30 * 24 * 60 * 60,
}

/** The plan feature a user needs to receive each type (alerts: Trafficker+, leads: Agency). */
export function featureFor(type: AlertType): PlanFeature {
  return type === 'lead_received' ? 'lead_tracking' : 'performance_alerts'
}

/** A user's preferences with the defaults filled in (what the pipeline and the screens read). */
export interface ResolvedAlertSettings {
  channels: Record<AlertType, AlertChannel[]>
  timeZone: string
  /** Quiet hours as local `HH:mm` strings, or null when off. */
  quietHours: { start: string; end: string } | null
  digest: { enabled: boolean; hour: number }
  /** Daily spend per ad account above which `spend_threshold` fires, minor units; null = off. */
  spendThresholdMinor: number | null
}

/** Merges a stored row (or none) with the defaults. */
export function resolveSettings(row: AlertSettings | null): ResolvedAlertSettings {
  const channels = {} as Record<AlertType, AlertChannel[]>
  for (const type of ALERT_TYPES) {
    const stored = row?.channels?.[type]
    channels[type] = stored
      ? ALERT_CHANNELS.filter((channel) => stored.includes(channel))
      : [...DEFAULT_CHANNELS[type]]
  }
  const hasQuiet = row && row.quietStartMinute !== null && row.quietEndMinute !== null
  return {
    channels,
    timeZone: row?.timeZone ?? 'UTC',
    quietHours: hasQuiet
      ? { start: formatMinute(row.quietStartMinute!), end: formatMinute(row.quietEndMinute!) }
      : null,
    digest: { enabled: row?.digestEnabled ?? false, hour: row?.digestHour ?? 8 },
    spendThresholdMinor: row?.spendThresholdMinor ?? null,
  }
}

/** `HH:mm` → minutes after midnight (validated by the callers' schemas). */
export function parseMinute(value: string): number {
  const [hours, minutes] = value.split(':').map(Number)
  return hours * 60 + minutes
}

/** Minutes after midnight → `HH:mm`. */
export function formatMinute(value: number): string {
  return `${String(Math.floor(value / 60)).padStart(2, '0')}:${String(value % 60).padStart(2, '0')}`
}

/**
 * When quiet hours are on and `at` falls inside them, the instant they end (outside
 * deliveries wait until then); otherwise null. Quiet hours are read in `timeZone` and may
 * span midnight (22:00-07:00). A start equal to the end means no quiet hours. The end is a
 * wall-clock time: quiet hours ending 07:00 end at 07:00 local on daylight-saving days too
 * (not 7 hours after midnight, which is 06:00 or 08:00 on those days); an end inside a
 * spring-forward gap moves forward by the gap, as Luxon does.
 */
export function quietHoursEnd(settings: ResolvedAlertSettings, at: Date): Date | null {
  if (!settings.quietHours) return null
  const start = parseMinute(settings.quietHours.start)
  const end = parseMinute(settings.quietHours.end)
  if (start === end) return null
  const local = DateTime.fromJSDate(at, { zone: settings.timeZone })
  const minute = local.hour * 60 + local.minute
  const inside = start < end ? minute >= start && minute < end : minute >= start || minute < end
  if (!inside) return null
  const wallClock = { hour: Math.floor(end / 60), minute: end % 60, second: 0, millisecond: 0 }
  let endAt = local.set(wallClock)
  // `plus({ days })` is calendar arithmetic; set the wall clock again for the next day.
  if (endAt <= local) endAt = local.plus({ days: 1 }).set(wallClock)
  return endAt.toUTC().toJSDate()
}
