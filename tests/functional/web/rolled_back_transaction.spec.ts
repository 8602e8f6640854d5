import { test } from '@japa/runner'
import db from '@adonisjs/lucid/services/db'
import limiter from '@adonisjs/limiter/services/main'
import User from '#accounts/models/user'
import { createUser } from '#tests/helpers/factories'
import { useRolledBackTransaction } from '#tests/helpers/rolled_back_transaction'

/*
| `useRolledBackTransaction` (tests/helpers/rolled_back_transaction.ts). The first attempt at
| rolled-back tests failed later in the suite with "Transaction query already complete": a
| rate limit first used inside a rolled-back test kept that transaction. The groups below run
| in this order (Japa runs a file's groups one after the other).
*/

/** A limit no other test uses, so its store is first made inside the rolled-back test. */
const FRESH_LIMIT = { requests: 7, duration: '7 mins' }
let rolledBackEmail = ''

test.group('Rolled-back transaction: inside', (group) => {
  useRolledBackTransaction(group)

  test('rows written during the test and a first use of a rate limit', async ({ assert }) => {
    const user = await createUser()
    rolledBackEmail = user.email
    assert.isNotNull(await User.findBy('email', rolledBackEmail))

    const response = await limiter.use(FRESH_LIMIT).consume('rolled_back_probe')
    assert.equal(response.remaining, FRESH_LIMIT.requests - 1)
  })

  test('a request through a limited route answers inside the transaction', async ({
    client,
    assert,
  }) => {
    // GET /api/login is limited per address (sign-in); on SQLite the limiter shares the
    // transaction's one connection instead of waiting for it.
    const response = await client.get('/api/login').redirects(0)
    assert.include([200, 302], response.status())
    if (process.env.REDIS_URL) return
    const buckets = await db.from('rate_limits').where('key', 'like', '%sign_in_ip_%')
    assert.lengthOf(buckets, 1)
  })
})

test.group('Rolled-back transaction: after', () => {
  test('the rows are gone and no global transaction is open', async ({ assert }) => {
    assert.isNotEmpty(rolledBackEmail)
    assert.isNull(await User.findBy('email', rolledBackEmail))
    assert.equal(db.connectionGlobalTransactions.size, 0)
  })

  test('the rate limit first used in the rolled-back test still works', async ({ assert }) => {
    const response = await limiter.use(FRESH_LIMIT).consume('rolled_back_probe')
    assert.isAtMost(response.remaining, FRESH_LIMIT.requests - 1)
    // Beside a transaction that is rolled back: a store that kept the rolled-back test's
    // client skips the pool's one connection (SQLite) and writes inside this transaction, so
    // the request would be lost with it (or break it). It must wait and count.
    let holding!: () => void
    const held = new Promise<void>((resolve) => (holding = resolve))
    let opened!: () => void
    const open = new Promise<void>((resolve) => (opened = resolve))
    const rolledBack = db
      .transaction(async (trx) => {
        await trx.rawQuery('select 1')
        opened()
        await held
        for (let index = 0; index < 3; index++) await trx.rawQuery('select 1')
        throw new Error('rolled back on purpose')
      })
      .catch(() => {})
    await open
    const beside = limiter.use(FRESH_LIMIT).consume('rolled_back_beside')
    holding()
    await rolledBack
    await beside
    const bucket = await limiter.use(FRESH_LIMIT).get('rolled_back_beside')
    assert.equal(bucket?.consumed, 1)

    // And it writes outside any transaction now: a new transaction sees the bucket (the
    // database store; with REDIS_URL the limits live in Redis).
    if (process.env.REDIS_URL) return
    await db.transaction(async (trx) => {
      const rows = await trx.from('rate_limits').where('key', 'like', '%rolled_back_probe')
      assert.lengthOf(rows, 1)
    })
  })
})
