import { configProvider } from '@adonisjs/core'
import type { ConfigProvider } from '@adonisjs/core/types'
import type { LimiterStoreContract } from '@adonisjs/limiter/types'
import type { Database } from '@adonisjs/lucid/database'

type StoreFactory = (options: any) => LimiterStoreContract

/**
 * Wraps `stores.database(...)` of `@adonisjs/limiter` for two hazards of the library's store.
 *
 * 1. The store keeps its pooled connection on SQLite until its upsert has run.
 *    `RateLimiterSQLite._upsertTransaction` (rate-limiter-flexible 9.1.1 up to at least
 *    11.4.0) returns the promise of its `SAVEPOINT` / `INSERT … ON CONFLICT … RETURNING` /
 *    `RELEASE` statements without awaiting it, so its `finally` hands the connection back to
 *    knex before they run. The app's SQLite pool has ONE connection (ADR 0001): the next query
 *    or Lucid transaction then interleaves with the limiter's savepoint, and knex's transaction
 *    state breaks ("Transaction query already complete") for every request after it. Here the
 *    release waits for the upsert to settle. Other dialects and methods are left as they are.
 *
 * 2. The store never keeps the client it was made with. The library makes a store on the
 *    first request of each limit (`LimiterManager.use` caches it for the life of the process)
 *    from whatever `db.connection()` answers at that moment. Inside a Lucid global transaction
 *    (the rolled-back functional tests, `tests/helpers/rolled_back_transaction.ts`) that is the
 *    transaction, and the cached store kept using it after the rollback: every later request
 *    through that limit failed with "Transaction query already complete". Here each call looks
 *    at what `db.connection()` answers now: on SQLite a store made for an open global
 *    transaction serves only while it is open (savepoints nest in it; the one pooled
 *    connection is the transaction's), and otherwise one store is made on the pool, never on
 *    a transaction (on MySQL the library's BEGIN would commit it).
 *
 * Shape: a config provider resolving to the same factory type as `stores.database(...)`.
 */
export function sqliteSafeDatabaseStore(
  store: ConfigProvider<StoreFactory>,
  /** The Lucid connection the store was configured with (default: the primary one). */
  connection?: string
): ConfigProvider<StoreFactory> {
  return configProvider.create(async (app) => {
    const makeStore = await store.resolver(app)
    const db = await app.container.make('lucid.db')
    const connectionName = connection ?? db.primaryConnectionName
    return (options: any) => {
      // One store per client: the pool's, or an open SQLite global transaction's.
      const stores = new WeakMap<object, LimiterStoreContract>()
      const current = () => {
        const client = db.connection(connectionName)
        // SQLite: the one pooled connection may be held by a global transaction, and the
        // library nests in it with savepoints, so the store runs in whatever transaction is
        // open. MySQL: the library runs BEGIN/COMMIT on its connection, which would commit an
        // open transaction, so the store always takes its own pooled connection.
        const joins = client.isTransaction && SQLITE_DIALECTS.includes(client.dialect.name)
        const key = joins ? client.getWriteClient() : POOL
        let made = stores.get(key)
        if (!made) {
          made = joins
            ? makeStore(options)
            : outsideGlobalTransaction(db, connectionName, () => makeStore(options))
          holdConnectionDuringUpsert((made as { rateLimiter?: unknown }).rateLimiter)
          stores.set(key, made)
        }
        return made
      }
      return new Proxy({} as LimiterStoreContract, {
        get(_target, property) {
          const made = current() as any
          const value = made[property]
          return typeof value === 'function' ? value.bind(made) : value
        },
      })
    }
  })
}

const SQLITE_DIALECTS = ['sqlite3', 'better-sqlite3']

/** The key of the store made on the connection pool (outside any transaction). */
const POOL = {}

/**
 * Runs `make` (synchronous) while `db.connection(name)` answers the pool rather than an open
 * global transaction: the library's store factory takes its client from `db.connection()`.
 */
function outsideGlobalTransaction<T>(db: Database, name: string, make: () => T): T {
  const open = db.connectionGlobalTransactions.get(name)
  if (!open) return make()
  db.connectionGlobalTransactions.delete(name)
  try {
    return make()
  } finally {
    db.connectionGlobalTransactions.set(name, open)
  }
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
