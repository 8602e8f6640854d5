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
| Options: --users <n> (default 50), --accounts <n per user> (default 10),
| --rules <n per user> (default 200), --sample <baseline rules> (default 200).
*/
import 'reflect-metadata'
import { spawnSync } from 'node:child_process'
import { rmSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { option } from './shared.js'

const ROOT = fileURLToPath(new URL('../', import.meta.url))
const USERS = option('users', 50)
const ACCOUNTS_PER_USER = option('accounts', 10)
const RULES_PER_USER = option('rules', 200)
const SAMPLE = option('sample', 200)

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
const started = performance.now()
const report = await scheduler.runTick(DateTime.utc())
const tickMs = performance.now() - started
clearInterval(sampler)
const after = process.memoryUsage()
const levelPairs = new Set(
  rows.map((row) => {
    const definition = JSON.parse(String(row.definition))
    return `${row.user_id}|${definition.scope.adAccountIds[0]}|${definition.scope.level}`
  })
).size

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
  `  time per tick: ${tickMs.toFixed(0)} ms (${((tickMs * 1000) / totalRules).toFixed(0)} µs per rule)`
)
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
