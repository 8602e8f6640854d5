/*
| npm run bench:instances — two app instances behind a round-robin proxy, against one, in one
| run, on MySQL + Redis (issue 18, "two instances").
|
| Needs DB_CONNECTION=mysql (with DB_DATABASE, MYSQL_* as usual) and REDIS_URL in the
| environment: the instances share only what lives there. Builds the app for production
| (`node ace build`; --no-build reuses build/, --source runs the TypeScript sources through
| ts-exec instead), migrates, mints one Agency key per measurement with `ace keys:create`, then:
|
|   (1) one instance, direct          GET /api/v1/usage with a key (the metered hot path)
|   (2) one instance behind the proxy (what the proxy alone costs)
|   (3) two instances behind the proxy (round robin)
|
| Each round measures (1), (2) and (3) back to back with autocannon (order alternating per
| round); figures are medians over the rounds and the ratios 3/1 and 3/2 are medians of the
| per-round ratios. The proxy (http-proxy-3) runs in its own process. On a 2-core machine the
| load generator, the proxy and the instances share the same two cores: a second instance
| cannot add CPU there, so read the ratio as "what the second instance and the proxy cost",
| not as scaling.
|
| Then exactness at the quota boundary: a Free user (10,000 a month) whose counter stands at
| 10,000 − N, and --boundary-requests (default 200) concurrent requests through the proxy to
| both instances: it prints how many succeeded (must be N) and were refused with 429
| quota_exceeded, the Redis counter, and the database counter after both instances stopped
| (they persist it on shutdown): both must equal the quota.
|
| Options: --duration <s per target> (8), --connections <n> (50), --rounds <n> (3),
| --warmup <s per target> (5), --left <N> (50), --boundary-requests <n> (200), --no-build,
| --source.
*/
import { spawn, spawnSync, type ChildProcess } from 'node:child_process'
import { existsSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import autocannon from 'autocannon'
import { Redis } from 'ioredis'
import mysql from 'mysql2/promise'
import { median, option } from './shared.js'
import { startCluster, type Instance } from '../tests/helpers/instances.js'

const ROOT = fileURLToPath(new URL('../', import.meta.url))
const FROM_SOURCE = process.argv.includes('--source')
const CWD = FROM_SOURCE ? ROOT : `${ROOT}build/`
const NODE_ARGS = FROM_SOURCE ? ['--import=@poppinss/ts-exec'] : []
const SERVER = FROM_SOURCE ? 'bin/server.ts' : 'bin/server.js'

const DURATION_SECONDS = option('duration', 8)
const CONNECTIONS = option('connections', 50)
const ROUNDS = option('rounds', 3)
const WARMUP_SECONDS = option('warmup', 5)
const LEFT = option('left', 50)
const BOUNDARY_REQUESTS = option('boundary-requests', 200)
const FREE_LIMIT = 10_000

interface Figures {
  requestsPerSecond: number
  p50: number
  p99: number
  non2xx: number
}

async function measure(url: string, key: string, seconds = DURATION_SECONDS): Promise<Figures> {
  const result = await autocannon({
    url,
    headers: { authorization: `Bearer ${key}` },
    connections: CONNECTIONS,
    duration: seconds,
  })
  return {
    requestsPerSecond: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    non2xx: result.non2xx,
  }
}

/** Starts the proxy process in front of `targets`; resolves with its URL. */
function startProxy(targets: string[]): Promise<{ url: string; child: ChildProcess }> {
  const child = spawn(
    process.execPath,
    ['--import=@poppinss/ts-exec', 'benchmarks/round_robin_proxy.ts', ...targets],
    { cwd: ROOT, stdio: ['ignore', 'pipe', 'inherit'] }
  )
  return new Promise((resolve, reject) => {
    let output = ''
    child.stdout!.on('data', (chunk) => {
      output += chunk
      const url = output.match(/proxy listening on (\S+)/)?.[1]
      if (url) resolve({ url, child })
    })
    child.once('exit', (code) => reject(new Error(`proxy exited with ${code}: ${output}`)))
  })
}

function stopProcess(child: ChildProcess) {
  if (child.exitCode !== null) return Promise.resolve()
  return new Promise<void>((resolve) => {
    child.once('exit', () => resolve())
    child.kill('SIGTERM')
  })
}

async function main() {
  if (process.env.DB_CONNECTION !== 'mysql' || !process.env.REDIS_URL) {
    console.error(
      'bench:instances runs on MySQL + Redis: set DB_CONNECTION=mysql, DB_DATABASE and REDIS_URL\n' +
        'e.g. DB_CONNECTION=mysql DB_DATABASE=adrelay_bench REDIS_URL=redis://127.0.0.1:6379/3 npm run bench:instances'
    )
    process.exitCode = 2
    return
  }
  if (!FROM_SOURCE && (!process.argv.includes('--no-build') || !existsSync(`${CWD}${SERVER}`))) {
    console.log('building for production (node ace build)...')
    const build = spawnSync(process.execPath, ['ace', 'build', '--ignore-ts-errors'], {
      cwd: ROOT,
      stdio: 'inherit',
    })
    if (build.status !== 0) throw new Error('build failed')
  }
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: 'production',
    APP_KEY: 'benchmark-app-key-0123456789abcdefghij',
    APP_URL: 'http://127.0.0.1',
    GOOGLE_CLIENT_ID: 'benchmark',
    GOOGLE_CLIENT_SECRET: 'benchmark',
    META_TOKEN_ENCRYPTION_KEY: 'benchmark-meta-key-0123456789abcdefghij',
    LOG_LEVEL: 'warn',
  }
  const ace = (args: string[]) =>
    spawnSync(process.execPath, ['ace.js', ...args], { cwd: CWD, env, encoding: 'utf8' })
  const migrate = ace(['migration:run', '--force'])
  if (migrate.status !== 0) throw new Error(`migration failed:\n${migrate.stderr}${migrate.stdout}`)
  const stamp = Date.now()
  const mintKey = (label: string, plan: 'agency' | 'free') => {
    const email = `bench-instances-${label}-${stamp}@example.test`
    const mint = ace(['keys:create', email, '--create-user', '--plan', plan])
    const key = mint.stdout.match(/adr_[0-9A-Za-z]{28}/)?.[0]
    if (!key) throw new Error(`could not mint a key:\n${mint.stderr}${mint.stdout}`)
    return { key, email }
  }
  const warmupKey = mintKey('warmup', 'agency').key
  const keys = Array.from({ length: ROUNDS }, (_, round) => ({
    one: mintKey(`r${round}-one`, 'agency').key,
    oneProxied: mintKey(`r${round}-one-proxied`, 'agency').key,
    two: mintKey(`r${round}-two`, 'agency').key,
  }))
  const boundary = mintKey('boundary', 'free')

  const cluster = await startCluster(2, { cwd: CWD, args: [...NODE_ARGS, SERVER], env })
  const [a] = cluster.instances
  // The cluster helper's in-process proxy is not used for measuring (it would share this
  // event loop with autocannon); two proxy processes are: one in front of A, one of A and B.
  await cluster.proxy.stop()
  const single = await startProxy([a.url])
  const pair = await startProxy(cluster.instances.map((instance: Instance) => instance.url))
  const database = await mysql.createConnection({
    host: process.env.MYSQL_HOST ?? '127.0.0.1',
    port: Number(process.env.MYSQL_PORT ?? 3306),
    user: process.env.MYSQL_USER ?? 'root',
    password: process.env.MYSQL_PASSWORD ?? '',
    database: process.env.DB_DATABASE ?? 'adrelay',
  })
  const redis = new Redis(process.env.REDIS_URL)
  let stopped = false
  const stopAll = async () => {
    if (stopped) return
    stopped = true
    await Promise.all([stopProcess(single.child), stopProcess(pair.child)])
    await Promise.all(cluster.instances.map((instance) => instance.stop()))
  }
  try {
    const targets = {
      one: { label: '(1) one instance, direct', url: `${a.url}/api/v1/usage` },
      oneProxied: { label: '(2) one instance, via proxy', url: `${single.url}/api/v1/usage` },
      two: { label: '(3) two instances, via proxy', url: `${pair.url}/api/v1/usage` },
    } as const
    type Name = keyof typeof targets
    const names = Object.keys(targets) as Name[]
    for (const name of names) {
      const check = await fetch(targets[name].url, {
        headers: { authorization: `Bearer ${warmupKey}` },
      })
      if (check.status !== 200) throw new Error(`${name}: metered call answered ${check.status}`)
    }
    for (const name of names) await measure(targets[name].url, warmupKey, WARMUP_SECONDS)

    const runs: Record<Name, Figures[]> = { one: [], oneProxied: [], two: [] }
    const ratios: Array<{ twoOverOne: number; twoOverProxied: number }> = []
    for (let round = 0; round < ROUNDS; round++) {
      const order = round % 2 === 0 ? names : [...names].reverse()
      for (const name of order) runs[name].push(await measure(targets[name].url, keys[round][name]))
      const [one, oneProxied, two] = names.map((name) => runs[name][round])
      ratios.push({
        twoOverOne: two.requestsPerSecond / one.requestsPerSecond,
        twoOverProxied: two.requestsPerSecond / oneProxied.requestsPerSecond,
      })
      console.log(
        `round ${round + 1}: (1) ${one.requestsPerSecond.toFixed(0)}  (2) ${oneProxied.requestsPerSecond.toFixed(0)}  (3) ${two.requestsPerSecond.toFixed(0)} req/s`
      )
    }

    // Exactness at the boundary, through the proxy in front of both instances.
    const period = new Date().toISOString().slice(0, 7)
    const [[user]] = (await database.query('SELECT id FROM users WHERE email = ?', [
      boundary.email,
    ])) as any
    await database.query(
      'INSERT INTO usage_counters (user_id, period, count) VALUES (?, ?, ?) ON DUPLICATE KEY UPDATE count = VALUES(count)',
      [user.id, period, FREE_LIMIT - LEFT]
    )
    await redis.del(`adrelay:quota:${user.id}:${period}`)
    const statuses = await Promise.all(
      Array.from({ length: BOUNDARY_REQUESTS }, async () => {
        const response = await fetch(`${pair.url}/api/v1/usage`, {
          headers: { authorization: `Bearer ${boundary.key}` },
        })
        const body = (await response.json()) as any
        return response.status === 429 ? `429 ${body.error?.code}` : String(response.status)
      })
    )
    const tally = new Map<string, number>()
    for (const status of statuses) tally.set(status, (tally.get(status) ?? 0) + 1)
    const redisCount = Number(await redis.get(`adrelay:quota:${user.id}:${period}`))
    await stopAll()
    const [[row]] = (await database.query(
      'SELECT count FROM usage_counters WHERE user_id = ? AND period = ?',
      [user.id, period]
    )) as any

    const summary = Object.fromEntries(
      names.map((name) => [
        name,
        {
          requestsPerSecond: median(runs[name].map((run) => run.requestsPerSecond)),
          p50: median(runs[name].map((run) => run.p50)),
          p99: median(runs[name].map((run) => run.p99)),
          non2xx: runs[name].reduce((total, run) => total + run.non2xx, 0),
        },
      ])
    ) as Record<Name, Figures>
    console.log(
      `\nbench:instances — MySQL + Redis, ${FROM_SOURCE ? 'sources (ts-exec)' : 'production build'}, ${CONNECTIONS} connections, ${DURATION_SECONDS}s × ${ROUNDS} rounds (medians), Node ${process.version}`
    )
    console.log('target                            req/s      p50 ms   p99 ms   non-2xx')
    for (const name of names) {
      const figures = summary[name]
      console.log(
        `${targets[name].label.padEnd(32)} ${figures.requestsPerSecond.toFixed(0).padStart(8)} ${String(figures.p50).padStart(9)} ${String(figures.p99).padStart(8)} ${String(figures.non2xx).padStart(9)}`
      )
    }
    console.log(
      `\nratio (3)/(1) = ${median(ratios.map((r) => r.twoOverOne)).toFixed(3)}   ratio (3)/(2) = ${median(ratios.map((r) => r.twoOverProxied)).toFixed(3)}   (medians of the per-round ratios)`
    )
    const succeeded = tally.get('200') ?? 0
    const refused = tally.get('429 quota_exceeded') ?? 0
    const exact =
      succeeded === LEFT &&
      refused === BOUNDARY_REQUESTS - LEFT &&
      redisCount === FREE_LIMIT &&
      Number(row?.count) === FREE_LIMIT
    console.log(
      `\nboundary: ${LEFT} left, ${BOUNDARY_REQUESTS} concurrent requests via the proxy → ${succeeded} succeeded, ${refused} refused 429 quota_exceeded` +
        `${tally.size > 2 || (tally.size === 2 && !tally.has('200')) ? `, other: ${JSON.stringify(Object.fromEntries(tally))}` : ''}` +
        `\ncounter: Redis ${redisCount}, database ${row?.count ?? 'none'} after shutdown (quota ${FREE_LIMIT}) → ${exact ? 'exact' : 'NOT EXACT'}`
    )
    if (!exact) process.exitCode = 1
    const failed = names.filter((name) => summary[name].non2xx > 0)
    if (failed.length > 0) {
      console.log(`WARNING: non-2xx responses from ${failed.join(', ')}`)
      process.exitCode = 1
    }
  } finally {
    await stopAll()
    await database.end()
    redis.disconnect()
  }
}

main().catch((error) => {
  console.error(error)
  process.exitCode = 1
})
