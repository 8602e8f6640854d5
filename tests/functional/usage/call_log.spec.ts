import { test } from '@japa/runner'
import db from '@adonisjs/lucid/services/db'
import { CallLog } from '#usage/services/call_log'
import { fromDbTimestamp } from '#shared/db_time'
import { createApiKey, createUser } from '#tests/helpers/factories'
import { callRecord, datedCallLog } from '#tests/helpers/usage'
import app from '@adonisjs/core/services/app'
import { QuotaStore } from '#usage/services/quota_store'
import { readDb } from '#shared/read_connection'

test.group('Call log batch writes', () => {
  test('rows keep every field: no token, quotes and accents, truncation, timestamps', async ({
    assert,
  }) => {
    const user = await createUser()
    const { record: token } = await createApiKey(user)
    const callLog = datedCallLog()
    const at = new Date('2026-11-21T10:15:30.900Z')
    callLog.record({
      userId: user.id,
      tokenId: null,
      method: 'MCP',
      endpoint: 'tools/call get_insights',
      statusCode: 200,
      responseTimeMs: 12.6,
      createdAt: at,
    })
    callLog.record({
      userId: user.id,
      tokenId: token.id,
      method: 'POST',
      endpoint: `/api/v1/meta/update_campaign_status?name="Café" 'été' \\ ${'x'.repeat(300)}`,
      statusCode: 422,
      responseTimeMs: -1,
      createdAt: new Date('2026-11-21T10:15:31.000Z'),
    })
    await callLog.flush()

    const rows = await db.from('api_calls').where('user_id', user.id).orderBy('id', 'asc')
    assert.lengthOf(rows, 2)
    assert.equal(rows[0].token_id, null)
    assert.equal(rows[0].method, 'MCP')
    assert.equal(rows[0].endpoint, 'tools/call get_insights')
    assert.equal(Number(rows[0].status_code), 200)
    assert.equal(Number(rows[0].response_time_ms), 13)
    assert.equal(fromDbTimestamp(rows[0].created_at).toISOString(), '2026-11-21T10:15:30.000Z')

    assert.equal(Number(rows[1].token_id), token.id)
    assert.lengthOf(rows[1].endpoint, 255)
    assert.isTrue(
      rows[1].endpoint.startsWith(`/api/v1/meta/update_campaign_status?name="Café" 'été' \\ x`)
    )
    assert.equal(Number(rows[1].status_code), 422)
    assert.equal(Number(rows[1].response_time_ms), 0)
    assert.equal(fromDbTimestamp(rows[1].created_at).toISOString(), '2026-11-21T10:15:31.000Z')

    const stored = await db.from('api_tokens').where('id', token.id).first()
    assert.equal(fromDbTimestamp(stored.last_used_at).toISOString(), '2026-11-21T10:15:31.000Z')
  })

  test('a flush larger than one INSERT statement writes every record once', async ({ assert }) => {
    const user = await createUser()
    const callLog = datedCallLog()
    const start = Date.UTC(2026, 10, 21, 9, 0, 0)
    for (let index = 0; index < 2345; index++) {
      callLog.record(
        callRecord(user.id, {
          endpoint: `/api/v1/usage?n=${index}`,
          ms: index % 50,
          at: new Date(start + index * 250),
        })
      )
    }
    assert.equal(callLog.pending, 2345)
    await callLog.flush()
    assert.equal(callLog.pending, 0)

    const [{ total, distinctEndpoints }] = await db
      .from('api_calls')
      .where('user_id', user.id)
      .select(db.raw('count(*) as total'), db.raw('count(distinct endpoint) as distinctEndpoints'))
    assert.equal(Number(total), 2345)
    assert.equal(Number(distinctEndpoints), 2345)
    const last = await db
      .from('api_calls')
      .where('user_id', user.id)
      .where('endpoint', '/api/v1/usage?n=2344')
      .first()
    // 2344 × 250 ms after 09:00:00 is 09:09:46 (stored to the second).
    assert.equal(fromDbTimestamp(last.created_at).toISOString(), '2026-11-21T09:09:46.000Z')
  })

  test('a quota reservation made during a large flush is answered before the flush ends', async ({
    assert,
  }) => {
    // On SQLite the main connection is the single writer: a reservation made while the call
    // log writes waits for the connection. The batch is written one chunk per transaction,
    // so the reservation waits for one chunk, not for all 5,000 rows and their rollups.
    const user = await createUser()
    const callLog = new CallLog(60_000, 100_000)
    for (let index = 0; index < 5000; index++) {
      callLog.record(callRecord(user.id, { endpoint: '/api/v1/usage', ms: 3 }))
    }
    const pool = (db.connection().getWriteClient() as any).client.pool
    const flushing = callLog.flush()
    // Reserve only once the flush holds a connection (its first transaction has begun).
    while (pool.numUsed() === 0) await new Promise((resolve) => setImmediate(resolve))
    const store = await app.container.make(QuotaStore)
    const decision = await store.consume(user.id, '2031-06', 100)
    const [{ total }] = await readDb()
      .from('api_calls')
      .where('user_id', user.id)
      .count('* as total')
    await flushing
    assert.isTrue(decision.allowed)
    assert.isBelow(Number(total), 5000, 'the reservation waited for the whole batch')
    const [{ all }] = await db.from('api_calls').where('user_id', user.id).count('* as all')
    assert.equal(Number(all), 5000)
  })

  test('a batch InnoDB picks as a deadlock victim is written again, not lost', async ({
    assert,
  }) => {
    // Another transaction (another instance's batch, heavier) holds the user's rollup row
    // while the call log's transaction, which has already inserted its rows, waits for it;
    // then it asks for those rows: a lock cycle, and InnoDB rolls back the lighter one, the
    // call log's (errno 1213). The call log runs its batch again once the other one ends.
    const [user, other] = [await createUser(), await createUser()]
    const at = new Date('2026-11-21T10:15:00.000Z')
    const callLog = datedCallLog()
    const call = () => callLog.record(callRecord(user.id, { endpoint: '/api/v1/usage', ms: 5, at }))
    call()
    await callLog.flush()

    const blocker = await db.transaction()
    // Statements waiting on the user's rollup row (the call log's upsert) on any connection.
    const waiting = () =>
      db
        .from('information_schema.processlist')
        .where('info', 'like', 'INSERT INTO api_call_rollups %')
        .count('* as waiting')
        .then(([row]) => Number(row.waiting))
    try {
      const heavy = Array.from({ length: 2000 }, () => ({
        user_id: other.id,
        method: 'GET',
        endpoint: '/api/v1/usage',
        status_code: 200,
        response_time_ms: 1,
        created_at: '2026-11-21 10:15:00',
      }))
      for (let index = 0; index < heavy.length; index += 500) {
        await blocker.table('api_calls').multiInsert(heavy.slice(index, index + 500))
      }
      await blocker
        .from('api_call_rollups')
        .where('user_id', user.id)
        .update({ calls: db.raw('calls') })

      call()
      call()
      const flushing = callLog.flush()
      // The call log's transaction waits for the rollup row: poll until its upsert runs.
      while ((await waiting()) === 0) await new Promise((resolve) => setTimeout(resolve, 5))
      await blocker.from('api_calls').where('user_id', user.id).forUpdate().select('id')
      await blocker.rollback()
      await flushing
    } finally {
      if (!blocker.isCompleted) await blocker.rollback()
    }

    const [{ logged }] = await db.from('api_calls').where('user_id', user.id).count('* as logged')
    assert.equal(Number(logged), 3)
    const [{ calls }] = await db
      .from('api_call_rollups')
      .where('user_id', user.id)
      .sum('calls as calls')
    assert.equal(Number(calls), 3)
  }).skip(
    process.env.DB_CONNECTION !== 'mysql',
    'InnoDB lock waits and deadlocks: MySQL only (SQLite has one writer)'
  )
})
