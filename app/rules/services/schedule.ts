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

/**
 * Whether `schedule` is due at `tick` for an ad account in `zone` (IANA name).
 *
 * `every` counts local quarter hours. Daily and dayparting schedules name wall-clock slots
 * (`09:00`; each chosen hour at every `minutes`) that run once per local day (ADR 0013): at the
 * first tick of that local day whose wall-clock time has reached the slot. On an ordinary day
 * that is the slot itself; on a spring-forward day a slot inside the gap (02:30 in New York)
 * runs at the first tick after the gap (03:00); on a fall-back day a slot in the repeated hour
 * (01:30) runs at its first occurrence only.
 */
export function isDue(schedule: RuleSchedule, tick: DateTime, zone: string): boolean {
  const local = tick.setZone(zone)
  const zoned = local.isValid ? local : tick.toUTC()
  if (schedule.type === 'every') return zoned.minute % schedule.minutes === 0
  if (schedule.type === 'dayparting' && !schedule.days.includes(zoned.weekday)) return false
  const now = wallMinute(zoned)
  const previous = tick.minus({ minutes: TICK_MINUTES }).setZone(zoned.zone)
  const sameDay = previous.toISODate() === zoned.toISODate()
  // Usually the previous tick shows the latest time this local day has reached so far.
  if (!hasSlotIn(schedule, sameDay ? wallMinute(previous) : -1, now)) return false
  // After clocks went back earlier this day, a later time was shown before: a slot it
  // reached already ran.
  const wentBack = sameDay && zoned.startOf('day').offset > zoned.offset
  return !wentBack || hasSlotIn(schedule, latestReachedBefore(tick, zoned), now)
}

/** Whether a wall-clock slot of `schedule` (daily or dayparting) lies in (`after`, `upTo`]. */
function hasSlotIn(schedule: RuleSchedule, after: number, upTo: number): boolean {
  if (schedule.type === 'daily') {
    const slot = parseTime(schedule.time)
    return after < slot && slot <= upTo
  }
  if (schedule.type !== 'dayparting') return false
  for (const hour of schedule.hours) {
    for (let minute = 0; minute < 60; minute += schedule.minutes) {
      const slot = hour * 60 + minute
      if (after < slot && slot <= upTo) return true
    }
  }
  return false
}

/** `HH:mm` → minutes after midnight. */
function parseTime(time: string): number {
  const [hours, minutes] = time.split(':').map(Number)
  return hours * 60 + minutes
}

/** The wall-clock time of `local`, in minutes after its midnight. */
function wallMinute(local: DateTime): number {
  return local.hour * 60 + local.minute
}

/**
 * The latest wall-clock time (minutes after midnight) that an earlier tick of the same local
 * day as `local` (the zoned `tick`) showed, walking back through that day's ticks; -1 when
 * there is none. Only needed on a day whose clocks went back.
 */
function latestReachedBefore(tick: DateTime, local: DateTime): number {
  const day = local.toISODate()
  let latest = -1
  // A local day holds at most 25 hours of ticks (26 where clocks go back by two hours).
  for (let step = 1; step <= 27 * (60 / TICK_MINUTES); step++) {
    const earlier = tick.minus({ minutes: step * TICK_MINUTES }).setZone(local.zone)
    if (earlier.toISODate() !== day) break
    latest = Math.max(latest, wallMinute(earlier))
  }
  return latest
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
