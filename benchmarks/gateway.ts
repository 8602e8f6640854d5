/*
| npm run bench:gateway — the metered hot path against two baselines, in one run.
|
| Builds the app for production (`node ace build`, skipped with --no-build when build/ exists),
| starts it from build/ with NODE_ENV=production on a fresh SQLite file, then, when
| DB_CONNECTION=mysql is set in the environment (with DB_HOST/DB_DATABASE/... and REDIS_URL as
| for the app), a second time on MySQL (+ Redis when REDIS_URL is set), and mints Agency keys with
| `node ace keys:create` (one per round, so no run can exhaust a key's monthly quota), and
| measures with autocannon:
|   (a) a bare node:http server answering a small JSON body (separate process),
|   (b) the app's unauthenticated GET /health,
|   (c) GET /api/v1/usage with a valid key: key check → quota → call log (every request counted).
| Prints requests/s, latency p50/p99 (ms) and the server's CPU time per request (µs, from
| /proc/<pid>/stat: user + system time of the measured process over the round, divided by the
| requests it answered; Linux only) for each, then the ratios c/b and c/a, per backend.
| Targets (issue 18): c/b ≥ 0.85 and c/a ≥ 0.5.
|
| CPU per request is the figure to trust on a loaded machine: it does not depend on how much
| CPU the load generator and other processes leave the server.
|
| The load generator shares the machine with the app, and the machine's speed drifts (on a
| shared VM the bare handler's CPU per request was seen to double from one 8 s run to the
| next), so each round interleaves the targets in short slots: its `--duration` seconds per
| target are cut into `--slot`-second slots, run a, b, c, a, b, c, ... (order alternating per
| round), and each target's round figures pool its slots (requests over time, CPU over
| requests; p50 and p99 are the medians of the slots' figures). A drift slower than a slot then
| moves a, b and c alike instead of whichever ran during it. Each round yields its own c/b and
| c/a; the ratios printed are the medians of the per-round ratios, and every round is printed
| too. Figures per target are medians over the rounds. `--slot` equal to `--duration` measures
| each target in one run per round, as before 2026-11-29.
|
| Options: --duration <seconds per target per round> (default 8), --slot <seconds> (default 2),
| --connections <n> (default 50), --rounds <n> (default 5), --warmup <seconds per target before
| measuring> (default 10), --no-build.
*/
import { spawn, spawnSync, type ChildProcess } from 'node:child_process'
import { existsSync, rmSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import autocannon from 'autocannon'
import { cpuMicrosOf, freePort, median, option } from './shared.js'

const ROOT = fileURLToPath(new URL('../', import.meta.url))
const BUILD = `${ROOT}build/`

const DURATION_SECONDS = option('duration', 8)
const SLOT_SECONDS = Math.min(option('slot', 2), DURATION_SECONDS)
const SLOTS = Math.max(1, Math.round(DURATION_SECONDS / SLOT_SECONDS))
const CONNECTIONS = option('connections', 50)
const ROUNDS = option('rounds', 5)
const WARMUP_SECONDS = option('warmup', 10)

async function waitFor(url: string, child: ChildProcess, output: () => string) {
  const deadline = Date.now() + 60_000
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`process exited early:\n${output()}`)
    try {
      if ((await fetch(url)).ok) return
    } catch {}
    await new Promise((resolve) => setTimeout(resolve, 200))
  }
  throw new Error(`${url} did not answer:\n${output()}`)
}

function startProcess(args: string[], env: NodeJS.ProcessEnv, cwd: string) {
  let output = ''
  const child = spawn(process.execPath, args, { cwd, env, stdio: ['ignore', 'pipe', 'pipe'] })
  child.stdout!.on('data', (chunk) => (output += chunk))
  child.stderr!.on('data', (chunk) => (output += chunk))
  return { child, output: () => output }
}

interface Figures {
  requestsPerSecond: number
  p50: number
  p99: number
  non2xx: number
  /** Server CPU (user + system) per request in µs; NaN where /proc is not available. */
  cpuMicros: number
}

/** One slot's raw figures: what autocannon and /proc measured over it. */
interface Slot {
  requests: number
  seconds: number
  p50: number
  p99: number
  non2xx: number
  cpuMicros: number
}

async function measureSlot(
  url: string,
  headers: Record<string, string>,
  pid: number | undefined
): Promise<Slot> {
  const cpuBefore = cpuMicrosOf(pid)
  const result = await autocannon({
    url,
    headers,
    connections: CONNECTIONS,
    duration: DURATION_SECONDS / SLOTS,
    pipelining: 1,
  })
  return {
    requests: result.requests.total,
    seconds: result.duration,
    p50: result.latency.p50,
    p99: result.latency.p99,
    non2xx: result.non2xx,
    cpuMicros: cpuMicrosOf(pid) - cpuBefore,
  }
}

/** A target's figures over one round: its slots pooled. */
function pool(slots: Slot[]): Figures {
  const requests = slots.reduce((total, slot) => total + slot.requests, 0)
  return {
    requestsPerSecond: requests / slots.reduce((total, slot) => total + slot.seconds, 0),
    p50: median(slots.map((slot) => slot.p50)),
    p99: median(slots.map((slot) => slot.p99)),
    non2xx: slots.reduce((total, slot) => total + slot.non2xx, 0),
    cpuMicros: slots.reduce((total, slot) => total + slot.cpuMicros, 0) / Math.max(1, requests),
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

  // SQLite always (without Redis); MySQL (+ Redis) as well when the environment configures it.
  const { DB_CONNECTION: connection, REDIS_URL: redisUrl, ...rest } = process.env
  const results = [await runBackend(rest)]
  if (connection === 'mysql') {
    results.push(await runBackend({ ...rest, DB_CONNECTION: 'mysql', REDIS_URL: redisUrl }))
  }
  console.log('\nsummary (medians of the per-round ratios; CPU = server µs per request)')
  for (const line of results) console.log(line)
}

/** One full measurement on one storage backend; returns its summary line. */
async function runBackend(baseEnv: NodeJS.ProcessEnv): Promise<string> {
  const sqliteFile = `${ROOT}tmp/bench_gateway.sqlite3`
  for (const suffix of ['', '-wal', '-shm']) rmSync(sqliteFile + suffix, { force: true })
  const env: NodeJS.ProcessEnv = {
    ...baseEnv,
    NODE_ENV: 'production',
    APP_KEY: 'benchmark-app-key-0123456789abcdefghij',
    APP_URL: 'http://127.0.0.1',
    GOOGLE_CLIENT_ID: 'benchmark',
    GOOGLE_CLIENT_SECRET: 'benchmark',
    META_TOKEN_ENCRYPTION_KEY: 'benchmark-meta-key-0123456789abcdefghij',
    SQLITE_FILE: sqliteFile,
    LOG_LEVEL: 'warn',
  }
  const storage =
    (env.DB_CONNECTION === 'mysql' ? 'MySQL' : 'SQLite') + (env.REDIS_URL ? ' + Redis' : '')
  console.log(`\n=== ${storage} ===`)

  const migrate = spawnSync(process.execPath, ['ace.js', 'migration:run', '--force'], {
    cwd: BUILD,
    env,
    encoding: 'utf8',
  })
  if (migrate.status !== 0) throw new Error(`migration failed:\n${migrate.stderr}${migrate.stdout}`)
  // One Agency key (and user) per round plus one for the warm-up: each has its own monthly
  // quota of 1,000,000 requests, which a fast machine could exhaust over a whole run with one
  // key (c would then measure 429s).
  const mintKey = (label: string) => {
    const mint = spawnSync(
      process.execPath,
      [
        'ace.js',
        'keys:create',
        `bench-${label}-${Date.now()}@example.test`,
        '--create-user',
        '--plan',
        'agency',
      ],
      { cwd: BUILD, env, encoding: 'utf8' }
    )
    const key = mint.stdout.match(/adr_[0-9A-Za-z]{28}/)?.[0]
    if (!key) throw new Error(`could not mint a key:\n${mint.stderr}${mint.stdout}`)
    return key
  }
  const warmupKey = mintKey('warmup')
  const roundKeys = Array.from({ length: ROUNDS }, (_, round) => mintKey(`round${round + 1}`))

  const bare = await freePort()
  const baseline = startProcess(
    [
      '-e',
      `require('node:http').createServer((req, res) => {
        const body = JSON.stringify({ status: 'ok' })
        res.writeHead(200, { 'content-type': 'application/json; charset=utf-8', 'content-length': Buffer.byteLength(body) })
        res.end(body)
      }).listen(${bare}, '127.0.0.1')`,
    ],
    process.env,
    ROOT
  )
  const appPort = await freePort()
  const server = startProcess(
    ['bin/server.js'],
    { ...env, HOST: '127.0.0.1', PORT: String(appPort) },
    BUILD
  )
  try {
    await waitFor(`http://127.0.0.1:${bare}/`, baseline.child, baseline.output)
    await waitFor(`http://127.0.0.1:${appPort}/health`, server.child, server.output)

    const targets = {
      a: { label: '(a) bare node:http JSON', url: `http://127.0.0.1:${bare}/`, headers: {} },
      b: { label: '(b) app GET /health', url: `http://127.0.0.1:${appPort}/health`, headers: {} },
      c: {
        label: '(c) app GET /api/v1/usage + key',
        url: `http://127.0.0.1:${appPort}/api/v1/usage`,
        headers: { authorization: `Bearer ${warmupKey}` },
      },
    } as const
    const headersFor = (name: 'a' | 'b' | 'c', round: number) =>
      name === 'c' ? { authorization: `Bearer ${roundKeys[round]}` } : targets[name].headers
    const check = await fetch(targets.c.url, { headers: targets.c.headers })
    if (check.status !== 200) throw new Error(`metered call answered ${check.status}`)

    // Warm-up at full load (JIT tiers, heap sizing, connection pools, key cache): the first
    // seconds of a fresh process are not its steady state, and the metered path, with more
    // code to optimise, warms up more slowly than /health.
    for (const target of Object.values(targets)) {
      await autocannon({
        url: target.url,
        headers: target.headers,
        connections: CONNECTIONS,
        duration: WARMUP_SECONDS,
      })
    }

    const runs: Record<'a' | 'b' | 'c', Figures[]> = { a: [], b: [], c: [] }
    const roundRatios: { cb: number; ca: number }[] = []
    for (let round = 0; round < ROUNDS; round++) {
      const order: Array<'a' | 'b' | 'c'> = round % 2 === 0 ? ['a', 'b', 'c'] : ['c', 'b', 'a']
      const pids = { a: baseline.child.pid, b: server.child.pid, c: server.child.pid }
      const slots: Record<'a' | 'b' | 'c', Slot[]> = { a: [], b: [], c: [] }
      for (let slot = 0; slot < SLOTS; slot++) {
        for (const name of order) {
          slots[name].push(
            await measureSlot(targets[name].url, headersFor(name, round), pids[name])
          )
        }
      }
      for (const name of ['a', 'b', 'c'] as const) runs[name].push(pool(slots[name]))
      const [a, b, c] = (['a', 'b', 'c'] as const).map((name) => runs[name][round])
      roundRatios.push({
        cb: c.requestsPerSecond / b.requestsPerSecond,
        ca: c.requestsPerSecond / a.requestsPerSecond,
      })
      console.log(
        `round ${round + 1}: a ${a.requestsPerSecond.toFixed(0)}  b ${b.requestsPerSecond.toFixed(0)}  c ${c.requestsPerSecond.toFixed(0)} req/s  c/b ${roundRatios[round].cb.toFixed(3)}  c/a ${roundRatios[round].ca.toFixed(3)}   CPU µs/req a ${a.cpuMicros.toFixed(1)}  b ${b.cpuMicros.toFixed(1)}  c ${c.cpuMicros.toFixed(1)}`
      )
    }

    const summary = Object.fromEntries(
      (Object.keys(runs) as Array<'a' | 'b' | 'c'>).map((name) => [
        name,
        {
          requestsPerSecond: median(runs[name].map((run) => run.requestsPerSecond)),
          p50: median(runs[name].map((run) => run.p50)),
          p99: median(runs[name].map((run) => run.p99)),
          non2xx: runs[name].reduce((total, run) => total + run.non2xx, 0),
          cpuMicros: median(runs[name].map((run) => run.cpuMicros)),
        },
      ])
    ) as Record<'a' | 'b' | 'c', Figures>

    console.log(
      `\nbench:gateway — ${storage}, ${CONNECTIONS} connections, ${DURATION_SECONDS}s per target × ${ROUNDS} rounds in ${SLOTS} interleaved slots each (medians), Node ${process.version}`
    )
    console.log(
      'target                              req/s      p50 ms   p99 ms   non-2xx   CPU µs/req'
    )
    for (const name of ['a', 'b', 'c'] as const) {
      const figures = summary[name]
      console.log(
        `${targets[name].label.padEnd(34)} ${figures.requestsPerSecond.toFixed(0).padStart(8)} ${String(figures.p50).padStart(9)} ${String(figures.p99).padStart(8)} ${String(figures.non2xx).padStart(9)} ${figures.cpuMicros.toFixed(1).padStart(12)}`
      )
    }
    const failed = (['a', 'b', 'c'] as const).filter((name) => summary[name].non2xx > 0)
    if (failed.length > 0) {
      console.log(
        `\nWARNING: non-2xx responses from ${failed.join(', ')}: those figures do not measure successful requests.`
      )
      process.exitCode = 1
    }
    const cb = median(roundRatios.map((ratios) => ratios.cb))
    const ca = median(roundRatios.map((ratios) => ratios.ca))
    console.log(
      `\nratio c/b = ${cb.toFixed(3)} (target ≥ 0.85)   ratio c/a = ${ca.toFixed(3)} (target ≥ 0.5)   (medians of the per-round ratios)`
    )
    return `${storage.padEnd(16)} c/b ${cb.toFixed(3)}  c/a ${ca.toFixed(3)}  req/s a ${summary.a.requestsPerSecond.toFixed(0)} b ${summary.b.requestsPerSecond.toFixed(0)} c ${summary.c.requestsPerSecond.toFixed(0)}  CPU µs/req a ${summary.a.cpuMicros.toFixed(1)} b ${summary.b.cpuMicros.toFixed(1)} c ${summary.c.cpuMicros.toFixed(1)}`
  } finally {
    server.child.kill('SIGTERM')
    baseline.child.kill('SIGTERM')
  }
}

main().catch((error) => {
  console.error(error)
  process.exitCode = 1
})
