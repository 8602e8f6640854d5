import { type DateTime } from 'luxon'
import type { RuleSchedule } from '#rules/definition'

/**
 * Rule schedules on a 15-minute grid (ADR 0013). A tick is the UTC instant that starts a
 * 15-minute slot; every real time-zone offset is a multiple of 15 minutes, so a quarter hour in
 * UTC is a quarter hour in every ad account's local time. Daily and dayparting schedules are
 * read in each ad account's time zone: a rule spanning New York and Paris runs "daily at 09:00"
 * for each account at its own 09:00.
 */

export const TICK_MINUTES = 15

/** The tick that contains `at` (UTC, seconds and milliseconds zeroed). */
export function tickOf(at: DateTime): DateTime {
  const utc = at.toUTC().startOf('minute')
  return utc.set({ minute: utc.minute - (utc.minute % TICK_MINUTES) })
}

/** A stable key for a tick, used in the exactly-once claim (`2026-11-23T17:15Z`). */
export function tickKey(tick: DateTime): string {
  return tick.toUTC().toFormat("yyyy-LL-dd'T'HH:mm'Z'")
}

/** Whether `schedule` is due at `tick` for an ad account in `zone` (IANA name). */
export function isDue(schedule: RuleSchedule, tick: DateTime, zone: string): boolean {
  const local = tick.setZone(zone)
  const zoned = local.isValid ? local : tick.toUTC()
  switch (schedule.type) {
    case 'every':
      return zoned.minute % schedule.minutes === 0
    case 'daily':
      return zoned.toFormat('HH:mm') === schedule.time
    case 'dayparting':
      return (
        schedule.days.includes(zoned.weekday) &&
        schedule.hours.includes(zoned.hour) &&
        zoned.minute % schedule.minutes === 0
      )
  }
}

/**
 * The first tick strictly after `after` at which the schedule is due for any of `zones`
 * (searching up to 8 days ahead, which covers every weekly schedule); null if none.
 */
export function nextRunAt(
  schedule: RuleSchedule,
  zones: string[],
  after: DateTime
): DateTime | null {
  const candidates = zones.length > 0 ? zones : ['UTC']
  let tick = tickOf(after).plus({ minutes: TICK_MINUTES })
  const limit = after.plus({ days: 8 })
  while (tick <= limit) {
    if (candidates.some((zone) => isDue(schedule, tick, zone))) return tick
    tick = tick.plus({ minutes: TICK_MINUTES })
  }
  return null
}

/** A schedule in words, for lists ("Every 15 minutes", "Daily at 09:00"). */
export function describeSchedule(schedule: RuleSchedule): string {
  if (schedule.type === 'every') {
    return schedule.minutes === 60 ? 'Every hour' : `Every ${schedule.minutes} minutes`
  }
  if (schedule.type === 'daily') return `Daily at ${schedule.time}`
  const names = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun']
  const days = [...schedule.days].sort().map((day) => names[day - 1])
  const hours = [...schedule.hours].sort((a, b) => a - b)
  return `Every ${schedule.minutes} minutes on ${days.join(', ')} during hours ${hours.join(', ')}`
}
