import { test } from '@japa/runner'
import app from '@adonisjs/core/services/app'
import db from '@adonisjs/lucid/services/db'
import { CallLog } from '#usage/services/call_log'
import { readConnectionName, readDb } from '#shared/read_connection'
import { createApiKey, createUser, setPlan } from '#tests/helpers/factories'

/**
 * ADR 0016: analytics, exports and admin stats read on their own connection, so a long read
 * never makes the hot path (quota reservation) or the call-log batch writer wait.
 */
test.group('Read connection (ADR 0016)', () => {
  test('while a read transaction is held open, metered calls are answered and logged, and analytics then shows them', async ({
    client,
    assert,
    cleanup,
  }) => {
    const user = await createUser()
    await setPlan(user, 'trafficker')
    const { key } = await createApiKey(user)
    const callLog = await app.container.make(CallLog)
    await callLog.flush()

    // A long analytics read or export, held open for the whole test: a snapshot of the log.
    const held = await readDb().transaction()
    cleanup(() => (held.isCompleted ? undefined : held.rollback()))
    const countIn = async (connection: { from: typeof db.from }) =>
      Number(
        (await connection.from('api_calls').where('user_id', user.id).count('* as total').first())
          ?.total ?? 0
      )
    assert.equal(await countIn(held), 0)

    // The hot path: reserve quota, answer, record.
    for (let index = 0; index < 3; index++) {
      const response = await client.get('/api/v1/me').bearerToken(key)
      response.assertStatus(200)
    }
    // The batch writer commits on the main connection meanwhile (log rows and rollups).
    await callLog.flush()
    assert.equal(await countIn(db), 3)
    // The held read still sees its snapshot: it really was open across the writes.
    assert.equal(await countIn(held), 0)
    await held.commit()

    // Committed writes are visible to the next read on the read connection (WAL).
    const analytics = await client.get('/api/usage/analytics').loginAs(user)
    analytics.assertStatus(200)
    assert.equal(analytics.body().totals.calls, 3)
    assert.equal(analytics.body().topEndpoints[0].endpoint, '/api/v1/me')
  })

  test('on SQLite the read connection is a second, read-only connection; elsewhere the primary pool', async ({
    assert,
  }) => {
    if (db.primaryConnectionName !== 'sqlite') {
      assert.equal(readConnectionName(), db.primaryConnectionName)
      return
    }
    assert.equal(readConnectionName(), 'sqlite_read')
    const journal = await readDb().rawQuery('PRAGMA journal_mode')
    assert.equal(String(journal[0].journal_mode).toLowerCase(), 'wal')
    await assert.rejects(
      () => readDb().from('api_calls').where('id', -1).delete(),
      /readonly|read-only|query_only/i
    )
  })
})
