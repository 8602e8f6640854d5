import { test } from '@japa/runner'
import { billingPeriodAt } from '#usage/services/billing_period'
import {
  PACE_WINDOW_HOURS,
  forecastUsage,
  paceWindowStart,
  runOutHour,
} from '#usage/services/usage_forecast'

/** A forecast at `at` (ISO) for a UTC month, with the counter and the window's calls. */
function forecastAt(at: string, used: number, limit: number, windowCalls: number) {
  const now = new Date(at)
  const { startsAt, resetsAt } = billingPeriodAt(now)
  return forecastUsage({ now, periodStart: startsAt, resetsAt, used, limit, windowCalls })
}

test.group('Usage forecast: pace window', () => {
  test('mid-month the window is the last 7 days, from an hour boundary', ({ assert }) => {
    const now = new Date('2026-11-23T20:30:00Z')
    const start = paceWindowStart(now, new Date('2026-11-01T00:00:00Z'))
    assert.equal(start.toISOString(), '2026-11-16T20:00:00.000Z')
    assert.equal(PACE_WINDOW_HOURS, 168)
  })

  test('early in the month the window is the month so far', ({ assert }) => {
    const now = new Date('2026-11-03T06:00:00Z')
    const start = paceWindowStart(now, new Date('2026-11-01T00:00:00Z'))
    assert.equal(start.toISOString(), '2026-11-01T00:00:00.000Z')
  })
})

test.group('Usage forecast: projection and run-out date', () => {
  test('a steady pace projects to the month end and runs out on the right day', ({ assert }) => {
    // 30-day November; at 12:00 on the 11th, 168.5 h window with 16,850 calls = 100 calls/h.
    const forecast = forecastAt('2026-11-11T12:30:00Z', 24_000, 100_000, 16_850)
    assert.equal(forecast.pace.windowHours, 168.5)
    assert.equal(forecast.pace.callsPerHour, 100)
    assert.equal(forecast.pace.callsPerDay, 2400)
    // 19 days 11.5 h left = 467.5 h → 24,000 + 46,750
    assert.equal(forecast.projectedTotal, 70_750)
    assert.equal(forecast.projectedPercent, 71)
    assert.equal(forecast.status, 'on_track')
    assert.isNull(forecast.runsOutAt)

    const tight = forecastAt('2026-11-11T12:30:00Z', 24_000, 50_000, 16_850)
    assert.equal(tight.status, 'will_run_out')
    // (50,000 − 24,000) / 100 = 260 h after now
    assert.equal(tight.runsOutAt!.toISOString(), '2026-11-22T08:30:00.000Z')
    assert.equal(tight.projectedTotal, 70_750)
    assert.equal(tight.projectedPercent, 142)
  })

  test('a projection landing exactly on the limit runs out at the month end', ({ assert }) => {
    // 1 call/h over the 168.5 h window; 479.5 h left, so the limit is met at the reset
    const now = '2026-11-11T00:30:00Z'
    const hoursLeft = 720 - 240.5
    const used = 10_000 - hoursLeft
    const forecast = forecastAt(now, used, 10_000, 168.5)
    assert.equal(forecast.status, 'will_run_out')
    assert.equal(forecast.runsOutAt!.toISOString(), '2026-12-01T00:00:00.000Z')
  })

  test('day 1: the divisor is at least one hour', ({ assert }) => {
    const forecast = forecastAt('2026-11-01T00:10:00Z', 30, 10_000, 30)
    assert.equal(forecast.pace.windowHours, 1)
    assert.equal(forecast.pace.callsPerHour, 30)
    // 30 + 30 × (719 h 50 min)
    assert.equal(forecast.projectedTotal, Math.round(30 + 30 * (720 - 10 / 60)))
    assert.equal(forecast.status, 'will_run_out')
    // (10,000 − 30) / 30 h = 332.33 h after now
    assert.equal(
      forecast.runsOutAt!.toISOString(),
      new Date(
        Date.parse('2026-11-01T00:10:00Z') + Math.ceil((9970 / 30) * 3_600_000)
      ).toISOString()
    )
  })

  test('no usage at all is no_data; usage with a quiet week never runs out', ({ assert }) => {
    const empty = forecastAt('2026-11-20T10:00:00Z', 0, 10_000, 0)
    assert.equal(empty.status, 'no_data')
    assert.equal(empty.projectedTotal, 0)
    assert.isNull(empty.runsOutAt)

    const quiet = forecastAt('2026-11-20T10:00:00Z', 4_000, 10_000, 0)
    assert.equal(quiet.status, 'on_track')
    assert.equal(quiet.pace.callsPerHour, 0)
    assert.equal(quiet.projectedTotal, 4_000)
    assert.isNull(quiet.runsOutAt)
  })

  test('a counter at or over the limit has run out, with no future run-out date', ({ assert }) => {
    const over = forecastAt('2026-11-20T10:00:00Z', 10_000, 10_000, 500)
    assert.equal(over.status, 'ran_out')
    assert.isNull(over.runsOutAt)
    assert.isAbove(over.projectedTotal, 10_000)
  })

  test('the last hour of a 31-day month and a leap February', ({ assert }) => {
    const december = forecastAt('2026-12-31T23:30:00Z', 100, 1_000, 168.5)
    assert.equal(december.pace.callsPerHour, 1)
    assert.equal(december.projectedTotal, 101) // 100 + 0.5 h
    const february = forecastAt('2028-02-15T00:00:00Z', 0, 10_000, 168)
    assert.equal(february.projectedTotal, 15 * 24) // 29-day month: 15 days left
  })

  test('refuses a now outside the period and negative counts', ({ assert }) => {
    const { startsAt, resetsAt } = billingPeriodAt(new Date('2026-11-10T00:00:00Z'))
    assert.throws(
      () =>
        forecastUsage({
          now: resetsAt,
          periodStart: startsAt,
          resetsAt,
          used: 0,
          limit: 1,
          windowCalls: 0,
        }),
      /inside the period/
    )
    assert.throws(() => forecastAt('2026-11-10T00:00:00Z', -1, 10, 0), /negative/)
  })
})

test.group('Usage forecast: when a quota ran out', () => {
  test('the first hour by whose end the logged calls reach the limit', ({ assert }) => {
    const hour = (iso: string) => new Date(iso)
    const hourly = [
      { hour: hour('2026-11-03T10:00:00Z'), calls: 40 },
      { hour: hour('2026-11-01T09:00:00Z'), calls: 50 },
      { hour: hour('2026-11-04T00:00:00Z'), calls: 200 },
    ]
    assert.equal(runOutHour(hourly, 90)!.toISOString(), '2026-11-03T10:00:00.000Z')
    assert.equal(runOutHour(hourly, 91)!.toISOString(), '2026-11-04T00:00:00.000Z')
    assert.isNull(runOutHour(hourly, 1_000))
  })
})
