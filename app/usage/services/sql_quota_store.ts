import db from '@adonisjs/lucid/services/db'
import { BatchingQuotaStore } from '#usage/services/quota_store'

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
    return row ? Number(row.count) : 0
  }

  async persist() {}

  async forget(userId: number) {
    await db.from('usage_counters').where('user_id', userId).delete()
  }

  protected async reserve(userId: number, period: string, limit: number, wanted: number) {
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
