/*
| npm run bench:analytics — analytics and admin stats over a big call log, and what they do to
| the metered hot path (issue 18).
|
| Seeds, per backend, 3,000,000 calls for one Agency user (the "heavy" user, an admin too) and
| 10,000,000 across 1,000 other users, spread over the last 90 days (the call log's retention),
| as raw `api_calls` rows AND hourly rollups. The rollups are computed with SQL from the raw
| rows, grouped exactly as `upsertRollups` (app/usage/services/call_rollups.ts) groups a batch:
| per user, token (0 = none) and UTC hour; successes = status 200-399; status classes; per
| method + endpoint; and the response-time histogram, where every seeded response time is a
| bucket bound of `latencyBucketMs` (checked below), so `bucket_ms = response_time_ms`.
|
| Then it starts the production build (build/, `node ace build` first unless --no-build and it
| exists), signs the heavy user in through the real Google sign-in against a loopback OIDC
| stand-in (oauth2-mock-server, as tests/functional/accounts/google_sign_in.spec.ts does), and
| measures over HTTP (so it measures whatever connections the app uses):
|   - Advanced Analytics (`GET /api/usage/analytics`, current month) p50/p95, sequential
|     requests (target p95 ≤ 50 ms);
|   - admin stats (`GET /api/admin/stats`) p50/p95;
|   - the metered route (`GET /api/v1/usage` + key) p99 alone, then with analytics reads
|     beside it at a fixed offered rate (--analytics-rate per second, open loop: a crowd
|     opening Advanced Analytics; target: within 20 %). The metered p99 is taken at a fixed
|     offered rate too (--load-share of the route's saturated throughput, measured first; open
|     loop, timed from each request's scheduled instant), so it shows whether analytics stall
|     the hot path (a held connection, a lock, a blocked event loop). The target's figure comes
|     from one run per round cut into alternating alone/beside slots (--slot-ms, random order in
|     each pair, the first --guard-ms of a slot left out), pooled over the rounds: the machine's
|     drift and stalls fall on both kinds of slot alike; the alone slots' two halves (every other
|     one) against each other give the noise floor of that ratio (an A/A comparison). The reads
|     are made from a worker thread, as other clients would make them, and the load generator's
|     own event-loop lateness is printed per kind of slot (beside must not be later there, or
|     the ratio would count the generator's work as the server's). The same
|     p99 from separate 10 s phases (alone, then beside, order alternating per round) is printed
|     too; on this shared 2-core VM a single stall lands in one phase and moves that figure by
|     more than the target's 20 %.
|   - printed beside, not the target's figure: the same p99 with READERS analytics loops
|     running flat out, and the saturated throughput (autocannon) alone and beside them. On a
|     2-core machine that load asks for both cores, so these show the CPU analytics take, not
|     stalls (a closed loop's p99 is its queue over its throughput).
|   - how late the server's own event loop ran during the alone and beside phases (p99 and max,
|     with its GC pauses; benchmarks/event_loop_probe.mjs, preloaded with `node --import`): the
|     server's stalls without the tail the load generator, sharing the machine, adds.
|
| Before measuring SQLite, the seeded file is read through once (page cache warmed, as on a
| server that has been up a while); its size and the memory available are printed.
|
| Backends: SQLite always (unless --mysql-only); MySQL too when DB_CONNECTION=mysql (MYSQL_HOST,
| MYSQL_PORT, MYSQL_USER, DB_DATABASE as for the app; REDIS_URL adds Redis). The database given is
| overwritten: use one meant for benchmarks.
|
| Seeded data is cached: SQLite in tmp/bench_analytics_<scale>.sqlite3, MySQL in the database
| itself, both marked with the scale and the UTC day of seeding; a rerun the same day at the
| same scale skips seeding (--reseed forces it) and deletes the earlier runs' load users
| (bench-analytics-load-*) with the calls they logged, so every run measures the same seed.
|
| Options: BENCH_SCALE=<fraction> (env; default 1; 0.01 seeds 30,000 + 100,000 calls),
| --samples <n> sequential requests per read endpoint (default 200), --duration <s> of each
| metered measurement (default 10), --connections <n> for the metered load (default 10),
| --analytics-rate <n> analytics reads per second beside it (default 10), --readers <n>
| analytics loops flat out for the printed contention figure (default 2), --rounds <n> alternating
| alone/beside measurements (default 3; p99 = median over rounds), --interleave <s> of the
| interleaved measurement per round (default 30), --slot-ms (default 500), --guard-ms (default
| 100), --load-share <0-1> (default
| 0.5), --settle <s> of unrecorded fixed-rate load after each saturated phase (default 5), --no-build, --reseed, --seed-only (prepare the seed and stop: seeding is CPU-heavy
| and need not run on a quiet machine), --mysql-only (leave SQLite out).
*/
import { spawn, spawnSync, type ChildProcess } from 'node:child_process'
import { createReadStream, existsSync, readFileSync, rmSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import http from 'node:http'
import { createHistogram, performance } from 'node:perf_hooks'
import { Worker } from 'node:worker_threads'
import autocannon from 'autocannon'
import knex, { type Knex } from 'knex'
import { OAuth2Server } from 'oauth2-mock-server'
import { latencyBucketMs } from '#usage/services/latency_buckets'
import { cpuMicrosOf, freePort, median, option } from './shared.js'

const ROOT = fileURLToPath(new URL('../', import.meta.url))
const BUILD = `${ROOT}build/`

const SCALE = Number(process.env.BENCH_SCALE ?? 1)
const SAMPLES = option('samples', 200)
const DURATION_SECONDS = option('duration', 10)
const CONNECTIONS = option('connections', 10)
const READERS = option('readers', 2)
/** Analytics reads per second offered beside the metered load (open loop; the target's figure). */
const ANALYTICS_RATE = option('analytics-rate', 10)
const ROUNDS = option('rounds', 3)
/** Unrecorded fixed-rate load before a measured phase that follows a saturated one (s). */
const SETTLE_SECONDS = option('settle', 5)
/** Share of the route's saturated throughput (alone) offered at a fixed rate. */
const LOAD_SHARE = option('load-share', 0.5)
/** Length of the interleaved measurement per round (s), and of its alone/beside slots (ms). */
const INTERLEAVE_SECONDS = option('interleave', 30)
const SLOT_MS = option('slot-ms', 500)
/** Start of each slot left out of both figures (ms): reads still in flight from the last slot. */
const GUARD_MS = option('guard-ms', 100)
const HEAVY_CALLS = Math.round(3_000_000 * SCALE)
const SPREAD_CALLS = Math.round(10_000_000 * SCALE)
const SPREAD_USERS = 1_000
const RETENTION_SECONDS = 90 * 24 * 3600
/** Rows per INSERT … SELECT statement (one transaction each). */
const CHUNK = 1_000_000
const HEAVY_EMAIL = 'bench-analytics-heavy@example.test'

/** Endpoints the seeded calls hit (method, path), chosen per row by a hash. */
const ENDPOINTS: Array<[string, string]> = [
  ['GET', '/api/v1/usage'],
  ['GET', '/api/v1/me'],
  ['GET', '/api/v1/meta/ad-accounts'],
  ['GET', '/api/v1/meta/campaigns'],
  ['GET', '/api/v1/meta/insights'],
  ['POST', '/api/v1/meta/campaigns'],
  ['POST', '/api/v1/meta/campaigns/status'],
  ['POST', '/api/v1/meta/budgets'],
  ['GET', '/api/v1/rules'],
  ['POST', '/api/v1/rules'],
  ['GET', '/api/v1/alerts/notifications'],
  ['GET', '/api/v1/leads'],
  ['POST', '/mcp'],
  ['GET', '/internal/meta/ad-accounts'],
  ['GET', '/api/v1/keys'],
  ['POST', '/api/v1/keys'],
  ['GET', '/api/v1/usage/report'],
  ['GET', '/api/v1/meta/ads'],
  ['GET', '/api/v1/meta/adsets'],
  ['POST', '/api/v1/meta/ads/status'],
]

// Every seeded response time must be a histogram bucket bound, so the SQL rollup
// (`bucket_ms = response_time_ms`) is what `upsertRollups` would write.
for (let ms = 5; ms < 100; ms++) check(ms)
for (let ms = 100; ms < 1000; ms += 10) check(ms)
function check(ms: number) {
  if (latencyBucketMs(ms) !== ms) throw new Error(`${ms} ms is not a histogram bucket bound`)
}

interface Backend {
  label: string
  env: NodeJS.ProcessEnv
  db: () => Knex
  mysql: boolean
}

function run(args: string[], env: NodeJS.ProcessEnv) {
  const result = spawnSync(process.execPath, args, { cwd: BUILD, env, encoding: 'utf8' })
  if (result.status !== 0) {
    throw new Error(`${args.join(' ')} failed:\n${result.stderr}${result.stdout}`)
  }
  return result.stdout
}

/**
 * Email prefix of the users whose keys make the metered load (`mintLoadKey`): deleted, with
 * their calls, before a rerun on the same seed.
 */
const LOAD_USER_PREFIX = 'bench-analytics-load-'

/** An Agency key of a new load user (`LOAD_USER_PREFIX` + `name`), with its own quota. */
function mintLoadKey(env: NodeJS.ProcessEnv, name: string) {
  return mintKey(env, `${LOAD_USER_PREFIX}${name}-${Date.now()}@example.test`)
}

function mintKey(env: NodeJS.ProcessEnv, email: string) {
  const output = run(['ace.js', 'keys:create', email, '--create-user', '--plan', 'agency'], env)
  const key = output.match(/adr_[0-9A-Za-z]{28}/)?.[0]
  if (!key) throw new Error(`could not mint a key:\n${output}`)
  return key
}

/** A derived table `(…) seq` with column `n` = 0 … 10^digits − 1 (cross joins of digits). */
function sequenceSql(digits: number) {
  const digitsTable = `(${Array.from({ length: 10 }, (_, x) => `SELECT ${x} AS x`).join(' UNION ALL ')})`
  const tables = Array.from({ length: digits }, (_, index) => `${digitsTable} d${index}`)
  const sum = Array.from({ length: digits }, (_, index) => `d${index}.x * ${10 ** index}`)
  return `(SELECT ${sum.join(' + ')} AS n FROM ${tables.join(', ')}) seq`
}

/**
 * Inserts `count` calls (`offset` … `offset + count − 1` of the stream) in chunks: user
 * `firstUser + n % users`, times evenly spread over the 90 days before `nowSeconds` (in
 * stream order, so the indexes grow at their ends), status 95 % 200, 2 % 422, 2 % 429, 1 %
 * 500, response times 90 % 5-99 ms and 10 % 100-990 ms (bucket bounds), endpoints by hash.
 */
async function seedCalls(
  db: Knex,
  mysql: boolean,
  firstUser: number,
  users: number,
  count: number,
  nowSeconds: number
) {
  const sequence = sequenceSql(6)
  const endpoints = ENDPOINTS.map(
    ([method, path], index) => `SELECT ${index} AS i, '${method}' AS method, '${path}' AS endpoint`
  ).join(' UNION ALL ')
  const start = nowSeconds - RETENTION_SECONDS
  // Integer division: `/` on integers in SQLite, `DIV` in MySQL (where `/` is decimal).
  const div = (value: string, by: number) =>
    mysql ? `((${value}) DIV ${by})` : `((${value}) / ${by})`
  const at = (seconds: string) =>
    mysql
      ? `DATE_ADD('1970-01-01 00:00:00', INTERVAL ${seconds} SECOND)`
      : `datetime(${seconds}, 'unixepoch')`
  for (let offset = 0; offset < count; offset += CHUNK) {
    const size = Math.min(CHUNK, count - offset)
    const index = `(seq.n + ${offset})`
    const hash = `(${index} * 2654435761 % 4294967296)`
    await db.raw(`
      INSERT INTO api_calls (user_id, token_id, method, endpoint, status_code, response_time_ms, created_at)
      SELECT ${firstUser} + ${index} % ${users}, NULL, e.method, e.endpoint,
        CASE WHEN ${hash} % 100 < 95 THEN 200 WHEN ${hash} % 100 < 97 THEN 422
             WHEN ${hash} % 100 < 99 THEN 429 ELSE 500 END,
        CASE WHEN ${div(hash, 100)} % 10 < 9 THEN 5 + ${div(hash, 1000)} % 95
             ELSE 100 + (${div(hash, 1000)} % 90) * 10 END,
        ${at(`${start} + ${div(`${index} * ${RETENTION_SECONDS}`, count)}`)}
      FROM ${sequence}
      JOIN (${endpoints}) e ON e.i = ${div(hash, 100000)} % ${ENDPOINTS.length}
      WHERE seq.n < ${size}
    `)
    process.stdout.write(`  ${(offset + size).toLocaleString('en-US')} calls\r`)
  }
  process.stdout.write('\n')
}

/** The rollup tables, computed from every raw row as the batch writer groups them. */
async function seedRollups(db: Knex, mysql: boolean) {
  const hour = mysql
    ? `DATE_FORMAT(created_at, '%Y-%m-%d %H:00:00')`
    : `substr(created_at, 1, 13) || ':00:00'`
  const success = 'CASE WHEN status_code BETWEEN 200 AND 399 THEN 1 ELSE 0 END'
  const statusClass = (low: number) =>
    `SUM(CASE WHEN status_code BETWEEN ${low} AND ${low + 99} THEN 1 ELSE 0 END)`
  await db.raw(`
    INSERT INTO api_call_rollups (user_id, token_id, hour, calls, successes,
      status_2xx, status_3xx, status_4xx, status_5xx, status_other)
    SELECT user_id, COALESCE(token_id, 0), ${hour}, COUNT(*), SUM(${success}),
      ${statusClass(200)}, ${statusClass(300)}, ${statusClass(400)}, ${statusClass(500)},
      SUM(CASE WHEN status_code < 200 OR status_code > 599 THEN 1 ELSE 0 END)
    FROM api_calls GROUP BY user_id, COALESCE(token_id, 0), ${hour}`)
  await db.raw(`
    INSERT INTO api_call_endpoint_rollups (user_id, token_id, hour, method, endpoint, calls, successes)
    SELECT user_id, COALESCE(token_id, 0), ${hour}, method, endpoint, COUNT(*), SUM(${success})
    FROM api_calls GROUP BY user_id, COALESCE(token_id, 0), ${hour}, method, endpoint`)
  await db.raw(`
    INSERT INTO api_call_latency_rollups (user_id, token_id, hour, bucket_ms, calls)
    SELECT user_id, COALESCE(token_id, 0), ${hour}, response_time_ms, COUNT(*)
    FROM api_calls GROUP BY user_id, COALESCE(token_id, 0), ${hour}, response_time_ms`)
  // Each calendar grain summed from the one below it: days from hours, months from days.
  const grains = [
    {
      grain: 'daily',
      from: '',
      start: mysql
        ? `DATE_FORMAT(hour, '%Y-%m-%d 00:00:00')`
        : `substr(hour, 1, 10) || ' 00:00:00'`,
    },
    {
      grain: 'monthly',
      from: '_daily',
      start: mysql
        ? `DATE_FORMAT(hour, '%Y-%m-01 00:00:00')`
        : `substr(hour, 1, 7) || '-01 00:00:00'`,
    },
  ]
  for (const { grain, from, start } of grains) {
    await db.raw(`
      INSERT INTO api_call_latency_${grain}_rollups (user_id, token_id, hour, bucket_ms, calls)
      SELECT user_id, token_id, ${start}, bucket_ms, SUM(calls)
      FROM api_call_latency${from}_rollups GROUP BY user_id, token_id, ${start}, bucket_ms`)
    await db.raw(`
      INSERT INTO api_call_endpoint_${grain}_rollups (user_id, token_id, hour, method, endpoint, calls, successes)
      SELECT user_id, token_id, ${start}, method, endpoint, SUM(calls), SUM(successes)
      FROM api_call_endpoint${from}_rollups GROUP BY user_id, token_id, ${start}, method, endpoint`)
  }
}

/** The seed marker in the database, or null when it has none. */
async function seedMarker(db: Knex): Promise<string | null> {
  if (!(await db.schema.hasTable('bench_analytics_seed'))) return null
  const row = await db('bench_analytics_seed').first()
  return row?.marker ?? null
}

/** Migrates, creates the users and seeds calls + rollups, unless today's seed is there. */
async function prepare(backend: Backend, reseed: boolean) {
  const marker = `${SCALE}@${new Date().toISOString().slice(0, 10)}`
  const sqliteFile = backend.env.SQLITE_FILE!
  if (!backend.mysql && existsSync(sqliteFile)) {
    const db = backend.db()
    const found = await seedMarker(db).finally(() => db.destroy())
    if (found !== marker || reseed) {
      for (const suffix of ['', '-wal', '-shm']) rmSync(sqliteFile + suffix, { force: true })
    }
  }
  run(['ace.js', 'migration:run', '--force'], backend.env)
  const db = backend.db()
  try {
    if ((await seedMarker(db)) === marker && !reseed) {
      // An earlier run's load users, with everything they logged (foreign keys cascade):
      // otherwise each run's millions of metered calls stay in the seed and reruns differ.
      const began = performance.now()
      // (SQLite enforces foreign keys per connection; knex's SQLite pool has one.)
      if (!backend.mysql) await db.raw('PRAGMA foreign_keys = ON')
      const deleted = await db('users').where('email', 'like', `${LOAD_USER_PREFIX}%`).delete()
      console.log(
        `seed ${marker} found, not seeding again; ${deleted} earlier load users and their ` +
          `calls deleted in ${((performance.now() - began) / 1000).toFixed(1)} s`
      )
      return
    }
    if (backend.mysql) {
      // Start from an empty call log (the database is the benchmark's own).
      for (const table of [
        'api_call_endpoint_monthly_rollups',
        'api_call_latency_monthly_rollups',
        'api_call_endpoint_daily_rollups',
        'api_call_latency_daily_rollups',
        'api_call_latency_rollups',
        'api_call_endpoint_rollups',
        'api_call_rollups',
        'api_calls',
      ])
        await db.raw(`TRUNCATE TABLE ${table}`)
      await db('users').where('email', 'like', 'bench-analytics-%').delete()
    }
    await db.schema.dropTableIfExists('bench_analytics_seed')

    const began = performance.now()
    mintKey(backend.env, HEAVY_EMAIL)
    run(['ace.js', 'users:promote', HEAVY_EMAIL], backend.env)
    const heavy = await db('users').where('email', HEAVY_EMAIL).first()
    // Explicit, consecutive ids: the seeding SQL maps call n to user `first + n % 1000`.
    const last = await db('users').max('id as id').first()
    const firstId = Number(last?.id ?? 0) + 1
    const now = new Date()
    const stamp = backend.mysql ? now : now.toISOString().slice(0, 19).replace('T', ' ')
    const users = Array.from({ length: SPREAD_USERS }, (_, index) => ({
      id: firstId + index,
      email: `bench-analytics-${index}@example.test`,
      role: 'user',
      created_at: stamp,
      updated_at: stamp,
    }))
    for (let index = 0; index < users.length; index += 200) {
      await db('users').insert(users.slice(index, index + 200))
    }
    const nowSeconds = Math.floor(now.getTime() / 1000)
    console.log(`seeding ${HEAVY_CALLS.toLocaleString('en-US')} calls for the heavy user`)
    await seedCalls(db, backend.mysql, Number(heavy.id), 1, HEAVY_CALLS, nowSeconds)
    console.log(
      `seeding ${SPREAD_CALLS.toLocaleString('en-US')} calls across ${SPREAD_USERS} users`
    )
    await seedCalls(db, backend.mysql, firstId, SPREAD_USERS, SPREAD_CALLS, nowSeconds)
    console.log('computing the rollups')
    await seedRollups(db, backend.mysql)
    // The rollups account for every raw row, as the batch writer's would.
    const raw = Number((await db('api_calls').count('* as n').first())?.n)
    for (const table of [
      'api_call_rollups',
      'api_call_endpoint_rollups',
      'api_call_latency_rollups',
      'api_call_latency_daily_rollups',
      'api_call_endpoint_daily_rollups',
      'api_call_latency_monthly_rollups',
      'api_call_endpoint_monthly_rollups',
    ]) {
      const summed = Number((await db(table).sum('calls as n').first())?.n)
      if (summed !== raw) throw new Error(`${table} sums ${summed} calls, the log holds ${raw}`)
    }
    await db.schema.createTable('bench_analytics_seed', (table) => {
      table.string('marker', 64)
    })
    await db('bench_analytics_seed').insert({ marker })
    console.log(`seeded in ${((performance.now() - began) / 1000).toFixed(0)} s`)
  } finally {
    await db.destroy()
  }
}

/** One window of the server's event-loop probe (benchmarks/event_loop_probe.mjs), in ms. */
interface LoopWindow {
  p50: number
  p99: number
  p999: number
  max: number
  gcCount: number
  gcMs: number
  gcMaxMs: number
}

/**
 * Starts the production server with the event-loop probe preloaded. `probe()` closes the
 * probe's current window and resolves with its figures (the next window starts at once).
 */
function startServer(env: NodeJS.ProcessEnv) {
  let output = ''
  let pending = ''
  const waiting: Array<(window: LoopWindow) => void> = []
  const child: ChildProcess = spawn(
    process.execPath,
    ['--import', new URL('./event_loop_probe.mjs', import.meta.url).href, 'bin/server.js'],
    { cwd: BUILD, env, stdio: ['ignore', 'pipe', 'pipe'] }
  )
  child.stdout!.on('data', (chunk) => (output += chunk))
  child.stderr!.on('data', (chunk) => {
    pending += chunk
    const lines = pending.split('\n')
    pending = lines.pop()!
    for (const line of lines) {
      if (line.startsWith('event-loop-probe ')) {
        waiting.shift()?.(JSON.parse(line.slice('event-loop-probe '.length)) as LoopWindow)
      } else {
        output += `${line}\n`
      }
    }
  })
  const probe = () =>
    new Promise<LoopWindow>((resolve) => {
      waiting.push(resolve)
      child.kill('SIGUSR2')
    })
  return { child, output: () => output, probe }
}

async function waitFor(url: string, child: ChildProcess, output: () => string) {
  const deadline = Date.now() + 60_000
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited early:\n${output()}`)
    try {
      if ((await fetch(url)).ok) return
    } catch {}
    await new Promise((resolve) => setTimeout(resolve, 200))
  }
  throw new Error(`${url} did not answer:\n${output()}`)
}

/** Google sign-in of the heavy user through the stand-in; returns the session cookie header. */
async function signIn(appUrl: string) {
  const cookies = new Map<string, string>()
  const store = (response: Response) => {
    for (const line of response.headers.getSetCookie()) {
      const [pair] = line.split(';')
      const [name, value] = pair.split('=')
      cookies.set(name, value)
    }
  }
  const header = () => [...cookies].map(([name, value]) => `${name}=${value}`).join('; ')
  const login = await fetch(`${appUrl}/api/login`, { redirect: 'manual' })
  store(login)
  const authorizeUrl = new URL(login.headers.get('location')!)
  authorizeUrl.searchParams.set('redirect_uri', `${appUrl}/api/callback`)
  const authorize = await fetch(authorizeUrl, { redirect: 'manual' })
  const callback = await fetch(authorize.headers.get('location')!, {
    redirect: 'manual',
    headers: { cookie: header() },
  })
  store(callback)
  if (callback.status !== 302 || callback.headers.get('location') !== '/') {
    throw new Error(`sign-in failed: ${callback.status} ${await callback.text()}`)
  }
  return header()
}

/**
 * `samples` sequential GETs; returns p50 and p95 in ms (nearest rank) and the server's CPU time
 * per request in ms (user + system of every thread of process `pid`, from /proc; NaN without
 * it): on MySQL that is the JavaScript a read costs (driver, session, JSON), on SQLite the
 * queries too, which run in the process's own threads.
 */
async function latencies(url: string, cookie: string, samples: number, pid?: number) {
  const cpuBefore = cpuMicrosOf(pid)
  const times: number[] = []
  for (let index = 0; index < samples; index++) {
    const began = performance.now()
    const response = await fetch(url, { headers: { cookie, accept: 'application/json' } })
    await response.arrayBuffer()
    if (response.status !== 200) throw new Error(`${url} answered ${response.status}`)
    times.push(performance.now() - began)
  }
  const cpuMs = (cpuMicrosOf(pid) - cpuBefore) / samples / 1000
  times.sort((a, b) => a - b)
  const rank = (q: number) => times[Math.max(0, Math.ceil(q * times.length) - 1)]
  return { p50: rank(0.5), p95: rank(0.95), cpuMs }
}

/**
 * Open-loop load on the metered route: `rate` requests per second for `seconds`, each sent at
 * its scheduled instant (or as soon as one of CONNECTIONS keep-alive connections is free),
 * timed from that instant, so a stall delays every request scheduled behind it (no coordinated
 * omission). `record(offset, latency)` gets each answer's scheduled offset from the start (ms)
 * and its latency (ns); `tick(offset)` runs at every scheduling pass (about each ms). Resolves
 * with the rate achieved; any non-200 answer fails the benchmark.
 */
async function openLoop(
  url: string,
  key: string,
  rate: number,
  seconds: number,
  record: (offsetMs: number, latencyNs: number) => void,
  tick: (offsetMs: number) => void = () => {}
) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: CONNECTIONS })
  const total = Math.round(rate * seconds)
  const started = performance.now()
  let sent = 0
  let done = 0
  let refused = 0
  await new Promise<void>((resolve, reject) => {
    const finish = (scheduled: number) => {
      record(scheduled - started, Math.max(1, Math.round((performance.now() - scheduled) * 1e6)))
      if (++done === total) resolve()
    }
    const release = () => {
      const offset = performance.now() - started
      const due = Math.min(total, Math.floor((offset / 1000) * rate) + 1)
      for (; sent < due; sent++) {
        const scheduled = started + (sent * 1000) / rate
        http
          .get(url, { agent, headers: { authorization: `Bearer ${key}` } }, (response) => {
            if (response.statusCode !== 200) refused++
            response.resume()
            response.on('end', () => finish(scheduled))
          })
          .on('error', reject)
      }
      tick(offset)
      if (sent < total) setTimeout(release, 1)
    }
    release()
  })
  const elapsed = (performance.now() - started) / 1000
  agent.destroy()
  if (refused > 0) throw new Error(`metered route: ${refused} non-200 answers`)
  return total / elapsed
}

/**
 * {@link openLoop} for `seconds` (DURATION_SECONDS by default): p50/p99 in ms (perf_hooks
 * histogram, ns resolution) and the rate achieved.
 */
async function meteredAtRate(
  url: string,
  key: string,
  rate: number,
  seconds: number = DURATION_SECONDS
) {
  const histogram = createHistogram()
  const achieved = await openLoop(url, key, rate, seconds, (_, latency) =>
    histogram.record(latency)
  )
  return {
    p50: histogram.percentile(50) / 1e6,
    p99: histogram.percentile(99) / 1e6,
    requestsPerSecond: achieved,
  }
}

/**
 * The target's figure, interleaved: one {@link openLoop} at `rate` req/s for
 * INTERLEAVE_SECONDS, cut into SLOT_MS slots in pairs, one slot alone and one with analytics
 * reads at `analyticsRate`/s beside it (open loop, sent only during that slot), the pair's
 * order drawn at random. Each metered request counts for the slot its scheduled instant falls
 * in, except in a slot's first GUARD_MS (reads of the last slot still in flight). Background
 * load on a shared machine drifts over seconds, and a stall of the machine (the load
 * generator's, another process's) hits both kinds of slot alike, where back-to-back phases of
 * 10 s each catch it in one phase only. Returns both histograms (ns), for this round's p99s and
 * for pooling, and the reads answered.
 */
async function interleavedAtRate(
  meteredUrl: string,
  key: string,
  rate: number,
  analyticsUrl: string,
  cookie: string,
  analyticsRate: number
) {
  // Alone slots alternate between two halves: their p99s' ratio is what noise alone does (A/A).
  const aloneHalves = [createHistogram(), createHistogram()]
  const beside = createHistogram()
  const slots = Math.max(2, Math.round((INTERLEAVE_SECONDS * 1000) / SLOT_MS / 2) * 2)
  const besideSlot: boolean[] = []
  for (let pair = 0; pair < slots / 2; pair++) {
    const besideFirst = Math.random() < 0.5
    besideSlot.push(besideFirst, !besideFirst)
  }
  // Beside slots before each slot (so `slot - besideBefore[slot]` alone slots before it).
  const besideBefore = besideSlot.map((_, slot) => besideSlot.slice(0, slot).filter(Boolean).length)
  const readsPerSlot = (SLOT_MS * analyticsRate) / 1000
  const crowd = readCrowd(analyticsUrl, cookie)
  let readsSent = 0
  // The load generator's own lateness: how far past its 1 ms timer each scheduling pass ran
  // (ns), per kind of slot. Beside slots must not be later here than alone ones, or the
  // generator, not the server, is what the ratio measures.
  const generatorLate = { alone: createHistogram(), beside: createHistogram() }
  let lastTick = performance.now()
  await openLoop(
    meteredUrl,
    key,
    rate,
    (slots * SLOT_MS) / 1000,
    (offset, latency) => {
      if (offset % SLOT_MS < GUARD_MS) return
      const slot = Math.floor(offset / SLOT_MS)
      if (besideSlot[slot]) beside.record(latency)
      else aloneHalves[(slot - besideBefore[slot]) % 2].record(latency)
    },
    (offset) => {
      const slot = Math.floor(offset / SLOT_MS)
      const now = performance.now()
      if (slot < slots) {
        const late = Math.max(1, Math.round((now - lastTick - 1) * 1e6))
        generatorLate[besideSlot[slot] ? 'beside' : 'alone'].record(late)
      }
      lastTick = now
      if (!besideSlot[slot]) return // an alone slot, or past the last one
      // The reads due by now: every earlier beside slot's, and this one's so far.
      const inSlot = Math.min(
        readsPerSlot,
        Math.floor(((offset % SLOT_MS) / 1000) * analyticsRate) + 1
      )
      for (; readsSent < Math.round(besideBefore[slot] * readsPerSlot + inSlot); readsSent++) {
        crowd.send()
      }
    }
  )
  const alone = createHistogram()
  for (const half of aloneHalves) alone.add(half)
  return { alone, aloneHalves, beside, generatorLate, reads: await crowd.settle() }
}

/**
 * The crowd's side of {@link readCrowd}, run in a worker thread: on `send` one `GET` with the
 * session cookie; on `settle` waits for the reads in flight and posts how many were answered
 * (or the first failure).
 */
const READER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads')
const { url, cookie } = workerData
const inFlight = new Set()
let answered = 0
let failure = null
parentPort.on('message', async (message) => {
  if (message === 'send') {
    const one = fetch(url, { headers: { cookie, accept: 'application/json' } })
      .then(async (response) => {
        await response.arrayBuffer()
        if (response.status !== 200) throw new Error('analytics answered ' + response.status)
        answered++
      })
      .catch((error) => { failure ??= String(error) })
      .finally(() => inFlight.delete(one))
    inFlight.add(one)
  } else if (message === 'settle') {
    await Promise.all(inFlight)
    parentPort.postMessage({ answered, failure })
  }
})
`

/**
 * Analytics reads sent whenever `send()` is called, whatever the earlier ones are doing (a
 * crowd opening Advanced Analytics); `settle()` waits for the ones in flight and returns how
 * many were answered. Any non-200 answer fails the benchmark.
 *
 * The reads are made in a worker thread, as other clients would make them: made on the load
 * generator's own event loop, a read's fetch and body could delay the metered requests
 * scheduled behind it and be counted as the server's latency. The generator's own loop
 * lateness, printed per kind of slot, checks that beside slots are not later there.
 */
function readCrowd(url: string, cookie: string) {
  const worker = new Worker(READER_SOURCE, { eval: true, workerData: { url, cookie } })
  return {
    send() {
      worker.postMessage('send')
    },
    async settle() {
      const result = await new Promise<{ answered: number; failure: string | null }>(
        (resolve, reject) => {
          worker.once('message', resolve)
          worker.once('error', reject)
          worker.postMessage('settle')
        }
      )
      await worker.terminate()
      if (result.failure) throw new Error(result.failure)
      return result.answered
    },
  }
}

/**
 * Open-loop analytics reads ({@link readCrowd}): `rate` `GET`s per second, each sent at its
 * scheduled instant, until `stop()`, which waits for the ones in flight and returns how many
 * were answered.
 */
function analyticsAtRate(url: string, cookie: string, rate: number) {
  const crowd = readCrowd(url, cookie)
  const started = performance.now()
  let sent = 0
  const timer = setInterval(() => {
    const due = Math.floor(((performance.now() - started) / 1000) * rate) + 1
    for (; sent < due; sent++) crowd.send()
  }, 5)
  return {
    async stop() {
      clearInterval(timer)
      return crowd.settle()
    },
  }
}

/** Closed-loop saturation (autocannon, CONNECTIONS connections): throughput and p99 (whole ms). */
async function metered(url: string, key: string) {
  const result = await autocannon({
    url,
    headers: { authorization: `Bearer ${key}` },
    connections: CONNECTIONS,
    duration: DURATION_SECONDS,
  })
  if (result.non2xx > 0) throw new Error(`metered route: ${result.non2xx} non-2xx answers`)
  return { p99: result.latency.p99, requestsPerSecond: result.requests.average }
}

/**
 * Reads the SQLite file (and its WAL) through once, so the measurements start on a page cache
 * that holds it, as a server that has been up a while would: on a cold cache the first
 * rounds measured the disk (a metered p99 of 1.9 s on a 6.3 GB file; ADR 0018). Prints the
 * file's size against the memory the kernel reports available (`MemAvailable`,
 * /proc/meminfo): a file larger than that cannot stay cached, and the figures then include
 * disk reads.
 */
async function warmPageCache(sqliteFile: string) {
  const started = performance.now()
  let bytes = 0
  for (const file of [sqliteFile, `${sqliteFile}-wal`]) {
    if (!existsSync(file)) continue
    // Read and dropped: only the page cache keeps it.
    for await (const chunk of createReadStream(file, { highWaterMark: 8 * 1024 * 1024 })) {
      bytes += (chunk as Buffer).length
    }
  }
  const meminfo = existsSync('/proc/meminfo') ? readFileSync('/proc/meminfo', 'utf8') : ''
  const availableKb = Number(/^MemAvailable:\s+(\d+)/m.exec(meminfo)?.[1] ?? Number.NaN)
  const gb = (value: number) => `${(value / 1e9).toFixed(1)} GB`
  const available = Number.isNaN(availableKb) ? 'unknown' : gb(availableKb * 1024)
  console.log(
    `page cache: SQLite file ${gb(bytes)} read through in ` +
      `${((performance.now() - started) / 1000).toFixed(1)} s; memory available ${available}`
  )
  if (availableKb * 1024 < bytes) {
    console.log('  the file is larger than the memory available: figures include disk reads')
  }
}

async function measure(backend: Backend) {
  if (!backend.mysql) await warmPageCache(backend.env.SQLITE_FILE!)
  const oauth = new OAuth2Server()
  await oauth.issuer.keys.generate('RS256')
  const oauthPort = await freePort()
  await oauth.start(oauthPort, '127.0.0.1')
  oauth.service.on('beforeUserinfo', (response: { body: unknown; statusCode: number }) => {
    response.body = {
      sub: 'bench-analytics-heavy',
      email: HEAVY_EMAIL,
      email_verified: true,
      name: 'Heavy User',
      given_name: 'Heavy',
      family_name: 'User',
    }
    response.statusCode = 200
  })
  const issuer = `http://127.0.0.1:${oauthPort}`
  const port = await freePort()
  const appUrl = `http://127.0.0.1:${port}`
  const env = {
    ...backend.env,
    HOST: '127.0.0.1',
    PORT: String(port),
    GOOGLE_CLIENT_ID: 'bench-client',
    GOOGLE_CLIENT_SECRET: 'bench-secret',
    GOOGLE_AUTHORIZE_URL: `${issuer}/authorize`,
    GOOGLE_ACCESS_TOKEN_URL: `${issuer}/token`,
    GOOGLE_USER_INFO_URL: `${issuer}/userinfo`,
    GOOGLE_CALLBACK_URL: `${appUrl}/api/callback`,
  }
  // One Agency user and key for the warm-up and the capacity measurement, and three per
  // round (the interleaved run, the separate phases, the saturated phases): each has its own
  // monthly quota of 1,000,000 requests, and at ~23 k req/s (SQLite and MySQL + Redis on a
  // quiet day) one key for a whole round ran out of it half-way (429s).
  const meteredKey = mintLoadKey(env, 'metered')
  const roundKeys = Array.from({ length: ROUNDS }, (_, round) => {
    const key = (phase: string) => mintLoadKey(env, `${phase}-${round + 1}`)
    return { interleaved: key('interleaved'), phases: key('phases'), saturated: key('saturated') }
  })
  const server = startServer(env)
  try {
    await waitFor(`${appUrl}/health`, server.child, server.output)
    const cookie = await signIn(appUrl)
    const analyticsUrl = `${appUrl}/api/usage/analytics`
    const first = await fetch(analyticsUrl, { headers: { cookie } })
    const body = (await first.json()) as { totals?: { calls: number } }
    if (first.status !== 200) throw new Error(`analytics answered ${first.status}`)
    console.log(`analytics this month: ${body.totals?.calls.toLocaleString('en-US')} calls`)

    // Warm-up (JIT, caches), then measure.
    await latencies(analyticsUrl, cookie, Math.min(20, SAMPLES))
    await latencies(`${appUrl}/api/admin/stats`, cookie, Math.min(20, SAMPLES))
    const meteredUrl = `${appUrl}/api/v1/usage`
    await autocannon({
      url: meteredUrl,
      headers: { authorization: `Bearer ${meteredKey}` },
      connections: CONNECTIONS,
      // As long as a measurement: after 3 s the capacity measured next was half the rounds'.
      duration: DURATION_SECONDS,
    })

    const analytics = await latencies(analyticsUrl, cookie, SAMPLES, server.child.pid)
    const admin = await latencies(`${appUrl}/api/admin/stats`, cookie, SAMPLES, server.child.pid)
    // The figure the target is about is latency at a fixed offered rate (LOAD_SHARE of the
    // route's saturated throughput, measured just before): at saturation a closed loop's p99
    // is its queue length over its throughput, i.e. it measures CPU share, not stalls. The
    // saturated throughput alone and beside is printed too. Each round measures alone and
    // beside analytics at a fixed rate (order alternating), then beside analytics flat out,
    // after an unrecorded settle (background load drifts); each figure is the median over its
    // rounds.
    const capacity = await metered(meteredUrl, meteredKey)
    const rate = Math.round(capacity.requestsPerSecond * LOAD_SHARE)
    console.log(
      `metered route saturated: ${capacity.requestsPerSecond.toFixed(0)} req/s; fixed rate ${rate} req/s (${LOAD_SHARE} of it)`
    )
    type Run = { p50?: number; p99: number; requestsPerSecond: number }
    const aloneRuns: Run[] = []
    const besideRuns: Run[] = []
    const flatOutRuns: Run[] = []
    const aloneSaturated: Run[] = []
    const besideSaturated: Run[] = []
    const aloneLoop: LoopWindow[] = []
    const besideLoop: LoopWindow[] = []
    const interleaved: Array<{
      alone: number
      beside: number
      noise: number
      samples: number
      reads: number
      generatorLate: { alone: number; beside: number }
    }> = []
    const pooledAlone = createHistogram()
    const pooledGeneratorLate = { alone: createHistogram(), beside: createHistogram() }
    const pooledHalves = [createHistogram(), createHistogram()]
    const pooledBeside = createHistogram()
    let reads = 0
    for (let round = 0; round < ROUNDS; round++) {
      const roundKey = roundKeys[round]
      // Settle, unrecorded: the same fixed-rate load for SETTLE_SECONDS, so what a saturated
      // phase left behind (a call-log backlog, garbage) is not measured as the next phase's.
      await meteredAtRate(meteredUrl, roundKey.interleaved, rate, SETTLE_SECONDS)
      // The target's figure: alone and beside in interleaved slots of one run.
      const mixed = await interleavedAtRate(
        meteredUrl,
        roundKey.interleaved,
        rate,
        analyticsUrl,
        cookie,
        ANALYTICS_RATE
      )
      interleaved.push({
        alone: mixed.alone.percentile(99) / 1e6,
        beside: mixed.beside.percentile(99) / 1e6,
        noise: mixed.aloneHalves[1].percentile(99) / mixed.aloneHalves[0].percentile(99),
        samples: mixed.alone.count + mixed.beside.count,
        reads: mixed.reads,
        generatorLate: {
          alone: mixed.generatorLate.alone.percentile(99) / 1e6,
          beside: mixed.generatorLate.beside.percentile(99) / 1e6,
        },
      })
      pooledGeneratorLate.alone.add(mixed.generatorLate.alone)
      pooledGeneratorLate.beside.add(mixed.generatorLate.beside)
      pooledAlone.add(mixed.alone)
      pooledHalves[0].add(mixed.aloneHalves[0])
      pooledHalves[1].add(mixed.aloneHalves[1])
      pooledBeside.add(mixed.beside)
      // Alone, and beside analytics at a fixed offered rate (open loop), as separate phases
      // in alternating order per round, so neither is always the one measured first.
      // The server's event-loop probe covers exactly each measured phase.
      const alonePhase = async () => {
        await server.probe()
        aloneRuns.push(await meteredAtRate(meteredUrl, roundKey.phases, rate))
        aloneLoop.push(await server.probe())
      }
      const besidePaced = async () => {
        const paced = analyticsAtRate(analyticsUrl, cookie, ANALYTICS_RATE)
        await server.probe()
        besideRuns.push(await meteredAtRate(meteredUrl, roundKey.phases, rate))
        besideLoop.push(await server.probe())
        reads += await paced.stop()
      }
      if (round % 2 === 0) {
        await alonePhase()
        await besidePaced()
      } else {
        await besidePaced()
        await alonePhase()
      }
      // Analytics flat out (READERS closed loops): printed, not the target's figure.
      let reading = true
      const readers = Array.from({ length: READERS }, async () => {
        while (reading) {
          const response = await fetch(analyticsUrl, { headers: { cookie } })
          await response.arrayBuffer()
          if (response.status !== 200) throw new Error(`analytics answered ${response.status}`)
        }
      })
      flatOutRuns.push(await meteredAtRate(meteredUrl, roundKey.phases, rate))
      besideSaturated.push(await metered(meteredUrl, roundKey.saturated))
      reading = false
      await Promise.all(readers)
      await meteredAtRate(meteredUrl, roundKey.phases, rate, SETTLE_SECONDS)
      aloneSaturated.push(await metered(meteredUrl, roundKey.saturated))
      console.log(
        `round ${round + 1}: metered at ${rate} req/s p50/p99 alone ${aloneRuns[round].p50!.toFixed(2)}/${aloneRuns[round].p99.toFixed(2)} ms, analytics at ${ANALYTICS_RATE}/s beside ${besideRuns[round].p50!.toFixed(2)}/${besideRuns[round].p99.toFixed(2)} ms, ${READERS} analytics loops flat out ${flatOutRuns[round].p50!.toFixed(2)}/${flatOutRuns[round].p99.toFixed(2)} ms; saturated ${aloneSaturated[round].requestsPerSecond.toFixed(0)} → ${besideSaturated[round].requestsPerSecond.toFixed(0)} req/s`
      )
      const mix = interleaved[round]
      console.log(
        `         interleaved ${SLOT_MS} ms slots: metered p99 alone ${mix.alone.toFixed(2)} ms, beside ${mix.beside.toFixed(2)} ms (×${(mix.beside / mix.alone).toFixed(2)}; alone half against half ×${mix.noise.toFixed(2)}; ${mix.samples} requests counted, ${mix.reads} reads; load generator's loop late p99 alone ${mix.generatorLate.alone.toFixed(2)} / beside ${mix.generatorLate.beside.toFixed(2)} ms)`
      )
      const loop = (window: LoopWindow) =>
        `p99 ${window.p99}/max ${window.max} ms, GC ${window.gcCount}× ${window.gcMs} ms (longest ${window.gcMaxMs})`
      console.log(
        `         server event loop late: alone ${loop(aloneLoop[round])}; beside ${loop(besideLoop[round])}`
      )
    }
    const summarize = (runs: Run[]) => ({
      p50: median(runs.map((one) => one.p50 ?? 0)),
      p99: median(runs.map((one) => one.p99)),
      requestsPerSecond: median(runs.map((one) => one.requestsPerSecond)),
    })
    const alone = summarize(aloneRuns)
    const beside = summarize(besideRuns)
    const flatOut = summarize(flatOutRuns)
    const saturated = { alone: summarize(aloneSaturated), beside: summarize(besideSaturated) }
    const loopSummary = (windows: LoopWindow[]) => ({
      p99: Number(median(windows.map((window) => window.p99)).toFixed(2)),
      max: Number(median(windows.map((window) => window.max)).toFixed(2)),
    })
    const eventLoop = { alone: loopSummary(aloneLoop), beside: loopSummary(besideLoop) }
    const mixed = {
      alone: pooledAlone.percentile(99) / 1e6,
      beside: pooledBeside.percentile(99) / 1e6,
      medianRatio: median(interleaved.map((one) => one.beside / one.alone)),
      noise: pooledHalves[1].percentile(99) / pooledHalves[0].percentile(99),
      reads: interleaved.reduce((sum, one) => sum + one.reads, 0),
      generatorLate: {
        alone: pooledGeneratorLate.alone.percentile(99) / 1e6,
        beside: pooledGeneratorLate.beside.percentile(99) / 1e6,
      },
    }
    return { analytics, admin, alone, beside, flatOut, saturated, rate, reads, eventLoop, mixed }
  } finally {
    server.child.kill('SIGTERM')
    await oauth.stop()
  }
}

async function main() {
  if (!process.argv.includes('--no-build') || !existsSync(`${BUILD}bin/server.js`)) {
    console.log('building for production (node ace build)...')
    const build = spawnSync(process.execPath, ['ace', 'build', '--ignore-ts-errors'], {
      cwd: ROOT,
      stdio: 'inherit',
    })
    if (build.status !== 0) throw new Error('build failed')
  }
  const reseed = process.argv.includes('--reseed')
  if (!(SCALE > 0)) throw new Error('BENCH_SCALE must be a number above 0')
  const { DB_CONNECTION: connection, REDIS_URL: redisUrl, ...rest } = process.env
  const common = {
    ...rest,
    NODE_ENV: 'production',
    APP_KEY: 'benchmark-app-key-0123456789abcdefghij',
    APP_URL: 'http://127.0.0.1',
    META_TOKEN_ENCRYPTION_KEY: 'benchmark-meta-key-0123456789abcdefghij',
    LOG_LEVEL: 'warn',
    GOOGLE_CLIENT_ID: 'bench-client',
    GOOGLE_CLIENT_SECRET: 'bench-secret',
  }
  const sqliteFile = `${ROOT}tmp/bench_analytics_${SCALE}.sqlite3`
  const backends: Backend[] = [
    {
      label: 'SQLite',
      env: { ...common, SQLITE_FILE: sqliteFile },
      mysql: false,
      db: () =>
        knex({
          client: 'sqlite3',
          connection: { filename: sqliteFile },
          useNullAsDefault: true,
          // Seeding only (the server opens the file with its own settings): the seed can be
          // rebuilt, so no fsync per transaction, and a page cache big enough for the indexes.
          pool: {
            afterCreate: (raw: { exec: Function }, done: Function) =>
              raw.exec(
                'PRAGMA synchronous = OFF; PRAGMA cache_size = -262144; PRAGMA temp_store = MEMORY',
                done
              ),
          },
        }),
    },
  ]
  if (connection === 'mysql') {
    backends.push({
      label: 'MySQL' + (redisUrl ? ' + Redis' : ''),
      env: { ...common, DB_CONNECTION: 'mysql', REDIS_URL: redisUrl },
      mysql: true,
      db: () =>
        knex({
          client: 'mysql2',
          connection: {
            host: rest.MYSQL_HOST ?? '127.0.0.1',
            port: Number(rest.MYSQL_PORT ?? 3306),
            user: rest.MYSQL_USER ?? 'root',
            password: rest.MYSQL_PASSWORD ?? '',
            database: rest.DB_DATABASE ?? 'adrelay',
            timezone: 'Z',
          },
        }),
    })
  }

  const mysqlOnly = process.argv.includes('--mysql-only')
  if (mysqlOnly && connection !== 'mysql') throw new Error('--mysql-only needs DB_CONNECTION=mysql')

  const lines: string[] = []
  for (const backend of backends.filter(({ mysql }) => mysql || !mysqlOnly)) {
    console.log(`\n=== ${backend.label} (scale ${SCALE}) ===`)
    await prepare(backend, reseed)
    if (process.argv.includes('--seed-only')) continue
    const figures = await measure(backend)
    const ratio = figures.beside.p99 / figures.alone.p99
    const mixedRatio = figures.mixed.beside / figures.mixed.alone
    console.log(
      `Advanced Analytics  p50 ${figures.analytics.p50.toFixed(1)} ms  p95 ${figures.analytics.p95.toFixed(1)} ms (target p95 ≤ 50)   server CPU ${figures.analytics.cpuMs.toFixed(2)} ms per read`
    )
    console.log(
      `admin stats         p50 ${figures.admin.p50.toFixed(1)} ms  p95 ${figures.admin.p95.toFixed(1)} ms   server CPU ${figures.admin.cpuMs.toFixed(2)} ms per read`
    )
    console.log(
      `metered p99 at ${figures.rate} req/s, interleaved ${SLOT_MS} ms slots, all rounds pooled   alone ${figures.mixed.alone.toFixed(2)} ms   with ${ANALYTICS_RATE} analytics reads/s beside ${figures.mixed.beside.toFixed(2)} ms (${figures.mixed.reads} reads answered)   ratio ${mixedRatio.toFixed(2)} (target ≤ 1.20; median of the rounds' ratios ${figures.mixed.medianRatio.toFixed(2)}; noise, one half of the alone slots against the other: ×${figures.mixed.noise.toFixed(2)}; load generator's own loop late p99 alone ${figures.mixed.generatorLate.alone.toFixed(2)} / beside ${figures.mixed.generatorLate.beside.toFixed(2)} ms)`
    )
    console.log(
      `metered p99 at ${figures.rate} req/s, separate ${DURATION_SECONDS} s phases (median of rounds)   alone ${figures.alone.p99.toFixed(2)} ms   beside ${figures.beside.p99.toFixed(2)} ms (${figures.reads} reads answered)   ratio ${ratio.toFixed(2)}`
    )
    console.log(
      `server event loop late (medians of the rounds' p99 / max)   alone ${figures.eventLoop.alone.p99} / ${figures.eventLoop.alone.max} ms   beside ${figures.eventLoop.beside.p99} / ${figures.eventLoop.beside.max} ms   (the server's own stalls, without the load generator's)`
    )
    console.log(
      `metered p99 at ${figures.rate} req/s   with ${READERS} analytics loops flat out ${figures.flatOut.p99.toFixed(2)} ms   ratio ${(figures.flatOut.p99 / figures.alone.p99).toFixed(2)} (CPU contention on this machine, not the target's figure)`
    )
    console.log(
      `metered saturated   alone ${figures.saturated.alone.requestsPerSecond.toFixed(0)} req/s (p99 ${figures.saturated.alone.p99} ms)   beside ${figures.saturated.beside.requestsPerSecond.toFixed(0)} req/s (p99 ${figures.saturated.beside.p99} ms)   throughput ratio ${(figures.saturated.beside.requestsPerSecond / figures.saturated.alone.requestsPerSecond).toFixed(2)}`
    )
    lines.push(
      `${backend.label.padEnd(16)} analytics p95 ${figures.analytics.p95.toFixed(1)} ms  admin p95 ${figures.admin.p95.toFixed(1)} ms  metered p99 at ${figures.rate} req/s interleaved ${figures.mixed.alone.toFixed(2)} → ${figures.mixed.beside.toFixed(2)} ms (×${mixedRatio.toFixed(2)}; separate phases ${figures.alone.p99.toFixed(2)} → ${figures.beside.p99.toFixed(2)} ms ×${ratio.toFixed(2)}; flat out ${figures.flatOut.p99.toFixed(2)} ms; server loop p99 ${figures.eventLoop.alone.p99} → ${figures.eventLoop.beside.p99} ms)  saturated ${figures.saturated.alone.requestsPerSecond.toFixed(0)} → ${figures.saturated.beside.requestsPerSecond.toFixed(0)} req/s`
    )
  }
  console.log(`\nsummary (scale ${SCALE}, ${SAMPLES} sequential samples per read, nearest rank)`)
  for (const line of lines) console.log(line)
}

main().catch((error) => {
  console.error(error)
  process.exitCode = 1
})
