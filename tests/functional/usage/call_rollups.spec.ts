import { test } from '@japa/runner'
import db from '@adonisjs/lucid/services/db'
import { CallLog } from '#usage/services/call_log'
import { latencyBucketMs } from '#usage/services/call_rollups'
import { fromDbTimestamp } from '#shared/db_time'
import { createApiKey, createUser, setPlan } from '#tests/helpers/factories'

test.group('Call rollups', () => {
  test('a batch adds per-key hourly totals, status classes, endpoints and latency buckets', async ({
    assert,
  }) => {
    const user = await createUser()
    const { record: token } = await createApiKey(user)
    const callLog = new CallLog(60_000, 10_000)
    const call = (tokenId: number | null, statusCode: number, ms: number, iso: string) =>
      callLog.record({
        userId: user.id,
        tokenId,
        method: 'GET',
        endpoint: statusCode === 404 ? '/api/v1/nothing' : '/api/v1/me',
        statusCode,
        responseTimeMs: ms,
        createdAt: new Date(iso),
      })
    call(token.id, 200, 12, '2026-11-21T10:05:00Z')
    call(token.id, 302, 12, '2026-11-21T10:59:59Z')
    call(token.id, 404, 123, '2026-11-21T10:30:00Z')
    call(token.id, 503, 1234, '2026-11-21T11:00:00Z')
    call(null, 200, 7, '2026-11-21T10:10:00Z')
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
      })),
      [
        {
          tokenId: 0,
          hour: '2026-11-21T10:00:00.000Z',
          calls: 1,
          successes: 1,
          classes: [1, 0, 0, 0],
        },
        {
          tokenId: token.id,
          hour: '2026-11-21T10:00:00.000Z',
          calls: 4,
          successes: 3,
          classes: [2, 1, 1, 0],
        },
        {
          tokenId: token.id,
          hour: '2026-11-21T11:00:00.000Z',
          calls: 1,
          successes: 0,
          classes: [0, 0, 0, 1],
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

  test('Advanced Analytics percentiles come from the histogram (upper bucket bound)', async ({
    client,
    assert,
  }) => {
    const user = await createUser()
    await setPlan(user, 'trafficker')
    const callLog = new CallLog(60_000, 10_000)
    for (const ms of [10, 20, 30, 40, 50, 60, 70, 80, 123, 1234]) {
      callLog.record({
        userId: user.id,
        tokenId: null,
        method: 'GET',
        endpoint: '/api/v1/me',
        statusCode: 200,
        responseTimeMs: ms,
        createdAt: new Date(),
      })
    }
    await callLog.flush()
    const response = await client.get('/api/usage/analytics').loginAs(user)
    response.assertStatus(200)
    // Ranks 5 and 10 of 10: 50 ms exactly; 1234 ms reported as its bucket bound 1300 ms.
    assert.deepEqual(response.body().responseTimeMs, { p50: 50, p95: 1300 })
    assert.equal(response.body().totals.calls, 10)
  })
})
