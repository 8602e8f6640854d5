import db from '@adonisjs/lucid/services/db'
import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import { retryOnDeadlock } from '#shared/deadlock_retry'
import {
  BatchingQuotaStore,
  type KeyAllowance,
  type Reservation,
} from '#usage/services/quota_store'

const INCREMENT_SQLITE =
  'UPDATE usage_counters SET count = count + ? WHERE user_id = ? AND period = ? AND count + ? <= ? RETURNING count'

/**
 * The parts of knex's client and node-sqlite3 used for the prepared increment. Knex has no
 * public way to keep a prepared statement, so the store borrows a pooled connection through
 * the client's `acquireConnection`/`releaseConnection` (what knex's own runner calls) and
 * uses node-sqlite3's public `Database#prepare`. Kept because the supported alternative,
 * `rawQuery`, costs twice the CPU per reservation (`npm run bench:quota`, ADR 0008).
 */
interface KnexClient {
  acquireConnection(): Promise<unknown>
  releaseConnection(connection: unknown): Promise<unknown>
}
interface SqliteStatement {
  all(
    bindings: unknown[],
    callback: (error: Error | null, rows: { count: number }[]) => void
  ): SqliteStatement
}
interface SqliteDatabase {
  prepare(sql: string): SqliteStatement
}

/**
 * Monthly counters in the `usage_counters` table (the default, no Redis).
 *
 * A reservation is one conditional UPDATE in the common case:
 *
 *   UPDATE usage_counters SET count = count + k WHERE user_id = ? AND period = ? AND count + k <= limit
 *
 * The database serialises concurrent updates of the row, so the guard is atomic; the new count
 * is read in the same statement (`RETURNING` on SQLite, `LAST_INSERT_ID(expr)` on MySQL).
 * When it matches nothing (first request of the month, or fewer than k left) a short
 * transaction creates the row if needed, reads the count under a row lock and grants what is
 * left. Requests arriving together are counted by one reservation (see BatchingQuotaStore).
 */
export class SqlQuotaStore extends BatchingQuotaStore {
  async current(userId: number, period: string) {
    const row = await db
      .from('usage_counters')
      .where({ user_id: userId, period })
      .select('count')
      .first()
    return row ? this.usedOfAccount(userId, period, Number(row.count)) : 0
  }

  async currentForKeys(tokenIds: number[], period: string) {
    const counts = new Map<number, number>(tokenIds.map((id) => [id, 0]))
    if (tokenIds.length === 0) return counts
    const rows = await db
      .from('key_usage_counters')
      .whereIn('token_id', tokenIds)
      .where('period', period)
      .select('token_id', 'count')
    for (const row of rows) counts.set(Number(row.token_id), Number(row.count))
    return this.usedOfKeys(period, counts)
  }

  protected async persistCounters() {}

  async forget(userId: number) {
    this.dropLeases(userId)
    await db.from('usage_counters').where('user_id', userId).delete()
  }

  /**
   * Subtracts `units` held by this instance and never handed out from the account's counter
   * and, with `tokenId`, the key's counter, in one transaction (never below 0).
   */
  protected async release(userId: number, period: string, units: number, tokenId: number | null) {
    await db.transaction(async (trx) => {
      await trx
        .from('usage_counters')
        .where({ user_id: userId, period })
        .update({ count: trx.raw('CASE WHEN count > ? THEN count - ? ELSE 0 END', [units, units]) })
      if (tokenId !== null) {
        await trx
          .from('key_usage_counters')
          .where({ token_id: tokenId, period })
          .update({
            count: trx.raw('CASE WHEN count > ? THEN count - ? ELSE 0 END', [units, units]),
          })
      }
    })
  }

  protected async reserve(
    userId: number,
    period: string,
    limit: number,
    wanted: number,
    key?: KeyAllowance
  ): Promise<Reservation> {
    if (key) return this.#reserveWithKey(userId, period, limit, wanted, key)
    const after = await this.#incrementIfRoom(userId, period, limit, wanted)
    if (after !== null) return { before: after - wanted, granted: wanted }

    return db.transaction(async (trx) => {
      await trx
        .table('usage_counters')
        .insert({ user_id: userId, period, count: 0 })
        .onConflict(['user_id', 'period'])
        .ignore()
      const query = trx.from('usage_counters').where({ user_id: userId, period }).select('count')
      if (trx.dialect.name === 'mysql') query.forUpdate()
      const row = await query.first()
      const before = Number(row.count)
      const granted = Math.max(0, Math.min(wanted, limit - before))
      if (granted > 0) {
        await trx
          .from('usage_counters')
          .where({ user_id: userId, period })
          .update({ count: before + granted })
      }
      return { before, granted }
    })
  }

  /**
   * Account and key counters in one transaction. Common case: two conditional increments
   * (account row first, then key row: one lock order everywhere). When either does not fit
   * (first request of the month, or fewer than `wanted` left on either), the transaction is
   * rolled back and a row-locked one grants exactly what both limits leave. MySQL may pick
   * this transaction as a deadlock victim when rows are created concurrently: it is retried.
   */
  async #reserveWithKey(
    userId: number,
    period: string,
    limit: number,
    wanted: number,
    key: KeyAllowance
  ): Promise<Reservation> {
    return retryOnDeadlock(async () => {
      const fast = await this.#incrementBoth(userId, period, limit, wanted, key)
      if (fast) return fast
      return db.transaction((trx) => this.#reserveLocked(trx, userId, period, limit, wanted, key))
    })
  }

  /** Both increments or neither (null); the transaction is rolled back when one misses. */
  async #incrementBoth(
    userId: number,
    period: string,
    limit: number,
    wanted: number,
    key: KeyAllowance
  ): Promise<Reservation | null> {
    const trx = await db.transaction()
    try {
      const after = await incrementIn(
        trx,
        'usage_counters',
        'user_id',
        userId,
        period,
        wanted,
        limit
      )
      const keyAfter =
        after === null
          ? null
          : await incrementIn(
              trx,
              'key_usage_counters',
              'token_id',
              key.tokenId,
              period,
              wanted,
              key.limit
            )
      if (after === null || keyAfter === null) {
        await trx.rollback()
        return null
      }
      await trx.commit()
      return { before: after - wanted, granted: wanted, keyBefore: keyAfter - wanted }
    } catch (error) {
      if (!trx.isCompleted) await trx.rollback()
      throw error
    }
  }

  /** Creates missing rows, reads both counts under row locks and grants what both leave. */
  async #reserveLocked(
    trx: TransactionClientContract,
    userId: number,
    period: string,
    limit: number,
    wanted: number,
    key: KeyAllowance
  ): Promise<Reservation> {
    const before = await lockedCount(trx, 'usage_counters', 'user_id', userId, period)
    const keyBefore = await lockedCount(trx, 'key_usage_counters', 'token_id', key.tokenId, period)
    const keyRoom = key.limit === null ? wanted : key.limit - keyBefore
    const granted = Math.max(0, Math.min(wanted, limit - before, keyRoom))
    if (granted > 0) {
      await trx
        .from('usage_counters')
        .where({ user_id: userId, period })
        .update({ count: before + granted })
      await trx
        .from('key_usage_counters')
        .where({ token_id: key.tokenId, period })
        .update({ count: keyBefore + granted })
    }
    return { before, granted, keyBefore }
  }

  /** The increment prepared once per raw SQLite connection (node-sqlite3 `Statement`). */
  #statements = new WeakMap<object, SqliteStatement>()

  /**
   * Runs the SQLite increment through a statement prepared once per pooled connection.
   * `rawQuery` would prepare, run and finalise a new statement each time (three trips to
   * the driver's thread pool); this is one. The connection comes from the pool like any
   * query, so it never runs inside someone else's transaction.
   */
  async #runPrepared(client: KnexClient, bindings: unknown[]): Promise<{ count: number }[]> {
    const connection = (await client.acquireConnection()) as SqliteDatabase
    try {
      let statement = this.#statements.get(connection)
      if (!statement) {
        statement = connection.prepare(INCREMENT_SQLITE)
        this.#statements.set(connection, statement)
      }
      return await new Promise((resolve, reject) =>
        statement!.all(bindings, (error, rows) => {
          if (!error) return resolve(rows)
          // Prepared against a schema that has changed or failed to prepare: start afresh.
          this.#statements.delete(connection)
          reject(error)
        })
      )
    } finally {
      await client.releaseConnection(connection)
    }
  }

  /** Adds `wanted` when it fits; returns the new count, or null when no row matched. */
  async #incrementIfRoom(userId: number, period: string, limit: number, wanted: number) {
    const connection = db.connection()
    if (connection.dialect.name === 'mysql') {
      const [header] = await connection.rawQuery(
        'UPDATE usage_counters SET count = LAST_INSERT_ID(count + ?) WHERE user_id = ? AND period = ? AND count + ? <= ?',
        [wanted, userId, period, wanted, limit]
      )
      return header.affectedRows === 1 ? Number(header.insertId) : null
    }
    const rows = await this.#runPrepared(connection.getWriteClient().client, [
      wanted,
      userId,
      period,
      wanted,
      limit,
    ])
    return rows.length === 1 ? Number(rows[0].count) : null
  }
}

type CounterTable = 'usage_counters' | 'key_usage_counters'

/**
 * `count += wanted` on one counter row inside `trx` when it stays within `limit` (null: no
 * limit); the new count, or null when the row is missing or the increment does not fit.
 */
async function incrementIn(
  trx: TransactionClientContract,
  table: CounterTable,
  owner: 'user_id' | 'token_id',
  ownerId: number,
  period: string,
  wanted: number,
  limit: number | null
): Promise<number | null> {
  const guard = limit === null ? '' : ' AND count + ? <= ?'
  const guardBindings = limit === null ? [] : [wanted, limit]
  if (trx.dialect.name === 'mysql') {
    const [header] = await trx.rawQuery(
      `UPDATE ${table} SET count = LAST_INSERT_ID(count + ?) WHERE ${owner} = ? AND period = ?${guard}`,
      [wanted, ownerId, period, ...guardBindings]
    )
    return header.affectedRows === 1 ? Number(header.insertId) : null
  }
  const rows = await trx.rawQuery(
    `UPDATE ${table} SET count = count + ? WHERE ${owner} = ? AND period = ?${guard} RETURNING count`,
    [wanted, ownerId, period, ...guardBindings]
  )
  return rows.length === 1 ? Number(rows[0].count) : null
}

/** The row's count read under a row lock (MySQL), the row created first when missing. */
async function lockedCount(
  trx: TransactionClientContract,
  table: CounterTable,
  owner: 'user_id' | 'token_id',
  ownerId: number,
  period: string
): Promise<number> {
  await trx
    .table(table)
    .insert({ [owner]: ownerId, period, count: 0 })
    .onConflict([owner, 'period'])
    .ignore()
  const query = trx
    .from(table)
    .where({ [owner]: ownerId, period })
    .select('count')
  if (trx.dialect.name === 'mysql') query.forUpdate()
  const row = await query.first()
  return Number(row.count)
}
