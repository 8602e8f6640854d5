import { test } from '@japa/runner'
import { DateTime } from 'luxon'
import type { RuleSchedule } from '#rules/definition'
import { TICK_MINUTES, isDue, nextRunAt } from '#rules/services/schedule'

/**
 * The local times (ISO with offset) at which `schedule` is due in `zone`, walking every tick
 * of the UTC day `day` and the two days after it, as the scheduler does.
 */
function runsOver(schedule: RuleSchedule, zone: string, day: string): string[] {
  const runs: string[] = []
  let tick = DateTime.fromISO(`${day}T00:00:00Z`, { zone: 'utc' })
  for (let index = 0; index < (3 * 24 * 60) / TICK_MINUTES; index++) {
    if (isDue(schedule, tick, zone)) runs.push(tick.setZone(zone).toISO()!)
    tick = tick.plus({ minutes: TICK_MINUTES })
  }
  return runs
}

const daily = (time: string): RuleSchedule => ({ type: 'daily', time })

// New York, 2026: clocks jump from 02:00 EST to 03:00 EDT on March 8 and go back from
// 02:00 EDT to 01:00 EST on November 1.
test.group('Rule schedules across daylight saving time', () => {
  test('daily at 02:30 runs once on spring-forward day, at the first tick after the gap', ({
    assert,
  }) => {
    assert.deepEqual(runsOver(daily('02:30'), 'America/New_York', '2026-03-07'), [
      '2026-03-07T02:30:00.000-05:00',
      '2026-03-08T03:00:00.000-04:00',
      '2026-03-09T02:30:00.000-04:00',
    ])
    // The rule's next run after the evening before is that 03:00 EDT tick, not March 9.
    assert.equal(
      nextRunAt(daily('02:30'), ['America/New_York'], DateTime.fromISO('2026-03-08T05:00:00Z'))!
        .toUTC()
        .toISO(),
      '2026-03-08T07:00:00.000Z'
    )
  })

  test('daily at 01:30 runs once on fall-back day, at the first 01:30', ({ assert }) => {
    assert.deepEqual(runsOver(daily('01:30'), 'America/New_York', '2026-10-31'), [
      '2026-10-31T01:30:00.000-04:00',
      '2026-11-01T01:30:00.000-04:00',
      '2026-11-02T01:30:00.000-05:00',
    ])
    // After the first 01:30 (EDT), the next run is the next day's, not the repeated 01:30 EST.
    assert.equal(
      nextRunAt(daily('01:30'), ['America/New_York'], DateTime.fromISO('2026-11-01T05:30:00Z'))!
        .toUTC()
        .toISO(),
      '2026-11-02T06:30:00.000Z'
    )
  })

  test('times outside the changed hour keep their wall-clock time on both days', ({ assert }) => {
    assert.deepEqual(runsOver(daily('09:00'), 'America/New_York', '2026-03-07'), [
      '2026-03-07T09:00:00.000-05:00',
      '2026-03-08T09:00:00.000-04:00',
      '2026-03-09T09:00:00.000-04:00',
    ])
    assert.deepEqual(runsOver(daily('02:00'), 'America/New_York', '2026-10-31'), [
      '2026-10-31T02:00:00.000-04:00',
      '2026-11-01T02:00:00.000-05:00',
      '2026-11-02T02:00:00.000-05:00',
    ])
  })

  test('dayparting slots run once each on both days', ({ assert }) => {
    const sundayNights: RuleSchedule = {
      type: 'dayparting',
      days: [7],
      hours: [1, 2],
      minutes: 30,
    }
    // Spring forward: 02:00 and 02:30 do not exist and run once, at 03:00 EDT.
    assert.deepEqual(runsOver(sundayNights, 'America/New_York', '2026-03-07'), [
      '2026-03-08T01:00:00.000-05:00',
      '2026-03-08T01:30:00.000-05:00',
      '2026-03-08T03:00:00.000-04:00',
    ])
    // Fall back: the repeated 01:00 and 01:30 (EST) do not run again.
    assert.deepEqual(runsOver(sundayNights, 'America/New_York', '2026-10-31'), [
      '2026-11-01T01:00:00.000-04:00',
      '2026-11-01T01:30:00.000-04:00',
      '2026-11-01T02:00:00.000-05:00',
      '2026-11-01T02:30:00.000-05:00',
    ])
  })
})
