import db from '@adonisjs/lucid/services/db'
import type { QueryClientContract } from '@adonisjs/lucid/types/database'

/**
 * The connection for heavy reads: analytics, exports (account export, admin and CSV exports)
 * and admin stats (ADR 0016, issue 18 "no stalls").
 *
 * - SQLite: `sqlite_read` (config/database.ts), a second connection to the same file under WAL
 *   with `query_only = ON`. Its reads see every committed write and never make the main
 *   connection (quota reservations, the call-log batch writer) wait.
 * - MySQL (or any other primary): the primary connection itself; its pool already serves
 *   several queries at once, so no second pool is opened.
 *
 * Callers use this helper and never branch on the dialect. Reads through it do not see
 * uncommitted writes of a transaction on the main connection, so never read through it what
 * the same request is writing in a transaction.
 *
 * While a Lucid global transaction is open on the primary connection (only tests open one:
 * `tests/helpers/rolled_back_transaction.ts`), reads go to the primary connection, i.e. into
 * that transaction, so a test's own uncommitted rows stay visible to the code under test.
 */
export function readConnectionName(): string {
  const primary = db.primaryConnectionName
  if (primary !== 'sqlite' || db.connectionGlobalTransactions.has(primary)) return primary
  return 'sqlite_read'
}

/** A query client on {@link readConnectionName}: `readDb().from('table')…`. */
export function readDb(): QueryClientContract {
  return db.connection(readConnectionName())
}
