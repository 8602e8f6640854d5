import { configProvider } from '@adonisjs/core'
import type { ConfigProvider } from '@adonisjs/core/types'
import type { LimiterStoreContract } from '@adonisjs/limiter/types'

type StoreFactory = (options: any) => LimiterStoreContract

/**
 * Wraps `stores.database(...)` of `@adonisjs/limiter` so that, on SQLite, the limiter keeps its
 * pooled connection until its upsert has run.
 *
 * Why: `RateLimiterSQLite._upsertTransaction` (rate-limiter-flexible 9.1.1 up to at least
 * 11.4.0) returns the promise of its `SAVEPOINT` / `INSERT … ON CONFLICT … RETURNING` /
 * `RELEASE` statements without awaiting it, so its `finally` hands the connection back to knex
 * before they run. The app's SQLite pool has ONE connection (ADR 0001): the next query or
 * Lucid transaction then interleaves with the limiter's savepoint, and knex's transaction
 * state breaks ("Transaction query already complete") for every request after it. Here the
 * release waits for the upsert to settle. Other dialects and methods are left as they are.
 */
export function sqliteSafeDatabaseStore(
  store: ConfigProvider<StoreFactory>
): ConfigProvider<StoreFactory> {
  return configProvider.create(async (app) => {
    const makeStore = await store.resolver(app)
    return (options: any) => {
      const made = makeStore(options) as LimiterStoreContract & { rateLimiter?: any }
      holdConnectionDuringUpsert(made.rateLimiter)
      return made
    }
  })
}

function holdConnectionDuringUpsert(rateLimiter: any) {
  if (!rateLimiter || typeof rateLimiter._upsertTransactionSQLite3 !== 'function') return
  const upsert = rateLimiter._upsertTransactionSQLite3.bind(rateLimiter)
  const release = rateLimiter._releaseConnection.bind(rateLimiter)
  // `_upsertTransaction` calls the upsert, then (synchronously, in `finally`) the release:
  // the release picks up the upsert just started and waits for it.
  let inFlight: Promise<unknown> | null = null
  rateLimiter._upsertTransactionSQLite3 = (...args: unknown[]) => (inFlight = upsert(...args))
  rateLimiter._releaseConnection = (connection: unknown) => {
    const pending = inFlight
    inFlight = null
    if (!pending) return release(connection)
    const done = () => release(connection)
    pending.then(done, done)
  }
}
