import { test } from '@japa/runner'
import app from '@adonisjs/core/services/app'
import db from '@adonisjs/lucid/services/db'
import { stores } from '@adonisjs/session'
import type { SessionConfig } from '@adonisjs/session/types'
import type { HttpContext } from '@adonisjs/core/http'
import sessionConfig from '#config/session'
import {
  SESSION_TOUCH_INTERVAL_MS,
  ThrottledTouchStore,
  TouchLedger,
  withThrottledTouch,
} from '#accounts/session_touch'

const SENTINEL = '2030-01-01 00:00:00'
const DAY_MS = 86_400_000

/** A clock whose monotonic time the test moves. */
function movableClock() {
  let ms = 1_000
  return {
    clock: { now: () => new Date(), monotonicMs: () => ms },
    advance: (by: number) => {
      ms += by
    },
  }
}

/** The real database session store of the app, behind the throttle, with a movable clock. */
async function throttledDatabaseStore() {
  const { clock, advance } = movableClock()
  const provider = withThrottledTouch(
    stores.database({ tableName: 'sessions' }),
    new TouchLedger(clock)
  )
  const factory = await provider.resolver(app)
  const store = factory(null as unknown as HttpContext, { age: '7d' } as SessionConfig)
  return { store: store as ThrottledTouchStore, advance }
}

/** Sets a session row's expiry to a far date the store would never write, to see a write. */
async function markExpiry(id: string) {
  await db.from('sessions').where('id', id).update({ expires_at: SENTINEL })
}

async function expiryOf(id: string): Promise<number> {
  const row = await db.from('sessions').where('id', id).firstOrFail()
  const value = row.expires_at
  return value instanceof Date ? value.getTime() : new Date(value).getTime()
}

/** A session row written behind this process's back, expiring at the sentinel. */
async function insertRow(id: string) {
  await db.table('sessions').insert({ id, data: '{}', user_id: null, expires_at: SENTINEL })
}

function isSentinel(ms: number) {
  return new Date(ms).getUTCFullYear() === 2030
}

test.group('Sessions: sliding expiry written at most once a minute', (group) => {
  group.each.setup(async () => {
    await db.from('sessions').where('id', 'like', 'touch-test-%').delete()
  })

  test('a touch within the interval after a write does not write; after it, it does', async ({
    assert,
  }) => {
    const { store, advance } = await throttledDatabaseStore()
    await store.write('touch-test-a', { userId: 1 })
    await markExpiry('touch-test-a')

    await store.touch('touch-test-a')
    assert.isTrue(isSentinel(await expiryOf('touch-test-a')), 'touched within the interval')

    advance(SESSION_TOUCH_INTERVAL_MS - 1)
    await store.touch('touch-test-a')
    assert.isTrue(isSentinel(await expiryOf('touch-test-a')), 'touched 1 ms before the interval')

    advance(1)
    await store.touch('touch-test-a')
    const expiry = await expiryOf('touch-test-a')
    assert.isFalse(isSentinel(expiry))
    assert.closeTo(expiry, Date.now() + 7 * DAY_MS, 60_000)

    // And that touch starts a new interval.
    await markExpiry('touch-test-a')
    await store.touch('touch-test-a')
    assert.isTrue(isSentinel(await expiryOf('touch-test-a')))
  })

  test('each session has its own interval, and a destroyed session is forgotten', async ({
    assert,
  }) => {
    const { store } = await throttledDatabaseStore()
    await store.write('touch-test-b', { userId: 1 })
    await markExpiry('touch-test-b')
    // A session another process wrote: this process never pushed its expiry.
    await insertRow('touch-test-c')

    await store.touch('touch-test-b')
    await store.touch('touch-test-c')
    assert.isTrue(isSentinel(await expiryOf('touch-test-b')), 'written here just now')
    assert.isFalse(isSentinel(await expiryOf('touch-test-c')), 'never touched here')

    await store.destroy('touch-test-b')
    assert.isNull(await store.read('touch-test-b'))
    // The same id again (another process wrote it): the throttle no longer remembers it.
    await insertRow('touch-test-b')
    await store.touch('touch-test-b')
    assert.isFalse(isSentinel(await expiryOf('touch-test-b')))
  })

  test('tags pass through, so "Revoke All Sessions" still finds every session', async ({
    assert,
  }) => {
    const { store } = await throttledDatabaseStore()
    await store.write('touch-test-d', { userId: 7 })
    await store.tag('touch-test-d', '7')
    const tagged = await store.tagged('7')
    assert.include(
      tagged.map((entry) => entry.id),
      'touch-test-d'
    )
    await store.untag('touch-test-d', '7')
    assert.notInclude(
      (await store.tagged('7')).map((entry) => entry.id),
      'touch-test-d'
    )
  })

  test('the app configures its database and Redis session stores with the throttle', async ({
    assert,
  }) => {
    const resolved = await sessionConfig.resolver(app)
    const database = resolved.stores.database(
      null as unknown as HttpContext,
      resolved as SessionConfig
    )
    assert.instanceOf(database, ThrottledTouchStore)
  })
})
