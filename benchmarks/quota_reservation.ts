/*
| npm run bench:quota — the SQLite quota reservation, two ways, in one run (ADR 0008).
|
| The one statement behind every SQL quota reservation,
|   UPDATE usage_counters SET count = count + ? WHERE user_id = ? AND period = ? AND count + ? <= ? RETURNING count
| run on one pooled connection of a knex sqlite3 client configured like config/database.ts
| (WAL, synchronous=NORMAL, one connection):
|   (raw)      knex's supported raw query (`db.rawQuery`): node-sqlite3 prepares, runs and
|              finalises a statement per call;
|   (prepared) the statement prepared once per raw connection, reached through knex's
|              acquireConnection/releaseConnection (not a public API), run per call.
| Each round runs both back to back (order alternating) for --duration seconds with
| --concurrency reservations in flight (the quota store has one per user and month; the
| pool serialises them) and prints reservations/s and process CPU µs per reservation
| (main thread + driver threads); the summary is the medians and the ratio raw/prepared.
|
| Options: --duration <seconds> (default 3), --rounds <n> (default 5), --concurrency <n>
| (default 4), --warmup <seconds> (default 2).
*/
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import knex, { type Knex } from 'knex'
import { median, option } from './shared.js'

const DURATION_SECONDS = option('duration', 3)
const ROUNDS = option('rounds', 5)
const CONCURRENCY = option('concurrency', 4)
const WARMUP_SECONDS = option('warmup', 2)

const INCREMENT =
  'UPDATE usage_counters SET count = count + ? WHERE user_id = ? AND period = ? AND count + ? <= ? RETURNING count'

type Reserve = (userId: number) => Promise<number | null>

function rawReserve(client: Knex): Reserve {
  return async (userId) => {
    const rows = await client.raw(INCREMENT, [1, userId, '2031-05', 1, 1e12])
    return rows.length === 1 ? Number(rows[0].count) : null
  }
}

function preparedReserve(client: Knex): Reserve {
  const statements = new WeakMap<object, any>()
  const pool = client.client as {
    acquireConnection(): Promise<any>
    releaseConnection(connection: unknown): Promise<unknown>
  }
  return async (userId) => {
    const connection = await pool.acquireConnection()
    try {
      let statement = statements.get(connection)
      if (!statement) {
        statement = connection.prepare(INCREMENT)
        statements.set(connection, statement)
      }
      const rows: { count: number }[] = await new Promise((resolve, reject) =>
        statement.all([1, userId, '2031-05', 1, 1e12], (error: Error | null, result: any) =>
          error ? reject(error) : resolve(result)
        )
      )
      return rows.length === 1 ? Number(rows[0].count) : null
    } finally {
      await pool.releaseConnection(connection)
    }
  }
}

interface Figures {
  perSecond: number
  cpuMicrosPerOp: number
}

async function measure(reserve: Reserve, seconds: number): Promise<Figures> {
  const deadline = performance.now() + seconds * 1000
  const cpuBefore = process.cpuUsage()
  const started = performance.now()
  let done = 0
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async (_, worker) => {
      while (performance.now() < deadline) {
        if ((await reserve(worker + 1)) === null) throw new Error('reservation matched no row')
        done++
      }
    })
  )
  const elapsedSeconds = (performance.now() - started) / 1000
  const cpu = process.cpuUsage(cpuBefore)
  return { perSecond: done / elapsedSeconds, cpuMicrosPerOp: (cpu.user + cpu.system) / done }
}

async function main() {
  const directory = mkdtempSync(join(tmpdir(), 'adrelay-bench-quota-'))
  const client = knex({
    client: 'sqlite3',
    connection: { filename: join(directory, 'bench.sqlite3') },
    useNullAsDefault: true,
    pool: {
      min: 1,
      max: 1,
      afterCreate: (conn: any, done: (error: Error | null, conn: any) => void) =>
        conn.run('PRAGMA journal_mode = WAL', () =>
          conn.run('PRAGMA synchronous = NORMAL', (error: Error | null) => done(error, conn))
        ),
    },
  })
  try {
    await client.schema.createTable('usage_counters', (table) => {
      table.integer('user_id').notNullable()
      table.string('period', 7).notNullable()
      table.bigInteger('count').notNullable().defaultTo(0)
      table.primary(['user_id', 'period'])
    })
    await client('usage_counters').insert(
      Array.from({ length: CONCURRENCY }, (_, index) => ({
        user_id: index + 1,
        period: '2031-05',
        count: 0,
      }))
    )
    const variants = { raw: rawReserve(client), prepared: preparedReserve(client) }
    for (const reserve of Object.values(variants)) await measure(reserve, WARMUP_SECONDS)

    const runs: Record<'raw' | 'prepared', Figures[]> = { raw: [], prepared: [] }
    const ratios: number[] = []
    for (let round = 0; round < ROUNDS; round++) {
      const order: Array<'raw' | 'prepared'> =
        round % 2 === 0 ? ['raw', 'prepared'] : ['prepared', 'raw']
      for (const name of order) runs[name].push(await measure(variants[name], DURATION_SECONDS))
      ratios.push(runs.raw[round].perSecond / runs.prepared[round].perSecond)
      console.log(
        `round ${round + 1}: raw ${runs.raw[round].perSecond.toFixed(0)}/s ${runs.raw[round].cpuMicrosPerOp.toFixed(1)} µs CPU  ` +
          `prepared ${runs.prepared[round].perSecond.toFixed(0)}/s ${runs.prepared[round].cpuMicrosPerOp.toFixed(1)} µs CPU  ` +
          `raw/prepared ${ratios[round].toFixed(3)}`
      )
    }
    console.log(
      `\nbench:quota — SQLite, ${CONCURRENCY} in flight, ${DURATION_SECONDS}s × ${ROUNDS} rounds (medians), Node ${process.version}`
    )
    for (const name of ['raw', 'prepared'] as const) {
      console.log(
        `(${name}) ${median(runs[name].map((run) => run.perSecond)).toFixed(0)} reservations/s, ` +
          `${median(runs[name].map((run) => run.cpuMicrosPerOp)).toFixed(1)} µs CPU each`
      )
    }
    console.log(
      `ratio raw/prepared = ${median(ratios).toFixed(3)} (median of the per-round ratios)`
    )
  } finally {
    await client.destroy()
    rmSync(directory, { recursive: true, force: true })
  }
}

main().catch((error) => {
  console.error(error)
  process.exitCode = 1
})
