/*
| npm run bench:mcp — MCP tools/call vs REST for the same action, in one run.
|
| Starts the app from source (bin/server.ts through @poppinss/ts-exec, NODE_ENV=production, so
| no Vite dev server, no HMR, warn-level logs) on a fresh SQLite file, seeds one Agency user
| with its own API key for the warm-up and for each round (as bench:gateway does, so no run
| can exhaust a key's monthly quota and measure 429s), warms both surfaces up, then measures
| with autocannon:
|   MCP:  POST /mcp  {"method":"tools/call","params":{"name":"get_usage"}}  (stateless, JSON)
|   REST: GET  /api/v1/usage/get_usage
| Within a round both surfaces use the round's key; same action, same metering (each request counted and logged). Prints requests/s,
| latency p50/p99 (ms) for each, and the MCP/REST throughput ratio (target ≥ 0.5).
|
| Quota counters live in a private redis-server started for the run when one is installed
| (as in production with REDIS_URL); --no-redis keeps them in SQLite.
|
| Options: --warmup <seconds per surface> (default 15: the MCP path needs a long warm-up
| before V8 settles), --duration <seconds per measurement> (default 10), --rounds <n> (default 3; the
| order of the two surfaces alternates per round, figures are medians), --connections <n>
| (default 20), --no-redis.
*/
import { spawn, type ChildProcess } from 'node:child_process'
import { rmSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import autocannon from 'autocannon'
import sqlite3 from 'sqlite3'
import { LATEST_PROTOCOL_VERSION } from '@modelcontextprotocol/sdk/types.js'
import { displayPrefixOf, generateApiKey, hashApiKey } from '#keys/services/api_key_format'
import { freePort, median, option } from './shared.js'

const ROOT = fileURLToPath(new URL('../', import.meta.url))
const SQLITE_FILE = `${ROOT}tmp/bench_mcp.sqlite3`

const DURATION_SECONDS = option('duration', 10)
const CONNECTIONS = option('connections', 20)
const ROUNDS = option('rounds', 3)
/** Load before measuring; V8 needs a while under load before it stops re-optimising and resizing the young generation. */
const WARMUP_SECONDS = option('warmup', 15)
/** `--only mcp|rest`: measure one surface (for profiling with BENCH_SERVER_NODE_ARGS=--cpu-prof). */
const ONLY = process.argv.includes('--only')
  ? process.argv[process.argv.indexOf('--only') + 1]
  : null

function run(args: string[], env: NodeJS.ProcessEnv): Promise<void> {
  return new Promise((resolve, reject) => {
    let output = ''
    const child = spawn(process.execPath, args, {
      cwd: ROOT,
      env,
      stdio: ['ignore', 'pipe', 'pipe'],
    })
    child.stdout.on('data', (chunk) => (output += chunk))
    child.stderr.on('data', (chunk) => (output += chunk))
    child.once('exit', (code) =>
      code === 0 ? resolve() : reject(new Error(`${args.join(' ')} exited ${code}:\n${output}`))
    )
  })
}

/**
 * A private Redis for the quota counters (the production set-up: REDIS_URL moves the per-request
 * counter out of the database). Null when redis-server is not installed: the run then uses the
 * SQLite counter, whose per-request commit bounds both surfaces alike.
 */
async function startRedis(): Promise<{ url: string; stop: () => void } | null> {
  if (process.argv.includes('--no-redis')) return null
  const port = await freePort()
  const child = spawn(
    'redis-server',
    ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
    {
      stdio: 'ignore',
    }
  )
  const failed = await new Promise<boolean>((resolve) => {
    child.once('error', () => resolve(true))
    setTimeout(() => resolve(child.exitCode !== null), 500)
  })
  if (failed) return null
  return { url: `redis://127.0.0.1:${port}`, stop: () => child.kill('SIGTERM') }
}

function sql(db: sqlite3.Database, statement: string, params: unknown[] = []): Promise<number> {
  return new Promise((resolve, reject) => {
    db.run(statement, params, function (this: sqlite3.RunResult, error: Error | null) {
      if (error) reject(error)
      else resolve(this.lastID)
    })
  })
}

/**
 * One Agency user (1,000,000 requests a month) with one API key per label (`warmup`,
 * `round1`, ...); returns the keys in order.
 */
async function seed(labels: string[]): Promise<string[]> {
  const db = new sqlite3.Database(SQLITE_FILE)
  const keys: string[] = []
  for (const label of labels) keys.push(await seedOne(db, label))
  await new Promise<void>((resolve) => db.close(() => resolve()))
  return keys
}

async function seedOne(db: sqlite3.Database, label: string): Promise<string> {
  const now = new Date().toISOString().replace('T', ' ').replace('Z', '')
  const userId = await sql(
    db,
    'INSERT INTO users (email, first_name, role, created_at) VALUES (?, ?, ?, ?)',
    [`bench-${label}@example.test`, 'Bench', 'user', now]
  )
  await sql(
    db,
    "INSERT INTO subscriptions (user_id, plan_id, status, provider, cancel_at_period_end, created_at) VALUES (?, 'agency', 'active', 'manual', 0, ?)",
    [userId, now]
  )
  const key = generateApiKey()
  await sql(
    db,
    'INSERT INTO api_tokens (user_id, name, token_hash, display_prefix, created_at) VALUES (?, ?, ?, ?, ?)',
    [userId, `bench ${label}`, hashApiKey(key), displayPrefixOf(key), now]
  )
  return key
}

async function startServer(env: NodeJS.ProcessEnv, url: string): Promise<ChildProcess> {
  const nodeArgs = process.env.BENCH_SERVER_NODE_ARGS?.split(' ').filter(Boolean) ?? []
  const child = spawn(
    process.execPath,
    [...nodeArgs, '--import=@poppinss/ts-exec', 'bin/server.ts'],
    {
      cwd: ROOT,
      env,
      stdio: ['ignore', 'inherit', 'inherit'],
    }
  )
  const deadline = Date.now() + 60_000
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`)
    try {
      const health = await fetch(`${url}/health`)
      if (health.ok) return child
    } catch {}
    await new Promise((resolve) => setTimeout(resolve, 200))
  }
  child.kill('SIGTERM')
  throw new Error('server did not start within 60 s')
}

interface Target {
  label: string
  method: 'GET' | 'POST'
  path: string
  headers: Record<string, string>
  body?: string
}

interface Measured {
  label: string
  requestsPerSecond: number
  p50: number
  p99: number
  total: number
  non2xx: number
  errors: number
}

/** Median throughput and latencies over rounds; totals and failures summed. */
function combine(rows: Measured[]): Measured {
  return {
    label: rows[0].label,
    requestsPerSecond: median(rows.map((row) => row.requestsPerSecond)),
    p50: median(rows.map((row) => row.p50)),
    p99: median(rows.map((row) => row.p99)),
    total: rows.reduce((sum, row) => sum + row.total, 0),
    non2xx: rows.reduce((sum, row) => sum + row.non2xx, 0),
    errors: rows.reduce((sum, row) => sum + row.errors, 0),
  }
}

function format(row: Measured) {
  return `${row.label.padEnd(38)} ${row.requestsPerSecond.toFixed(0).padStart(6)} req/s   p50 ${String(row.p50).padStart(4)} ms   p99 ${String(row.p99).padStart(4)} ms   (${row.total} requests, non-2xx ${row.non2xx}, errors ${row.errors})`
}

/** `target` authenticated with `key` instead (one key per round). */
function withKey(target: Target, key: string): Target {
  return { ...target, headers: { ...target.headers, Authorization: `Bearer ${key}` } }
}

async function measure(url: string, target: Target, durationSeconds: number): Promise<Measured> {
  const result = await autocannon({
    url: `${url}${target.path}`,
    method: target.method,
    headers: target.headers,
    body: target.body,
    connections: CONNECTIONS,
    duration: durationSeconds,
  })
  return {
    label: target.label,
    requestsPerSecond: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    total: result.requests.total,
    non2xx: result.non2xx,
    errors: result.errors + result.timeouts,
  }
}

async function main() {
  rmSync(SQLITE_FILE, { force: true })
  rmSync(`${SQLITE_FILE}-wal`, { force: true })
  rmSync(`${SQLITE_FILE}-shm`, { force: true })
  const port = await freePort()
  const url = `http://127.0.0.1:${port}`
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: 'production',
    HOST: '127.0.0.1',
    PORT: String(port),
    LOG_LEVEL: 'warn',
    SQLITE_FILE,
    DB_CONNECTION: 'sqlite',
    APP_URL: url,
    APP_KEY: 'benchmark-only-app-key-0123456789abcdef',
    GOOGLE_CLIENT_ID: 'benchmark',
    GOOGLE_CLIENT_SECRET: 'benchmark',
    SESSION_DRIVER: 'memory',
    // Production boot checks want these; the benchmark touches neither Meta nor Stripe.
    META_TOKEN_ENCRYPTION_KEY: 'benchmark-only-meta-token-key-0123456789',
    BILLING_MODE: 'off',
  }
  delete env.REDIS_URL
  const redis = await startRedis()
  if (redis) env.REDIS_URL = redis.url

  await run(['ace.js', 'migration:run', '--force'], env)
  const [key, ...roundKeys] = await seed([
    'warmup',
    ...Array.from({ length: ROUNDS }, (_, round) => `round${round + 1}`),
  ])
  const server = await startServer(env, url)

  try {
    const mcp: Target = {
      label: 'MCP  POST /mcp tools/call get_usage',
      method: 'POST',
      path: '/mcp',
      headers: {
        'Authorization': `Bearer ${key}`,
        'Content-Type': 'application/json',
        'Accept': 'application/json, text/event-stream',
        'MCP-Protocol-Version': LATEST_PROTOCOL_VERSION,
      },
      body: JSON.stringify({
        jsonrpc: '2.0',
        id: 1,
        method: 'tools/call',
        params: { name: 'get_usage', arguments: {} },
      }),
    }
    const rest: Target = {
      label: 'REST GET /api/v1/usage/get_usage',
      method: 'GET',
      path: '/api/v1/usage/get_usage',
      headers: { Authorization: `Bearer ${key}` },
    }

    // Both must answer the same action successfully before anything is measured.
    const check = await fetch(`${url}/mcp`, {
      method: 'POST',
      headers: mcp.headers,
      body: mcp.body,
    })
    const checked = (await check.json()) as any
    if (
      check.status !== 200 ||
      checked.result?.isError ||
      checked.result?.structuredContent?.total === undefined
    ) {
      throw new Error(`MCP check failed: ${check.status} ${JSON.stringify(checked)}`)
    }
    const restCheck = await fetch(`${url}${rest.path}`, { headers: rest.headers })
    if (restCheck.status !== 200) throw new Error(`REST check failed: ${restCheck.status}`)

    if (process.argv.includes('--serve')) {
      // Keeps the seeded server up for manual runs and profiling; stop with Ctrl+C.
      console.log(JSON.stringify({ url, key }))
      await new Promise(() => {})
    }
    console.log(`Warming up (${WARMUP_SECONDS} s each, ${CONNECTIONS} connections)...`)
    if (ONLY !== 'mcp') await measure(url, rest, WARMUP_SECONDS)
    if (ONLY !== 'rest') await measure(url, mcp, WARMUP_SECONDS)

    // Alternate the order per round: whichever runs first pays for background work (call-log
    // batches, quota persistence, other processes on the machine), so neither side always does.
    console.log(`Measuring ${ROUNDS} rounds of ${DURATION_SECONDS} s per surface...`)
    const runs: { rest: Measured[]; mcp: Measured[] } = { rest: [], mcp: [] }
    for (let round = 0; round < ROUNDS; round++) {
      const order = round % 2 === 0 ? (['mcp', 'rest'] as const) : (['rest', 'mcp'] as const)
      for (const side of order.filter((name) => !ONLY || name === ONLY)) {
        const measured = await measure(
          url,
          withKey(side === 'mcp' ? mcp : rest, roundKeys[round]),
          DURATION_SECONDS
        )
        runs[side].push(measured)
        console.log(`  round ${round + 1} ${format(measured)}`)
      }
    }
    if (ONLY) return
    const restResult = combine(runs.rest)
    const mcpResult = combine(runs.mcp)

    console.log('')
    console.log(
      `Server: app from source (bin/server.ts), NODE_ENV=production, one process, SQLite + ${redis ? 'Redis quota counters' : 'SQLite quota counters'}; ${CONNECTIONS} connections`
    )
    console.log('Median over rounds:')
    for (const row of [restResult, mcpResult]) console.log(`  ${format(row)}`)
    const ratio = mcpResult.requestsPerSecond / restResult.requestsPerSecond
    console.log('')
    console.log(
      `MCP / REST throughput: ${ratio.toFixed(2)} (target >= 0.50) ${ratio >= 0.5 ? 'OK' : 'BELOW TARGET'}`
    )
    console.log(
      `MCP / REST p99 latency: ${(mcpResult.p99 / Math.max(restResult.p99, 1)).toFixed(2)}`
    )
    if (mcpResult.non2xx + restResult.non2xx + mcpResult.errors + restResult.errors > 0) {
      process.exitCode = 1
      console.log('Some requests failed: the figures are not comparable.')
    }
  } finally {
    server.kill('SIGTERM')
    await new Promise((resolve) => server.once('exit', resolve))
    redis?.stop()
  }
}

await main()
