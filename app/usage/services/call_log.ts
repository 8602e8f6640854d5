import db from '@adonisjs/lucid/services/db'
import logger from '@adonisjs/core/services/logger'
import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import { toDbTimestamp } from '#shared/db_time'
import { retryOnDeadlock } from '#shared/deadlock_retry'
import {
  MONTHLY_ROLLUP_TABLES,
  monthOf,
  ROLLUP_TABLES,
  upsertRollups,
} from '#usage/services/call_rollups'

/** One metered request, as written to `api_calls`. */
export interface ApiCallRecord {
  userId: number
  tokenId: number | null
  /** HTTP method, or `MCP` for tool calls */
  method: string
  /** Path (without query string) or `tools/call <name>` */
  endpoint: string
  statusCode: number
  responseTimeMs: number
  createdAt: Date
}

/**
 * Buffers call records and API key last-use times in memory and writes them in batches
 * after the responses went out, so the hot path does no database write for them. Flushes
 * every `flushIntervalMs` (default 1000 ms), when `maxBuffered` records are waiting, and on
 * clean shutdown (see providers/app_provider.ts), one transaction per `WRITE_CHUNK` records
 * with their rollups (run again when MySQL picks it as a deadlock victim: two instances add to
 * the same rollup rows). Records older than `retentionDays` and rollups older than
 * `rollupRetentionDays` are pruned hourly.
 */
export class CallLog {
  /** Each record as a JSON array row (see `insertRows`): one flat string, cheap to retain. */
  #rows: string[] = []
  /** Token id → last use, epoch ms */
  #lastUsed = new Map<number, number>()
  #timer: NodeJS.Timeout | null = null
  #flushing: Promise<void> | null = null

  #lastPrunedAt = 0

  constructor(
    readonly flushIntervalMs = 1000,
    readonly maxBuffered = 1000,
    /** Call records older than this are deleted (the privacy page promises 90 days). */
    readonly retentionDays = 90,
    /**
     * Hourly rollups (call_rollups.ts) older than this are deleted; longer than the raw rows,
     * so reports of past months outlive the call log (`USAGE_ROLLUP_RETENTION_DAYS`, 400).
     */
    readonly rollupRetentionDays = 400
  ) {}

  /**
   * Deletes call records older than `retentionDays`; returns how many. Runs at most hourly
   * from the flush loop, and on demand from `node ace usage:prune`.
   */
  async prune(now: Date = new Date()): Promise<number> {
    this.#lastPrunedAt = now.getTime()
    const cutoff = new Date(now.getTime() - this.retentionDays * 86_400_000)
    const deleted = await db
      .from('api_calls')
      .where('created_at', '<', toDbTimestamp(cutoff))
      .delete()
    return Array.isArray(deleted) ? Number(deleted[0]) : Number(deleted)
  }

  /** Whether records or last-use times are waiting to be written (or being written now). */
  get hasPending(): boolean {
    return this.#rows.length > 0 || this.#lastUsed.size > 0 || this.#flushing !== null
  }

  /**
   * Deletes rollup rows (every rollup table) of hours that started more than
   * `rollupRetentionDays` before `now`; returns how many rows went. A monthly row goes once its
   * whole month is past that cutoff (a month that straddles it is kept). Runs with
   * {@link prune} (hourly from the flush loop, and `node ace usage:prune`), so each run deletes
   * about one hour's rows through the `hour` indexes (migrations 0800, 0810).
   */
  async pruneRollups(now: Date = new Date()): Promise<number> {
    const cutoff = toDbTimestamp(new Date(now.getTime() - this.rollupRetentionDays * 86_400_000))
    let total = 0
    for (const table of ROLLUP_TABLES) {
      const before = MONTHLY_ROLLUP_TABLES.includes(table) ? monthOf(cutoff) : cutoff
      const deleted = await db.from(table).where('hour', '<', before).delete()
      total += Array.isArray(deleted) ? Number(deleted[0]) : Number(deleted)
    }
    return total
  }

  /** Queues a record; never throws and never waits for storage. */
  record(entry: ApiCallRecord) {
    // Serialised at once: a buffered object graph (record, Date, strings) per request
    // survived into the old generation and made measurable garbage-collection work.
    this.#rows.push(serializeCallRecord(entry, this.#timestamp(entry.createdAt)))
    if (entry.tokenId !== null) this.#lastUsed.set(entry.tokenId, entry.createdAt.getTime())
    if (this.#rows.length >= this.maxBuffered) {
      void this.flush()
    } else if (!this.#timer) {
      this.#timer = setTimeout(() => {
        this.#timer = null
        void this.flush()
      }, this.flushIntervalMs)
      this.#timer.unref()
    }
  }

  #lastSecond = Number.NaN
  #lastTimestamp = ''

  /** `toDbTimestamp(date)`, formatted once per second (timestamps are stored to the second). */
  #timestamp(date: Date): string {
    const second = Math.floor(date.getTime() / 1000)
    if (second !== this.#lastSecond) {
      this.#lastSecond = second
      this.#lastTimestamp = toDbTimestamp(date)
    }
    return this.#lastTimestamp
  }

  /** Number of records waiting to be written. */
  get pending() {
    return this.#rows.length
  }

  /** Writes everything buffered; concurrent calls share one write. */
  async flush(): Promise<void> {
    if (this.#flushing) {
      await this.#flushing
      if (this.#rows.length === 0 && this.#lastUsed.size === 0) return
    }
    this.#flushing = this.#write().finally(() => {
      this.#flushing = null
    })
    return this.#flushing
  }

  async #write() {
    if (this.#timer) {
      clearTimeout(this.#timer)
      this.#timer = null
    }
    const rows = this.#rows
    const lastUsed = this.#lastUsed
    this.#rows = []
    this.#lastUsed = new Map()
    if (rows.length === 0 && lastUsed.size === 0) return
    // One transaction per WRITE_CHUNK rows (each with its own rollups, so log and rollups
    // still never disagree), not one for the whole batch: on SQLite the main connection is
    // the single writer, and a quota reservation waiting for it then waits for one chunk,
    // not for a thousand rows and their rollups.
    let written = 0
    try {
      for (; written < rows.length; written += WRITE_CHUNK) {
        const chunk = rows.slice(written, written + WRITE_CHUNK)
        // A deadlock victim (MySQL, two instances adding to the same rollup rows) was rolled
        // back whole: run it again rather than lose the chunk.
        await retryOnDeadlock(() => db.transaction((trx) => writeCallRows(trx, chunk)))
      }
      if (lastUsed.size > 0) {
        await retryOnDeadlock(() =>
          db.transaction(async (trx) => {
            // In token id order, so two instances lock the same keys' rows in one order.
            for (const [tokenId, usedAtMs] of [...lastUsed].sort(([a], [b]) => a - b)) {
              const usedAt = new Date(usedAtMs)
              await trx
                .from('api_tokens')
                .where('id', tokenId)
                .where((query) =>
                  query
                    .whereNull('last_used_at')
                    .orWhere('last_used_at', '<', toDbTimestamp(usedAt))
                )
                .update({ last_used_at: toDbTimestamp(usedAt) })
            }
          })
        )
      }
    } catch (error) {
      // Usage statistics must never take the API down; the quota counter is separate.
      logger.error(
        { err: error, lost: Math.max(0, rows.length - written) },
        'could not write API call log batch'
      )
    }
    if (Date.now() - this.#lastPrunedAt > 3_600_000) {
      await this.prune().catch((error) => logger.error({ err: error }, 'call log pruning failed'))
      await this.pruneRollups().catch((error) =>
        logger.error({ err: error }, 'call rollup pruning failed')
      )
    }
  }
}

/**
 * Writes serialised call rows (see {@link serializeCallRecord}) to `api_calls` and adds them
 * to the hourly rollups (call_rollups.ts) through `trx`, so log and rollups never disagree.
 */
export async function writeCallRows(trx: TransactionClientContract, rows: string[]) {
  for (let index = 0; index < rows.length; index += INSERT_CHUNK) {
    await insertRows(trx, rows.slice(index, index + INSERT_CHUNK))
  }
  await upsertRollups(trx, rows)
}

/**
 * A call record as the JSON array row the batch writer stores:
 * `[user_id, token_id, method, endpoint (≤ 255 chars), status_code, response_time_ms, created_at]`.
 */
export function serializeCallRecord(
  entry: ApiCallRecord,
  createdAt = toDbTimestamp(entry.createdAt)
) {
  return JSON.stringify([
    entry.userId,
    entry.tokenId,
    entry.method,
    entry.endpoint.slice(0, 255),
    entry.statusCode,
    Math.max(0, Math.round(entry.responseTimeMs)),
    createdAt,
  ])
}

/** Rows per INSERT statement (about 100 bytes of JSON each). */
const INSERT_CHUNK = 1000

/**
 * Rows per call-log transaction (rows and their rollups). A quarter of the default batch
 * (`maxBuffered` 1000): small enough that a quota reservation queued behind it on SQLite's
 * single writer waits a few ms, large enough that the rollup upserts stay few.
 */
const WRITE_CHUNK = 250

const INSERT_COLUMNS =
  'INSERT INTO api_calls (user_id, token_id, method, endpoint, status_code, response_time_ms, created_at)'

/**
 * Writes call records with ONE bound parameter: the rows as a JSON array of arrays
 * `[user_id, token_id, method, endpoint, status_code, response_time_ms, created_at]`,
 * unpacked by the database (`json_each` on SQLite, `JSON_TABLE` on MySQL 8 / MariaDB 10.6+).
 * Building a multi-row INSERT with seven bindings per row through the query builder cost
 * several microseconds per metered request on the event loop.
 */
async function insertRows(trx: TransactionClientContract, rows: string[]) {
  const json = `[${rows.join(',')}]`
  if (trx.dialect.name === 'mysql') {
    await trx.rawQuery(
      `${INSERT_COLUMNS} SELECT * FROM JSON_TABLE(?, '$[*]' COLUMNS (
        user_id BIGINT PATH '$[0]', token_id BIGINT PATH '$[1]', method VARCHAR(16) PATH '$[2]',
        endpoint VARCHAR(255) PATH '$[3]', status_code INT PATH '$[4]',
        response_time_ms INT PATH '$[5]', created_at DATETIME PATH '$[6]')) AS calls`,
      [json]
    )
    return
  }
  await trx.rawQuery(
    `${INSERT_COLUMNS} SELECT value ->> 0, value ->> 1, value ->> 2, value ->> 3, value ->> 4,
      value ->> 5, value ->> 6 FROM json_each(?)`,
    [json]
  )
}
