import { test } from '@japa/runner'
import db from '@adonisjs/lucid/services/db'
import { Redis } from 'ioredis'
import User from '#accounts/models/user'
import { SqlQuotaStore } from '#usage/services/sql_quota_store'
import { RedisQuotaStore } from '#usage/services/redis_quota_store'
import app from '@adonisjs/core/services/app'
import { QuotaStore } from '#usage/services/quota_store'
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

async function storedCount(userId: number) {
  const row = await db.from('usage_counters').where({ user_id: userId, period: PERIOD }).first()
  return row ? Number(row.count) : 0
}

/** The behaviour every quota store must have. */
function quotaStoreContract(
  name: string,
  makeStore: () => Promise<{ store: QuotaStore; close?: () => Promise<void> }>,
  skip = false
) {
  test.group(`${name} quota store`, () => {
    test('counts up to the limit and then refuses', async ({ assert }) => {
      const { store, close } = await makeStore()
      try {
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
      } finally {
        await close?.()
      }
    }).skip(skip, 'needs REDIS_URL')

    test('with 50 left, exactly 50 of 200 concurrent requests are allowed', async ({ assert }) => {
      const { store, close } = await makeStore()
      try {
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
      } finally {
        await close?.()
      }
    }).skip(skip, 'needs REDIS_URL')

    test("forget deletes every month's counter of the user and persist does not bring it back", async ({
      assert,
    }) => {
      const { store, close } = await makeStore()
      try {
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
      } finally {
        await close?.()
      }
    }).skip(skip, 'needs REDIS_URL')
  })
}

quotaStoreContract('SQL', async () => ({ store: new SqlQuotaStore() }))

quotaStoreContract(
  'Redis',
  async () => {
    const redis = new Redis(process.env.REDIS_URL ?? 'redis://127.0.0.1:6379/0', {
      lazyConnect: true,
      maxRetriesPerRequest: 1,
    })
    await redis.connect()
    const prefix = `adrelay:test:quota:${Date.now()}:`
    return {
      store: new RedisQuotaStore(redis, prefix),
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
