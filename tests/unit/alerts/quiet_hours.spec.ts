import { test } from '@japa/runner'
import {
  DEFAULT_CHANNELS,
  quietHoursEnd,
  type ResolvedAlertSettings,
} from '#alerts/services/alert_defaults'

/** A New York user with quiet hours 22:00-07:00 (New York: EDT UTC−4, EST UTC−5). */
const settings = (quietHours = { start: '22:00', end: '07:00' }): ResolvedAlertSettings => ({
  channels: Object.fromEntries(
    Object.entries(DEFAULT_CHANNELS).map(([type, channels]) => [type, [...channels]])
  ) as ResolvedAlertSettings['channels'],
  timeZone: 'America/New_York',
  quietHours,
  digest: { enabled: false, hour: 8 },
  spendThresholdMinor: null,
})

const endOf = (at: string, quietHours?: { start: string; end: string }) =>
  quietHoursEnd(settings(quietHours), new Date(at))?.toISOString() ?? null

test.group('Quiet hours across daylight saving time', () => {
  test('on an ordinary day they end at 07:00 local', ({ assert }) => {
    // 2026-11-10 03:00 EST → 07:00 EST = 12:00Z
    assert.equal(endOf('2026-11-10T08:00:00Z'), '2026-11-10T12:00:00.000Z')
    // 23:00 EST the evening before → the next morning 07:00 EST
    assert.equal(endOf('2026-11-10T04:00:00Z'), '2026-11-10T12:00:00.000Z')
  })

  test('on the fall-back day (25 hours) they end at 07:00 EST, not 06:00', ({ assert }) => {
    // 2026-11-01 03:00 EST (clocks went back at 02:00 EDT): 07:00 EST is 12:00Z
    assert.equal(endOf('2026-11-01T08:00:00Z'), '2026-11-01T12:00:00.000Z')
    // 00:30 EDT, before the change: still 07:00 EST
    assert.equal(endOf('2026-11-01T04:30:00Z'), '2026-11-01T12:00:00.000Z')
    // 23:00 EDT the evening before
    assert.equal(endOf('2026-11-01T03:00:00Z'), '2026-11-01T12:00:00.000Z')
  })

  test('on the spring-forward day (23 hours) they end at 07:00 EDT, not 08:00', ({ assert }) => {
    // 2026-03-08 04:00 EDT (clocks jumped from 02:00 EST to 03:00 EDT): 07:00 EDT is 11:00Z
    assert.equal(endOf('2026-03-08T08:00:00Z'), '2026-03-08T11:00:00.000Z')
    // 01:00 EST, before the jump
    assert.equal(endOf('2026-03-08T06:00:00Z'), '2026-03-08T11:00:00.000Z')
    // 23:00 EST the evening before
    assert.equal(endOf('2026-03-08T04:00:00Z'), '2026-03-08T11:00:00.000Z')
  })

  test('outside quiet hours nothing waits', ({ assert }) => {
    // 2026-11-01 08:00 EST and 2026-03-08 08:00 EDT
    assert.isNull(endOf('2026-11-01T13:00:00Z'))
    assert.isNull(endOf('2026-03-08T12:00:00Z'))
  })
})
