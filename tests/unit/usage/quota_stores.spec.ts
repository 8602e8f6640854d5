import { test } from '@japa/runner'
import db from '@adonisjs/lucid/services/db'
import { Redis } from 'ioredis'
import User from '#accounts/models/user'
import { SqlQuotaStore } from '#usage/services/sql_quota_store'
import { RedisQuotaStore } from '#usage/services/redis_quota_store'
import app from '@adonisjs/core/services/app'
import { type BatchingQuotaStore, QuotaStore } from '#usage/services/quota_store'
import { Metering } from '#usage/services/metering'

const PERIOD = '2031-05'

/** The Redis path runs when REDIS_URL is set (CI's second pass); `npm test` needs no Redis. */
const redisMissing = !process.env.REDIS_URL

async function newUserId() {
  const user = await User.create({
    email: `quota_${Date.now()}_${Math.random()}@example.test`,
    role: 'user',
  })
  return user.id
}

/** A real key row (the per-key counter references api_tokens). */
async function newTokenId(userId: number) {
  const [id] = await db
    .table('api_tokens')
    .insert({
      user_id: userId,
      kind: 'api_key',
      name: 'client',
      token_hash: `${Date.now()}${Math.random()}`.padEnd(64, '0').slice(0, 64),
      display_prefix: 'adr_test',
      created_at: new Date(),
    })
    .returning('id')
  return typeof id === 'object' ? Number(id.id) : Number(id)
}

async function storedKeyCount(tokenId: number) {
  const row = await db
    .from('key_usage_counters')
    .where({ token_id: tokenId, period: PERIOD })
    .first()
  return row ? Number(row.count) : 0
}

async function storedCount(userId: number) {
  const row = await db.from('usage_counters').where({ user_id: userId, period: PERIOD }).first()
  return row ? Number(row.count) : 0
}

/**
 * Replaces the store's lease clock (request rates, idle leases) with one the test moves:
 * `advance(ms)`.
 */
function driveClock(store: QuotaStore) {
  let now = 1_000_000
  ;(store as unknown as { nowMs: () => number }).nowMs = () => now
  return { advance: (ms: number) => (now += ms) }
}

/**
 * 100 requests in 250 ms (400 a second), then one more: that reservation takes 1 + 40 ahead
 * (rate × 100 ms), so the user's counter stands at 141 with 40 held.
 */
async function leaseUnder(store: QuotaStore, clock: ReturnType<typeof driveClock>, userId: number) {
  for (let index = 0; index < 100; index++) await store.consume(userId, PERIOD, 1_000_000)
  clock.advance(250)
  await store.consume(userId, PERIOD, 1_000_000)
}

/**
 * Whether `promise` (a reservation) is already settled when the current microtasks have run:
 * answered from the lease, not after a store round trip (a query or a Redis script).
 */
async function answeredAtOnce(promise: Promise<unknown>): Promise<boolean> {
  const pending = Symbol('still waiting for the store')
  return (await Promise.race([promise, Promise.resolve(pending)])) !== pending
}

/**
 * Runs `fn` with a store (`withStore`) on a driven clock and a new user already holding a
 * lease (`leaseUnder`: 141 counted, 40 of them held).
 */
async function withLease(
  makeStore: () => Promise<MadeStore>,
  fn: (made: {
    store: QuotaStore
    counted: (userId: number) => Promise<number>
    clock: ReturnType<typeof driveClock>
    userId: number
  }) => Promise<void>
) {
  await withStore(makeStore, async ({ store, counted }) => {
    const clock = driveClock(store)
    const userId = await newUserId()
    await leaseUnder(store, clock, userId)
    await fn({ store, counted, clock, userId })
  })
}

/**
 * A store under test; `counted`/`keyCounted` read its live counters (leases included), where
 * the Redis store keeps them in Redis rather than the database. Stores made with the same
 * `namespace` share their counters (two instances).
 */
interface MadeStore {
  store: QuotaStore
  close?: () => Promise<void>
  counted?: (userId: number) => Promise<number>
  keyCounted?: (tokenId: number) => Promise<number>
}

/**
 * Makes a store, runs `fn` with it and the live-count readers (the stored counters when the
 * store has no other), and closes the store whatever `fn` did.
 */
async function withStore(
  makeStore: () => Promise<MadeStore>,
  fn: (made: {
    store: QuotaStore
    counted: (userId: number) => Promise<number>
    keyCounted: (tokenId: number) => Promise<number>
  }) => Promise<void>
) {
  const made = await makeStore()
  try {
    await fn({
      store: made.store,
      counted: made.counted ?? storedCount,
      keyCounted: made.keyCounted ?? storedKeyCount,
    })
  } finally {
    await made.close?.()
  }
}

/** The behaviour every quota store must have. */
function quotaStoreContract(
  name: string,
  makeStore: (namespace?: string) => Promise<MadeStore>,
  skip = false
) {
  test.group(`${name} quota store`, () => {
    test('counts up to the limit and then refuses', async ({ assert }) => {
      await withStore(makeStore, async ({ store }) => {
        const userId = await newUserId()
        const results = []
        for (let index = 0; index < 4; index++) results.push(await store.consume(userId, PERIOD, 3))
        assert.deepEqual(results, [
          { allowed: true, used: 1 },
          { allowed: true, used: 2 },
          { allowed: true, used: 3 },
          { allowed: false, used: 3 },
        ])
        assert.equal(await store.current(userId, PERIOD), 3)
      })
    }).skip(skip, 'needs REDIS_URL')

    test('with 50 left, exactly 50 of 200 concurrent requests are allowed', async ({ assert }) => {
      await withStore(makeStore, async ({ store }) => {
        const userId = await newUserId()
        await db.table('usage_counters').insert({ user_id: userId, period: PERIOD, count: 950 })
        const results = await Promise.all(
          Array.from({ length: 200 }, () => store.consume(userId, PERIOD, 1000))
        )
        assert.equal(results.filter((result) => result.allowed).length, 50)
        const counts = results
          .filter((r) => r.allowed)
          .map((r) => r.used)
          .sort((a, b) => a - b)
        assert.deepEqual(
          counts,
          Array.from({ length: 50 }, (_, index) => 951 + index)
        )
        await store.persist()
        assert.equal(await storedCount(userId), 1000)
      })
    }).skip(skip, 'needs REDIS_URL')

    test("forget deletes every month's counter of the user and persist does not bring it back", async ({
      assert,
    }) => {
      await withStore(makeStore, async ({ store }) => {
        const userId = await newUserId()
        const other = await newUserId()
        await db.table('usage_counters').insert({ user_id: userId, period: '2020-01', count: 7 })
        await store.consume(userId, PERIOD, 10)
        await store.consume(other, PERIOD, 10)
        await store.forget(userId)
        await store.persist()
        assert.equal(await store.current(userId, PERIOD), 0)
        assert.equal(await store.current(userId, '2020-01'), 0)
        assert.equal(await storedCount(userId), 0)
        assert.equal(await store.current(other, PERIOD), 1)
      })
    }).skip(skip, 'needs REDIS_URL')

    test("with 50 left on a key's limit, exactly 50 of 200 are allowed on both counters", async ({
      assert,
    }) => {
      await withStore(makeStore, async ({ store }) => {
        const userId = await newUserId()
        const tokenId = await newTokenId(userId)
        await db.table('usage_counters').insert({ user_id: userId, period: PERIOD, count: 10 })
        await db
          .table('key_usage_counters')
          .insert({ token_id: tokenId, period: PERIOD, count: 150 })
        const allowance = { tokenId, limit: 200 }
        const results = await Promise.all(
          Array.from({ length: 200 }, () => store.consume(userId, PERIOD, 1000, allowance))
        )
        const allowed = results.filter((result) => result.allowed)
        assert.equal(allowed.length, 50)
        assert.deepEqual(
          allowed.map((result) => result.keyUsed).sort((a, b) => a! - b!),
          Array.from({ length: 50 }, (_, index) => 151 + index)
        )
        assert.isTrue(
          results.filter((r) => !r.allowed).every((r) => r.refusedBy === 'key' && r.keyUsed === 200)
        )
        assert.deepEqual(await store.currentForKeys([tokenId], PERIOD), new Map([[tokenId, 200]]))
        await store.persist()
        assert.equal(await storedCount(userId), 60)
        assert.equal(await storedKeyCount(tokenId), 200)
      })
    }).skip(skip, 'needs REDIS_URL')

    test('under sustained traffic requests are counted ahead in a lease; reads show what was used, and persist gives the rest back', async ({
      assert,
    }) => {
      await withStore(makeStore, async ({ store, counted, keyCounted }) => {
        const clock = driveClock(store)
        const userId = await newUserId()
        const tokenId = await newTokenId(userId)
        const allowance = { tokenId, limit: null }
        // 100 requests in 250 ms: 400 requests a second, so a reservation takes 40 ahead.
        const used: number[] = []
        for (let index = 0; index < 100; index++) {
          used.push((await store.consume(userId, PERIOD, 1_000_000, allowance)).used)
        }
        clock.advance(250)
        for (let index = 0; index < 20; index++) {
          used.push((await store.consume(userId, PERIOD, 1_000_000, allowance)).used)
        }
        assert.deepEqual(
          used,
          Array.from({ length: 120 }, (_, index) => index + 1)
        )
        // 101 reserved 1 + 40 ahead; 20 requests took 19 of them.
        assert.equal(await counted(userId), 141)
        assert.equal(await keyCounted(tokenId), 141)
        assert.equal(await store.current(userId, PERIOD), 120)
        assert.deepEqual(await store.currentForKeys([tokenId], PERIOD), new Map([[tokenId, 120]]))
        await store.persist()
        assert.equal(await counted(userId), 120)
        assert.equal(await keyCounted(tokenId), 120)
        assert.equal(await store.current(userId, PERIOD), 120)
      })
    }).skip(skip, 'needs REDIS_URL')

    test('a lease is renewed before it runs out: under sustained traffic no request waits for the store', async ({
      assert,
    }) => {
      await withLease(makeStore, async ({ store, counted, clock, userId }) => {
        // 400 requests a second: each reservation takes 40 ahead, renewed at 20 left.
        const used: number[] = []
        let waited = 0
        for (let index = 0; index < 400; index++) {
          clock.advance(2.5)
          const decision = store.consume(userId, PERIOD, 1_000_000)
          if (!(await answeredAtOnce(decision))) waited++
          used.push((await decision).used)
          // The next request comes a little later (a renewal in flight may come back).
          await new Promise((resolve) => setTimeout(resolve, 1))
        }
        assert.equal(waited, 0, 'requests that waited for a reservation')
        assert.deepEqual(
          used,
          Array.from({ length: 400 }, (_, index) => index + 102)
        )
        await store.persist()
        assert.equal(await counted(userId), 501)
      })
    }).skip(skip, 'needs REDIS_URL')

    test('a burst from a new key takes its lease after 20 ms, not after a whole rate window; a few requests take none', async ({
      assert,
    }) => {
      await withStore(makeStore, async ({ store, counted }) => {
        const clock = driveClock(store)
        // A few requests from a quiet key: 15 in 30 ms reserve one batch at a time, nothing ahead.
        const quiet = await newUserId()
        for (let index = 0; index < 15; index++) {
          await store.consume(quiet, PERIOD, 1_000_000)
          clock.advance(2)
        }
        assert.equal(await counted(quiet), 15, 'units held for a quiet key')

        // 1,000 requests a second from the first one: the 21st (20 ms in) knows the rate
        // (1,050 a second) and reserves 1 + 105 ahead (rate × 100 ms). Before, nothing was
        // taken ahead until 250 ms had passed.
        const burst = await newUserId()
        for (let index = 0; index < 21; index++) {
          await store.consume(burst, PERIOD, 1_000_000)
          clock.advance(1)
        }
        assert.equal(await counted(burst), 21 + 105)
        const next = store.consume(burst, PERIOD, 1_000_000)
        assert.isTrue(await answeredAtOnce(next), 'the 22nd request waited for the store')
        assert.equal((await next).used, 22)
        assert.equal(await store.current(burst, PERIOD), 22)
        await store.persist()
        assert.equal(await counted(burst), 22)
      })
    }).skip(skip, 'needs REDIS_URL')

    test('persist waits for a lease renewal already on its way, so every unit not handed out goes back (shutdown)', async ({
      assert,
    }) => {
      await withLease(makeStore, async ({ store, counted, clock, userId }) => {
        // 20 of the 40 held: the 20th request starts the renewal in the background.
        const decisions = Array.from({ length: 20 }, () => store.consume(userId, PERIOD, 1_000_000))
        // The server stops now (providers/app_provider.ts shutdown), the renewal still out.
        await store.persist()
        assert.deepEqual(
          (await Promise.all(decisions)).map((decision) => decision.used),
          Array.from({ length: 20 }, (_, index) => index + 102)
        )
        assert.equal(await counted(userId), 121, 'units still counted that nobody used')
        assert.equal(await store.current(userId, PERIOD), 121)
        clock.advance(1000)
        await (store as BatchingQuotaStore).releaseIdleLeases()
        assert.equal(await counted(userId), 121, 'units held after persist')
      })
    }).skip(skip, 'needs REDIS_URL')

    test('a lease is given back once its key goes quiet, and never lets a lowered limit be passed', async ({
      assert,
    }) => {
      await withLease(makeStore, async ({ store, counted, clock, userId }) => {
        assert.equal(await counted(userId), 141)
        // The plan changes to a 120-request quota: the lease is not used past it.
        const results = []
        for (let index = 0; index < 25; index++)
          results.push(await store.consume(userId, PERIOD, 120))
        assert.equal(results.filter((result) => result.allowed).length, 19)
        assert.deepEqual(results.at(-1), { allowed: false, used: 120 })
        assert.equal(await counted(userId), 120)
        // Quiet for a second: whatever is held goes back (here nothing is left to give).
        clock.advance(1000)
        await (store as BatchingQuotaStore).releaseIdleLeases()
        assert.equal(await counted(userId), 120)

        const busy = await newUserId()
        await leaseUnder(store, clock, busy)
        assert.equal(await counted(busy), 141)
        clock.advance(999)
        await (store as BatchingQuotaStore).releaseIdleLeases()
        assert.equal(await counted(busy), 141, 'not quiet for a second yet')
        clock.advance(1)
        await (store as BatchingQuotaStore).releaseIdleLeases()
        assert.equal(await counted(busy), 101)
      })
    }).skip(skip, 'needs REDIS_URL')

    test('two instances prefetching never grant more than the quota, and give back what they did not use', async ({
      assert,
    }) => {
      const namespace = `shared${Date.now()}`
      const first = await makeStore(namespace)
      const second = await makeStore(namespace)
      const counted = first.counted ?? storedCount
      try {
        const clocks = [driveClock(first.store), driveClock(second.store)]
        const userId = await newUserId()
        const limit = 20_000
        let allowed = 0
        for (let index = 0; index < 24_000; index++) {
          const store = index % 2 ? first.store : second.store
          if ((await store.consume(userId, PERIOD, limit)).allowed) allowed++
          if (index % 100 === 99) for (const clock of clocks) clock.advance(250)
        }
        const stored = await counted(userId)
        assert.isAtMost(allowed, limit)
        assert.isAtMost(stored, limit)
        await first.store.persist()
        await second.store.persist()
        assert.equal(await counted(userId), allowed)
        // Whatever a lease kept from the other instance is usable again: exactly the quota.
        while ((await first.store.consume(userId, PERIOD, limit)).allowed) allowed++
        assert.equal(allowed, limit)
        assert.equal(await counted(userId), limit)
      } finally {
        await first.close?.()
        await second.close?.()
      }
    })
      .skip(skip, 'needs REDIS_URL')
      .timeout(120_000)

    test('two keys racing for the last 30 account requests get 30 between them', async ({
      assert,
    }) => {
      await withStore(makeStore, async ({ store }) => {
        const userId = await newUserId()
        const first = await newTokenId(userId)
        const second = await newTokenId(userId)
        await db.table('usage_counters').insert({ user_id: userId, period: PERIOD, count: 970 })
        const results = await Promise.all(
          Array.from({ length: 200 }, (_, index) =>
            store.consume(userId, PERIOD, 1000, {
              tokenId: index % 2 ? first : second,
              limit: index % 2 ? null : 500,
            })
          )
        )
        assert.equal(results.filter((result) => result.allowed).length, 30)
        assert.isTrue(results.filter((r) => !r.allowed).every((r) => r.refusedBy === 'account'))
        const perKey = await store.currentForKeys([first, second], PERIOD)
        assert.equal(perKey.get(first)! + perKey.get(second)!, 30)
        assert.equal(await store.current(userId, PERIOD), 1000)
      })
    }).skip(skip, 'needs REDIS_URL')
  })
}

quotaStoreContract('SQL', async () => ({ store: new SqlQuotaStore() }))

quotaStoreContract(
  'Redis',
  async (namespace) => {
    const redis = new Redis(process.env.REDIS_URL ?? 'redis://127.0.0.1:6379/0', {
      lazyConnect: true,
      maxRetriesPerRequest: 1,
    })
    await redis.connect()
    const prefix = `adrelay:test:quota:${namespace ?? `${Date.now()}${Math.random()}`}:`
    const live = async (key: string) => Number((await redis.get(`${prefix}${key}:${PERIOD}`)) ?? 0)
    return {
      store: new RedisQuotaStore(redis, prefix),
      counted: (userId) => live(String(userId)),
      keyCounted: (tokenId) => live(`key:${tokenId}`),
      close: async () => {
        const keys = await redis.keys(`${prefix}*`)
        if (keys.length) await redis.del(...keys)
        redis.disconnect()
      },
    }
  },
  redisMissing
)

test.group('Redis quota store persistence', () => {
  test('usage survives a Redis restart: counters are persisted and reseeded', async ({
    assert,
  }) => {
    const redis = new Redis(process.env.REDIS_URL ?? 'redis://127.0.0.1:6379/0', {
      lazyConnect: true,
      maxRetriesPerRequest: 1,
    })
    await redis.connect()
    const prefix = `adrelay:test:restart:${Date.now()}:`
    try {
      const store = new RedisQuotaStore(redis, prefix)
      const userId = await newUserId()
      for (let index = 0; index < 7; index++) await store.consume(userId, PERIOD, 100)
      await store.persist()
      assert.equal(await storedCount(userId), 7)

      // A restarted Redis has lost the key: the next request reseeds it from the database.
      await redis.del(`${prefix}${userId}:${PERIOD}`)
      const next = await store.consume(userId, PERIOD, 100)
      assert.deepEqual(next, { allowed: true, used: 8 })
      const ttl = await redis.ttl(`${prefix}${userId}:${PERIOD}`)
      assert.isAbove(ttl, 0)
    } finally {
      const keys = await redis.keys(`${prefix}*`)
      if (keys.length) await redis.del(...keys)
      redis.disconnect()
    }
  }).skip(redisMissing, 'needs REDIS_URL')
})

test.group('Quota store binding', () => {
  test('the container binds QuotaStore to the store REDIS_URL selects, the one Metering counts with', async ({
    assert,
  }) => {
    const store = await app.container.make(QuotaStore)
    assert.instanceOf(store, process.env.REDIS_URL ? RedisQuotaStore : SqlQuotaStore)
    assert.strictEqual((await app.container.make(Metering)).quotas, store)
  })
})
