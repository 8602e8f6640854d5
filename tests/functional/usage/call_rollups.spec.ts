import { test } from '@japa/runner'
import db from '@adonisjs/lucid/services/db'
import { CallLog } from '#usage/services/call_log'
import {
  latencyBucketMs,
  rollupPercentiles,
  rollupTopEndpoints,
  windowParts,
} from '#usage/services/call_rollups'
import { fromDbTimestamp } from '#shared/db_time'
import { createApiKey, createUser, setPlan } from '#tests/helpers/factories'
import { callRecord, datedCallLog } from '#tests/helpers/usage'

test.group('Call rollups', () => {
  test('a batch adds per-key hourly totals, status classes, endpoints and latency buckets', async ({
    assert,
  }) => {
    const user = await createUser()
    const { record: token } = await createApiKey(user)
    const callLog = datedCallLog()
    const call = (tokenId: number | null, statusCode: number, ms: number, iso: string) =>
      callLog.record(
        callRecord(user.id, {
          tokenId,
          endpoint: statusCode === 404 ? '/api/v1/nothing' : '/api/v1/me',
          status: statusCode,
          ms,
          at: new Date(iso),
        })
      )
    call(token.id, 200, 12, '2026-11-21T10:05:00Z')
    call(token.id, 302, 12, '2026-11-21T10:59:59Z')
    call(token.id, 404, 123, '2026-11-21T10:30:00Z')
    call(token.id, 503, 1234, '2026-11-21T11:00:00Z')
    call(null, 200, 7, '2026-11-21T10:10:00Z')
    // A status outside 2xx-5xx (none of Adrelay's routes answers one) counts as "other".
    call(null, 101, 7, '2026-11-21T10:20:00Z')
    await callLog.flush()
    // A second batch adds to the same hour rather than writing a second row.
    call(token.id, 200, 12, '2026-11-21T10:45:00Z')
    await callLog.flush()

    const totals = await db
      .from('api_call_rollups')
      .where('user_id', user.id)
      .orderBy('hour', 'asc')
      .orderBy('token_id', 'asc')
    assert.deepEqual(
      totals.map((row) => ({
        tokenId: Number(row.token_id),
        hour: fromDbTimestamp(row.hour).toISOString(),
        calls: Number(row.calls),
        successes: Number(row.successes),
        classes: [row.status_2xx, row.status_3xx, row.status_4xx, row.status_5xx].map(Number),
        other: Number(row.status_other),
      })),
      [
        {
          tokenId: 0,
          hour: '2026-11-21T10:00:00.000Z',
          calls: 2,
          successes: 1,
          classes: [1, 0, 0, 0],
          other: 1,
        },
        {
          tokenId: token.id,
          hour: '2026-11-21T10:00:00.000Z',
          calls: 4,
          successes: 3,
          classes: [2, 1, 1, 0],
          other: 0,
        },
        {
          tokenId: token.id,
          hour: '2026-11-21T11:00:00.000Z',
          calls: 1,
          successes: 0,
          classes: [0, 0, 0, 1],
          other: 0,
        },
      ]
    )

    const endpoints = await db
      .from('api_call_endpoint_rollups')
      .where({ user_id: user.id, token_id: token.id })
      .where('hour', '2026-11-21 10:00:00')
      .orderBy('endpoint', 'asc')
    assert.deepEqual(
      endpoints.map((row) => [row.endpoint, Number(row.calls), Number(row.successes)]),
      [
        ['/api/v1/me', 3, 3],
        ['/api/v1/nothing', 1, 0],
      ]
    )

    const buckets = await db
      .from('api_call_latency_rollups')
      .where({ user_id: user.id, token_id: token.id })
      .orderBy('bucket_ms', 'asc')
    assert.deepEqual(
      buckets.map((row) => [Number(row.bucket_ms), Number(row.calls)]),
      [
        [12, 3],
        [130, 1],
        [1300, 1],
      ]
    )
  })

  test('histogram buckets are exact below 100 ms and at most 10 % high above', ({ assert }) => {
    assert.equal(latencyBucketMs(0), 0)
    assert.equal(latencyBucketMs(99.4), 99)
    assert.equal(latencyBucketMs(100), 100)
    assert.equal(latencyBucketMs(101), 110)
    assert.equal(latencyBucketMs(999), 1000)
    assert.equal(latencyBucketMs(12_345), 13_000)
    for (let ms = 1; ms < 200_000; ms += 37) {
      const bucket = latencyBucketMs(ms)
      assert.isAtLeast(bucket, ms)
      assert.isBelow((bucket - ms) / ms, 0.1)
    }
  })

  test('percentiles read whole days from the daily histogram and the edge hours from the hourly one', async ({
    assert,
  }) => {
    const user = await createUser()
    const { record: token } = await createApiKey(user)
    const callLog = datedCallLog()
    // Four days of calls, two an hour, with latencies that differ per day and hour, so a
    // window that miscounted a day or an edge hour would move its percentiles.
    const calls: Array<{ at: Date; ms: number }> = []
    for (let hour = 0; hour < 96; hour++) {
      for (const minute of [5, 35]) {
        const at = new Date(Date.UTC(2026, 10, 10, hour, minute))
        const ms = 3 + ((hour * 7 + minute) % 60) + Math.floor(hour / 24) * 40
        calls.push({ at, ms })
        callLog.record(
          callRecord(user.id, {
            tokenId: hour % 2 === 0 ? token.id : null,
            endpoint: '/api/v1/usage',
            ms,
            at,
          })
        )
      }
    }
    await callLog.flush()

    // The daily table holds each day's histogram per credential.
    const daily = await db
      .from('api_call_latency_daily_rollups')
      .where('user_id', user.id)
      .select('hour', 'token_id', db.raw('SUM(calls) as calls'))
      .groupBy('hour', 'token_id')
    assert.deepEqual(
      daily
        .map((row) => `${fromDbTimestamp(row.hour).toISOString()} ${row.token_id} ${row.calls}`)
        .sort(),
      ['10', '11', '12', '13'].flatMap((day) => [
        `2026-11-${day}T00:00:00.000Z 0 24`,
        `2026-11-${day}T00:00:00.000Z ${token.id} 24`,
      ])
    )

    // Nearest rank over the bucket bounds of the calls in the window's hours.
    const expected = (from: Date, to: Date, quantiles: number[]) => {
      const first = Math.floor(from.getTime() / 3_600_000) * 3_600_000
      const values = calls
        .filter(
          ({ at }) =>
            at.getTime() >= first && Math.floor(at.getTime() / 3_600_000) * 3_600_000 < to.getTime()
        )
        .map(({ ms }) => latencyBucketMs(ms))
        .sort((a, b) => a - b)
      return quantiles.map((q) => values[Math.max(1, Math.ceil(q * values.length)) - 1])
    }
    const quantiles = [0.1, 0.5, 0.9, 0.99]
    const windows: Array<[string, string]> = [
      ['2026-11-10T00:00:00Z', '2026-11-14T00:00:00Z'], // four whole days
      ['2026-11-10T10:30:00Z', '2026-11-13T05:00:01Z'], // edges on both sides
      ['2026-11-10T23:00:00Z', '2026-11-12T00:00:00Z'], // one edge hour, then one day
      ['2026-11-11T03:00:00Z', '2026-11-11T21:00:00Z'], // inside one day: hours only
      ['2026-11-12T00:00:00Z', '2026-11-12T23:00:01Z'], // the day's last hour starts before `to`
    ]
    for (const [from, to] of windows) {
      assert.deepEqual(
        await rollupPercentiles(user.id, new Date(from), new Date(to), quantiles),
        expected(new Date(from), new Date(to), quantiles),
        `${from} → ${to}`
      )
    }
  })

  test('top endpoints read whole days from the daily table and the edge hours from the hourly one', async ({
    assert,
  }) => {
    const user = await createUser()
    const { record: token } = await createApiKey(user)
    const callLog = datedCallLog()
    // Four days, three calls an hour. Which endpoint leads changes with the day and with the
    // hour of the day, so a window that miscounted a whole day or an edge hour would reorder
    // or miscount its top endpoints; every fifth call fails.
    const paths = ['/api/v1/usage', '/api/v1/me', '/api/v1/meta/campaigns', '/api/v1/keys']
    const calls: Array<{
      at: Date
      tokenId: number
      method: string
      endpoint: string
      ok: boolean
    }> = []
    let n = 0
    for (let hour = 0; hour < 96; hour++) {
      for (const minute of [5, 25, 45]) {
        const day = Math.floor(hour / 24)
        const endpoint = paths[(day + (hour % 24 < 6 ? 1 : 0) + (minute === 45 ? 2 : 0)) % 4]
        const call = {
          at: new Date(Date.UTC(2026, 10, 10, hour, minute)),
          tokenId: hour % 3 === 0 ? token.id : 0,
          method: minute === 25 && hour % 4 === 0 ? 'POST' : 'GET',
          endpoint,
          ok: n++ % 5 !== 0,
        }
        calls.push(call)
        callLog.record(
          callRecord(user.id, {
            tokenId: call.tokenId || null,
            method: call.method,
            endpoint: call.endpoint,
            status: call.ok ? 200 : 500,
            ms: 5,
            at: call.at,
          })
        )
      }
    }
    await callLog.flush()

    // The daily table holds each day's counts per credential and endpoint.
    const daily = await db
      .from('api_call_endpoint_daily_rollups')
      .where('user_id', user.id)
      .sum('calls as calls')
      .first()
    assert.equal(Number(daily.calls), calls.length)

    // Counted from the calls in the window's hours, most called first, ties by endpoint then
    // method (what the hourly table alone would give).
    const expected = (from: Date, to: Date, limit: number, tokenId: number | null) => {
      const first = Math.floor(from.getTime() / 3_600_000) * 3_600_000
      const counts = new Map<
        string,
        { method: string; endpoint: string; calls: number; failed: number }
      >()
      for (const call of calls) {
        const hour = Math.floor(call.at.getTime() / 3_600_000) * 3_600_000
        if (call.at.getTime() < first || hour >= to.getTime()) continue
        if (tokenId !== null && call.tokenId !== tokenId) continue
        const key = `${call.method} ${call.endpoint}`
        const entry = counts.get(key) ?? {
          method: call.method,
          endpoint: call.endpoint,
          calls: 0,
          failed: 0,
        }
        entry.calls++
        if (!call.ok) entry.failed++
        counts.set(key, entry)
      }
      return [...counts.values()]
        .sort(
          (a, b) =>
            b.calls - a.calls ||
            (a.endpoint < b.endpoint ? -1 : a.endpoint > b.endpoint ? 1 : 0) ||
            (a.method < b.method ? -1 : 1)
        )
        .slice(0, limit)
    }
    const windows: Array<[string, string]> = [
      ['2026-11-10T00:00:00Z', '2026-11-14T00:00:00Z'], // four whole days
      ['2026-11-10T10:30:00Z', '2026-11-13T05:00:01Z'], // edges on both sides
      ['2026-11-10T20:00:00Z', '2026-11-12T03:00:00Z'], // edge hours, one day, edge hours
      ['2026-11-11T03:00:00Z', '2026-11-11T21:00:00Z'], // inside one day: hours only
      ['2026-11-12T00:00:00Z', '2026-11-12T23:00:01Z'], // the day's last hour starts before `to`
    ]
    for (const [from, to] of windows) {
      for (const tokenId of [null, token.id, 0]) {
        for (const limit of [3, 8]) {
          assert.deepEqual(
            await rollupTopEndpoints(user.id, new Date(from), new Date(to), limit, tokenId),
            expected(new Date(from), new Date(to), limit, tokenId),
            `${from} → ${to}, credential ${tokenId}, top ${limit}`
          )
        }
      }
    }
  })

  test('whole months are read from the monthly tables, and this month so far is one part', async ({
    assert,
  }) => {
    const user = await createUser()
    const { record: token } = await createApiKey(user)
    const callLog = datedCallLog()
    // From 28 September to 3 November 2026, a call every 5 hours, with latencies and endpoints
    // that change with the month and the hour, so a window that miscounted a month, a day or
    // an edge hour would move its percentiles or reorder its endpoints.
    const paths = ['/api/v1/usage', '/api/v1/me', '/api/v1/meta/campaigns']
    const calls: Array<{ at: Date; ms: number; endpoint: string; ok: boolean }> = []
    const start = Date.UTC(2026, 8, 28, 2, 10)
    for (let at = start; at < Date.UTC(2026, 10, 3, 23); at += 5 * 3_600_000) {
      const date = new Date(at)
      const n = calls.length
      const call = {
        at: date,
        ms: 4 + ((n * 13) % 90) + date.getUTCMonth() * 30,
        endpoint: paths[(n + date.getUTCMonth()) % 3],
        ok: n % 7 !== 0,
      }
      calls.push(call)
      callLog.record(
        callRecord(user.id, {
          tokenId: n % 2 === 0 ? token.id : null,
          endpoint: call.endpoint,
          status: call.ok ? 200 : 503,
          ms: call.ms,
          at: date,
        })
      )
    }
    await callLog.flush()

    // The monthly tables hold each month's calls.
    for (const table of ['api_call_latency_monthly_rollups', 'api_call_endpoint_monthly_rollups']) {
      const months = await db
        .from(table)
        .where('user_id', user.id)
        .select('hour', db.raw('SUM(calls) as calls'))
        .groupBy('hour')
      const counted = (month: number) => calls.filter(({ at }) => at.getUTCMonth() === month).length
      assert.deepEqual(
        months
          .map((row) => `${fromDbTimestamp(row.hour).toISOString()} ${Number(row.calls)}`)
          .sort(),
        [
          `2026-09-01T00:00:00.000Z ${counted(8)}`,
          `2026-10-01T00:00:00.000Z ${counted(9)}`,
          `2026-11-01T00:00:00.000Z ${counted(10)}`,
        ],
        table
      )
    }

    const inWindow = (from: Date, to: Date) => {
      const first = Math.floor(from.getTime() / 3_600_000) * 3_600_000
      return calls.filter(
        ({ at }) =>
          at.getTime() >= first && Math.floor(at.getTime() / 3_600_000) * 3_600_000 < to.getTime()
      )
    }
    const windows: Array<[string, string]> = [
      ['2026-10-01T00:00:00Z', '2026-11-01T00:00:00Z'], // one whole month
      ['2026-09-28T10:30:00Z', '2026-11-02T05:00:01Z'], // hours, days, a month, a day, hours
      ['2026-09-29T00:00:00Z', '2026-11-03T00:00:00Z'], // days, a month, days
      ['2026-10-31T22:00:00Z', '2026-11-01T03:00:00Z'], // hours across the month's end
    ]
    for (const [from, to] of windows) {
      const window = inWindow(new Date(from), new Date(to))
      const values = window.map(({ ms }) => latencyBucketMs(ms)).sort((a, b) => a - b)
      assert.deepEqual(
        await rollupPercentiles(user.id, new Date(from), new Date(to), [0.5, 0.95]),
        [0.5, 0.95].map((q) => values[Math.max(1, Math.ceil(q * values.length)) - 1]),
        `percentiles ${from} → ${to}`
      )
      const top = await rollupTopEndpoints(user.id, new Date(from), new Date(to), 3)
      for (const { endpoint, calls: counted, failed } of top) {
        const mine = window.filter((call) => call.endpoint === endpoint)
        assert.equal(counted, mine.length, `${endpoint} ${from} → ${to}`)
        assert.equal(failed, mine.filter(({ ok }) => !ok).length, `${endpoint} ${from} → ${to}`)
      }
      assert.equal(
        top.reduce((sum, { calls: counted }) => sum + counted, 0),
        window.length,
        `every call of ${from} → ${to} in the top 3`
      )
    }

    // How windows are cut: the month's whole range in one monthly part when the window
    // reaches past now (no call is logged in the future), days and hours otherwise.
    const at = (iso: string) => new Date(iso)
    const cut = (from: string, to: string, now: string) =>
      windowParts(at(from), at(to), at(now)).map(
        (part) => `${part.grain} ${part.from.toISOString()} ${part.to.toISOString()}`
      )
    assert.deepEqual(cut('2026-11-01T00:00:00Z', '2026-11-20T08:00:01Z', '2026-11-20T08:00:00Z'), [
      'monthly 2026-11-01T00:00:00.000Z 2026-12-01T00:00:00.000Z',
    ])
    assert.deepEqual(cut('2026-11-01T00:00:00Z', '2026-11-20T08:00:01Z', '2026-11-21T00:00:00Z'), [
      'daily 2026-11-01T00:00:00.000Z 2026-11-20T00:00:00.000Z',
      'hourly 2026-11-20T00:00:00.000Z 2026-11-20T08:00:01.000Z',
    ])
    assert.deepEqual(cut('2026-09-28T10:30:00Z', '2026-11-02T05:00:01Z', '2026-11-28T00:00:00Z'), [
      'monthly 2026-10-01T00:00:00.000Z 2026-11-01T00:00:00.000Z',
      'daily 2026-09-29T00:00:00.000Z 2026-10-01T00:00:00.000Z',
      'daily 2026-11-01T00:00:00.000Z 2026-11-02T00:00:00.000Z',
      'hourly 2026-09-28T10:30:00.000Z 2026-09-29T00:00:00.000Z',
      'hourly 2026-11-02T00:00:00.000Z 2026-11-02T05:00:01.000Z',
    ])
  })

  test('this month so far, read from the monthly tables, counts every call up to now', async ({
    assert,
  }) => {
    const user = await createUser()
    const callLog = new CallLog(60_000, 100_000)
    const now = new Date()
    const monthStart = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1))
    // Calls from the month's first second to the current second, and one in the last month.
    const times = [
      monthStart.getTime(),
      now.getTime() - 1000,
      Math.floor(now.getTime() / 1000) * 1000,
    ]
    for (const [index, time] of [...times, monthStart.getTime() - 1000].entries()) {
      callLog.record(
        callRecord(user.id, { endpoint: '/api/v1/usage', ms: 10 + index * 20, at: new Date(time) })
      )
    }
    await callLog.flush()

    const to = new Date(now.getTime() + 1000)
    assert.deepEqual(
      windowParts(monthStart, to, now).map(({ grain }) => grain),
      ['monthly']
    )
    assert.deepEqual(await rollupTopEndpoints(user.id, monthStart, to, 5), [
      { method: 'GET', endpoint: '/api/v1/usage', calls: 3, failed: 0 },
    ])
    assert.deepEqual(await rollupPercentiles(user.id, monthStart, to, [0, 1]), [10, 50])
  })

  test('Advanced Analytics percentiles come from the histogram (upper bucket bound)', async ({
    client,
    assert,
  }) => {
    const user = await createUser()
    await setPlan(user, 'trafficker')
    const callLog = new CallLog(60_000, 10_000)
    for (const ms of [10, 20, 30, 40, 50, 60, 70, 80, 123, 1234]) {
      callLog.record(callRecord(user.id, { ms }))
    }
    await callLog.flush()
    const response = await client.get('/api/usage/analytics').loginAs(user)
    response.assertStatus(200)
    // Ranks 5 and 10 of 10: 50 ms exactly; 1234 ms reported as its bucket bound 1300 ms.
    assert.deepEqual(response.body().responseTimeMs, { p50: 50, p95: 1300 })
    assert.equal(response.body().totals.calls, 10)
  })
})
