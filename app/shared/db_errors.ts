import db from '@adonisjs/lucid/services/db'
import type { TransactionClientContract } from '@adonisjs/lucid/types/database'

/**
 * A unique-key violation: MySQL/MariaDB ER_DUP_ENTRY (errno 1062) or SQLite's
 * SQLITE_CONSTRAINT "UNIQUE constraint failed". What a look-then-insert loses when another
 * request inserted the same key between the look and the insert.
 */
export function isUniqueViolation(error: unknown): boolean {
  const { code, errno, message } = (error ?? {}) as {
    code?: string
    errno?: number
    message?: string
  }
  return (
    code === 'ER_DUP_ENTRY' ||
    errno === 1062 ||
    (code === 'SQLITE_CONSTRAINT' && /UNIQUE/i.test(message ?? '')) ||
    /UNIQUE constraint failed/i.test(message ?? '')
  )
}

/**
 * Runs `work` (a whole transaction that looks a row up, then inserts it when missing) and, if
 * it lost that race to a concurrent request (a unique-key violation: the transaction was
 * rolled back), runs it once more: the row is there now, so the second run takes the "found"
 * path (updates it, or refuses with the caller's own 4xx). Any other error, or a second
 * violation, is thrown as is. Only on MySQL can two such transactions interleave; SQLite runs
 * them one after the other.
 */
export async function onceMoreOnUniqueViolation<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work()
  } catch (error) {
    if (!isUniqueViolation(error)) throw error
    return work()
  }
}

/**
 * Runs `work` in one transaction that first locks the user's row (`SELECT … FOR UPDATE` on
 * MySQL/MariaDB), so that a per-user limit counted inside it holds: two concurrent requests of
 * the same user (two creations at the limit) run one after the other instead of both counting
 * before either inserts. SQLite needs no lock: it runs write transactions one at a time.
 */
export function withUserRowLocked<T>(
  userId: number,
  work: (trx: TransactionClientContract) => Promise<T>
): Promise<T> {
  return db.transaction(async (trx) => {
    if (trx.dialect.name === 'mysql') {
      await trx.from('users').where('id', userId).forUpdate().select('id')
    }
    return work(trx)
  })
}
