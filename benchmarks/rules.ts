/*
| npm run bench:rules — one scheduler tick of 10,000 enabled rules over 500 sandbox ad accounts.
|
| Boots the app in-process (console environment, the Meta sandbox as Graph API) on a fresh SQLite
| file (or MySQL/Redis from the environment), generates 50 Meta users with 10 ad accounts each
| (one ABO campaign, two ad sets, four ads per account), 50 Agency users connected to them and
| 200 dry-run rules per user (20 per ad account, levels campaign / ad set / ad, windows from
| today to last 30 days), all due. Then it runs ONE tick (`RuleScheduler.runTick`) and prints:
|   - time per tick (ms) and per rule (µs),
|   - Graph calls per tick: insights requests and object-list pages, against the target of one
|     insights request per ad account and level,
|   - memory: RSS and heap before, peak (sampled every 20 ms) and after.
| Baseline in the same run: a sample of rules evaluated the naive way (each rule reading its own
| objects and insights), giving calls and time per rule for both and their ratio.
|
| Write baseline in the same run (issue 16: the tick's database writes are set-based): after
| the batched tick, the run history is emptied and the same rules run again at the same tick
| with `batchSize: 1` (each rule's items, run and schedule written on their own), giving both
| times and their ratio. The batched tick runs first, so it is the one without a warm JIT.
|
| Options: --users <n> (default 50), --accounts <n per user> (default 10),
| --rules <n per user> (default 200), --sample <read-baseline rules> (default 200),
| --write-baseline 0 (skip the per-rule write tick).
| BENCH_RULES=<total> sets the scale quickly: ceil(total / 200) users (the same 200 rules per
| user and 10 accounts per user), e.g. BENCH_RULES=1000 → 1,000 rules over 50 ad accounts.
| BENCH_PROFILE=<file> writes a CPU profile of the batched tick (open it in Chrome DevTools).
*/
import 'reflect-metadata'
import { spawnSync } from 'node:child_process'
import { rmSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { median, option } from './shared.js'

const ROOT = fileURLToPath(new URL('../', import.meta.url))
const USERS = process.env.BENCH_RULES
  ? Math.max(1, Math.ceil(Number(process.env.BENCH_RULES) / option('rules', 200)))
  : option('users', 50)
const ACCOUNTS_PER_USER = option('accounts', 10)
const RULES_PER_USER = option('rules', 200)
const SAMPLE = option('sample', 200)
const WRITE_BASELINE = option('write-baseline', 1) !== 0
const ROUNDS = Math.max(1, option('rounds', 1))

const sqliteFile = `${ROOT}tmp/bench_rules.sqlite3`
for (const suffix of ['', '-wal', '-shm']) rmSync(sqliteFile + suffix, { force: true })
Object.assign(process.env, {
  TZ: 'UTC',
  NODE_ENV: 'development',
  LOG_LEVEL: 'error',
  APP_KEY: process.env.APP_KEY ?? 'benchmark-app-key-0123456789abcdefghij',
  APP_URL: process.env.APP_URL ?? 'http://127.0.0.1',
  SQLITE_FILE: sqliteFile,
  QUEUE_IN_PROCESS_WORKER: 'false',
})
const migrate = spawnSync(process.execPath, ['ace', 'migration:fresh', '--force'], {
  cwd: ROOT,
  env: process.env,
  encoding: 'utf8',
})
if (migrate.status !== 0) throw new Error(`migration failed:\n${migrate.stdout}${migrate.stderr}`)

const { Ignitor } = await import('@adonisjs/core')
const APP_ROOT = new URL('../', import.meta.url)
const importer = (filePath: string) =>
  filePath.startsWith('./') || filePath.startsWith('../')
    ? import(new URL(filePath, APP_ROOT).href)
    : import(filePath)
const app = new Ignitor(APP_ROOT, { importer })
  .tap((application) => {
    application.booting(async () => {
      await import('#start/env')
    })
  })
  .createApp('console')
await app.init()
await app.boot()
await app.start(async () => {})

const { DateTime } = await import('luxon')
const { default: db } = await import('@adonisjs/lucid/services/db')
const { default: User } = await import('#accounts/models/user')
const { default: Subscription } = await import('#accounts/models/subscription')
const { MetaEndpoints } = await import('#meta/services/meta_endpoints')
const { MetaConnections } = await import('#meta/services/meta_connections')
const { RuleScheduler } = await import('#rules/services/rule_scheduler')
const { RuleRunner } = await import('#rules/services/rule_runner')
const { ruleDefinitionSchema } = await import('#rules/definition')
const { toDbTimestamp } = await import('#shared/db_time')
type MetaSandbox = import('#stand_ins/meta_sandbox/meta_sandbox').MetaSandbox

/* ---------------------------------------------------------------- sandbox data */
const endpoints = await app.container.make(MetaEndpoints)
await endpoints.resolve()
const sandbox = endpoints.sandbox as MetaSandbox
const store = sandbox.store
const templateCampaign = store.campaigns.get('120200000000102')!
const templateAdSets = [...store.adSets.values()].filter(
  (adSet) => adSet.campaignId === templateCampaign.id
)
const templateAccount = store.accounts.get(templateCampaign.accountId)!
let nextId = 900_000_000_000_000n
const newId = () => String(nextId++)
const zones = ['America/New_York', 'Europe/Paris', 'Europe/London', 'Asia/Tokyo', 'UTC']

const metaUsers: string[] = []
for (let userIndex = 0; userIndex < USERS; userIndex++) {
  const metaUserId = String(30_000_000_000_000 + userIndex)
  const accountIds: string[] = []
  for (let accountIndex = 0; accountIndex < ACCOUNTS_PER_USER; accountIndex++) {
    const accountId = String(700_000_000_000 + userIndex * 1000 + accountIndex)
    accountIds.push(accountId)
    store.accounts.set(accountId, {
      ...templateAccount,
      id: accountId,
      name: `Bench account ${userIndex}-${accountIndex}`,
      timezoneName: zones[accountIndex % zones.length],
      businessId: String(800_000_000_000 + userIndex),
    })
    const campaignId = newId()
    store.campaigns.set(campaignId, { ...templateCampaign, id: campaignId, accountId })
    for (const adSet of templateAdSets) {
      const adSetId = newId()
      store.adSets.set(adSetId, { ...adSet, id: adSetId, accountId, campaignId })
      for (const ad of [...store.ads.values()].filter((item) => item.adSetId === adSet.id)) {
        const adId = newId()
        store.ads.set(adId, { ...ad, id: adId, accountId, campaignId, adSetId })
      }
    }
  }
  store.users.set(metaUserId, {
    id: metaUserId,
    name: `Bench ${userIndex}`,
    adAccountIds: accountIds,
  })
  metaUsers.push(metaUserId)
}

/* ---------------------------------------------------------------- users, connections, rules */
const connections = await app.container.make(MetaConnections)
const windows = ['today', 'yesterday', 'last_3d', 'last_7d', 'last_14d', 'last_30d'] as const
const levels = ['ad_set', 'campaign', 'ad'] as const
const rows: Record<string, unknown>[] = []
const past = toDbTimestamp(DateTime.utc().minus({ minutes: 5 }))
for (let userIndex = 0; userIndex < USERS; userIndex++) {
  const user = await User.create({
    email: `bench${userIndex}@example.test`,
    firstName: 'Bench',
    lastName: String(userIndex),
    role: 'user',
  })
  await Subscription.create({
    userId: user.id,
    planId: 'agency',
    status: 'active',
    provider: 'manual',
    currentPeriodStart: DateTime.utc(),
    currentPeriodEnd: DateTime.utc().plus({ months: 1 }),
  } as any)
  await connections.save(user.id, {
    metaUserId: metaUsers[userIndex],
    name: `Bench ${userIndex}`,
    accessToken: sandbox.issueToken(metaUsers[userIndex], 'l'),
    isLongLived: true,
    expiresAt: DateTime.utc().plus({ days: 60 }),
    dataAccessExpiresAt: null,
    scopes: ['ads_read', 'ads_management'],
    sandbox: true,
  } as any)
  const accountIds = store.users.get(metaUsers[userIndex])!.adAccountIds
  for (let ruleIndex = 0; ruleIndex < RULES_PER_USER; ruleIndex++) {
    const level = levels[ruleIndex % levels.length]
    const definition = ruleDefinitionSchema.parse({
      scope: { adAccountIds: [`act_${accountIds[ruleIndex % accountIds.length]}`], level },
      conditions: {
        match: 'any',
        groups: [
          {
            conditions: [
              {
                kind: 'value',
                metric: ruleIndex % 2 ? 'cpa' : 'ctr',
                window: windows[ruleIndex % windows.length],
                operator: 'gt',
                value: ruleIndex % 2 ? 1500 : 1,
              },
            ],
          },
          {
            conditions: [
              { kind: 'trend', metric: 'spend', window: 'last_3d', direction: 'rose', percent: 50 },
            ],
          },
        ],
      },
      actions: [level === 'ad' ? { type: 'pause' } : { type: 'increase_budget', percent: 10 }],
      schedule: { type: 'every', minutes: 15 },
    })
    rows.push({
      user_id: user.id,
      name: `Rule ${ruleIndex}`,
      enabled: true,
      mode: 'dry_run',
      definition: JSON.stringify(definition),
      next_run_at: past,
      created_at: past,
      updated_at: past,
    })
  }
}
for (let start = 0; start < rows.length; start += 500) {
  await db.table('rules').multiInsert(rows.slice(start, start + 500))
}

/* ---------------------------------------------------------------- the tick */
const totalRules = rows.length
const totalAccounts = USERS * ACCOUNTS_PER_USER
const mb = (bytes: number) => (bytes / 1024 / 1024).toFixed(0)
global.gc?.()
const before = process.memoryUsage()
let peakRss = before.rss
let peakHeap = before.heapUsed
const sampler = setInterval(() => {
  const usage = process.memoryUsage()
  peakRss = Math.max(peakRss, usage.rss)
  peakHeap = Math.max(peakHeap, usage.heapUsed)
}, 20)
const scheduler = await app.container.make(RuleScheduler)
const profileFile = process.env.BENCH_PROFILE
const { Session } = await import('node:inspector/promises')
const inspector = profileFile ? new Session() : null
if (inspector) {
  inspector.connect()
  await inspector.post('Profiler.enable')
  await inspector.post('Profiler.start')
}
const tickAt = DateTime.utc()
/** Empties the run history and makes every rule due again, so each tick starts alike. */
async function resetRuns() {
  for (const table of [
    'alert_deliveries',
    'notifications',
    'alert_dedupe',
    'rule_run_items',
    'rule_runs',
  ]) {
    await db.from(table).delete()
  }
  await db.from('rules').update({ next_run_at: past, last_run_at: null })
}
/** One tick at `tickAt` with `batchSize`: wall time and CPU time of the process (ms). */
async function timedTick(batchSize?: number) {
  const cpu = process.cpuUsage()
  const startedAt = performance.now()
  const result = await scheduler.runTick(tickAt, batchSize ? { batchSize } : {})
  const ms = performance.now() - startedAt
  const used = process.cpuUsage(cpu)
  return { ms, cpuMs: (used.user + used.system) / 1000, report: result }
}
const first = await timedTick()
const report = first.report
const tickMs = first.ms
if (inspector) {
  const { profile } = await inspector.post('Profiler.stop')
  const { writeFileSync } = await import('node:fs')
  writeFileSync(profileFile!, JSON.stringify(profile))
}
clearInterval(sampler)
const after = process.memoryUsage()
const levelPairs = new Set(
  rows.map((row) => {
    const definition = JSON.parse(String(row.definition))
    return `${row.user_id}|${definition.scope.adAccountIds[0]}|${definition.scope.level}`
  })
).size

/* ---------------------------------------------------------------- baseline: writes per rule */
// Rounds alternate the order (batched first in odd rounds, per-rule first in even ones) so
// neither side always gets the warm JIT; medians are printed.
const batched = [first]
const perRule: Array<Awaited<ReturnType<typeof timedTick>>> = []
for (let round = 1; WRITE_BASELINE && round <= ROUNDS; round++) {
  if (round > 1 && round % 2 === 1) {
    await resetRuns()
    batched.push(await timedTick())
  }
  await resetRuns()
  perRule.push(await timedTick(1))
  if (round % 2 === 0) {
    await resetRuns()
    batched.push(await timedTick())
  }
}

/* ---------------------------------------------------------------- baseline: reads per rule */
const runner = await app.container.make(RuleRunner)
const { default: Rule } = await import('#rules/models/rule')
const sample = await Rule.query().orderBy('id', 'asc').limit(SAMPLE)
let baselineCalls = 0
const baselineStarted = performance.now()
for (const rule of sample) {
  const facts = runner.tickFacts(rule.userId, DateTime.utc())
  const { accounts } = await runner.scopedAccounts(rule.definition, facts)
  runner.declareNeeds(rule.definition, facts, accounts)
  await runner.evaluate(rule.definition, facts, accounts)
  for (const level of await facts.fetchedLevels()) {
    baselineCalls += level.calls.insights + level.calls.objects
  }
}
const baselineMsPerRule = (performance.now() - baselineStarted) / sample.length
const sharedCalls = report.graphCalls.insights + report.graphCalls.objects

console.log(
  `bench:rules — ${totalRules} enabled rules, ${totalAccounts} sandbox ad accounts, ${USERS} users, one tick`
)
console.log(`  storage: ${process.env.DB_CONNECTION === 'mysql' ? 'MySQL' : 'SQLite'}`)
console.log(
  `  rules claimed and run: ${report.claimed} (already claimed: ${report.alreadyClaimed})`
)
console.log(
  `  time per tick: ${tickMs.toFixed(0)} ms, CPU ${first.cpuMs.toFixed(0)} ms (${((tickMs * 1000) / totalRules).toFixed(0)} µs per rule)`
)
if (perRule.length > 0) {
  const wall = (list: typeof perRule) => median(list.map((tick) => tick.ms))
  const cpu = (list: typeof perRule) => median(list.map((tick) => tick.cpuMs))
  console.log(
    `  write baseline, same rules and tick, batchSize 1 (each rule's writes on their own), ` +
      `median of ${perRule.length} vs ${batched.length} ticks:`
  )
  console.log(
    `    wall: per-rule ${wall(perRule).toFixed(0)} ms, batched ${wall(batched).toFixed(0)} ms — ` +
      `ratio ${(wall(perRule) / wall(batched)).toFixed(2)}×`
  )
  console.log(
    `    CPU:  per-rule ${cpu(perRule).toFixed(0)} ms, batched ${cpu(batched).toFixed(0)} ms — ` +
      `ratio ${(cpu(perRule) / cpu(batched)).toFixed(2)}×  (claimed ${perRule.map((tick) => tick.report.claimed).join('/')})`
  )
}
console.log(
  `  Graph calls per tick: ${report.graphCalls.insights} insights + ${report.graphCalls.objects} object-list pages` +
    ` for ${levelPairs} (ad account, level) pairs — target 1 insights call per pair: ` +
    `${(report.graphCalls.insights / levelPairs).toFixed(2)} per pair`
)
console.log(
  `  memory: RSS ${mb(before.rss)} → peak ${mb(peakRss)} → ${mb(after.rss)} MB; heap ${mb(before.heapUsed)} → peak ${mb(peakHeap)} → ${mb(after.heapUsed)} MB`
)
console.log(`  baseline (each rule reads its own data, ${sample.length} rules sampled):`)
console.log(
  `    ${(baselineCalls / sample.length).toFixed(2)} Graph calls and ${baselineMsPerRule.toFixed(1)} ms per rule` +
    ` vs shared ${(sharedCalls / totalRules).toFixed(3)} calls and ${(tickMs / totalRules).toFixed(2)} ms per rule` +
    ` — ratio ${(baselineCalls / sample.length / (sharedCalls / totalRules)).toFixed(1)}× fewer calls,` +
    ` ${(baselineMsPerRule / (tickMs / totalRules)).toFixed(1)}× less time`
)
await app.terminate()
process.exit(0)
