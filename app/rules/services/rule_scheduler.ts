import { inject } from '@adonisjs/core'
import { randomUUID } from 'node:crypto'
import { DateTime } from 'luxon'
import db from '@adonisjs/lucid/services/db'
import { toDbTimestamp } from '#shared/db_time'
import { retryOnDeadlock } from '#shared/deadlock_retry'
import { isUniqueViolation } from '#shared/db_errors'
import { entitlementOf, isSuspended } from '#accounts/actions/resolve_entitlement'
import { planHasFeature } from '#accounts/plan_catalog'
import Rule from '#rules/models/rule'
import RuleRun, { type RuleRunTrigger } from '#rules/models/rule_run'
import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import type { AdAccount } from '#meta/services/normalize'
import { RuleRunner, saveRuns, type RuleJob } from '#rules/services/rule_runner'
import { chunks } from '#rules/services/batch_writes'
import { scheduleNext, scopeZones } from '#rules/services/rules_store'
import { isDue, tickKey, tickOf } from '#rules/services/schedule'
import type { TickFacts } from '#rules/services/meta_facts'
import type { RuleMode } from '#rules/definition'

/** What one tick did (for logs and the benchmark). */
export interface TickReport {
  tick: string
  /** Rules this worker claimed and ran. */
  claimed: number
  /** Due rules another worker had already claimed. */
  alreadyClaimed: number
  /** Graph requests made for reads: object list pages and insights pages. */
  graphCalls: { objects: number; insights: number }
}

/**
 * Runs the rules that are due. Exactly once per rule and tick however many workers run the
 * tick (ADR 0013): a worker first inserts `rule_runs (rule_id, tick)`, which is unique; the
 * worker whose insert succeeds runs the rule, the others see the conflict and move on. A rule
 * whose worker dies mid-run keeps its `running` row: it is not run twice for that tick.
 *
 * Within a tick, the claimed rules are grouped by user so each user's Meta data is read once
 * per ad account and level (`TickFacts`), then each rule is evaluated for the ad accounts
 * whose local time its schedule matches.
 */
@inject()
export class RuleScheduler {
  constructor(private runner: RuleRunner) {}

  /**
   * Runs every enabled rule due at the tick containing `now`. `options.batchSize` is how many
   * of a user's rules share one set of writes (default 500; 1 writes rule by rule, which
   * `bench:rules` measures as its baseline).
   */
  async runTick(
    now: DateTime = DateTime.utc(),
    options: { batchSize?: number } = {}
  ): Promise<TickReport> {
    const tick = tickOf(now)
    const key = tickKey(tick)
    const due = await Rule.query()
      .where('enabled', true)
      .whereNotNull('next_run_at')
      .where('next_run_at', '<=', toDbTimestamp(now))
      .orderBy('id', 'asc')
    const report: TickReport = {
      tick: key,
      claimed: 0,
      alreadyClaimed: 0,
      graphCalls: { objects: 0, insights: 0 },
    }
    const runs = await claimMany(due, key, now)
    report.claimed = runs.size
    report.alreadyClaimed = due.length - runs.size
    const byUser = new Map<number, Array<{ rule: Rule; run: RuleRun }>>()
    for (const rule of due) {
      const run = runs.get(rule.id)
      if (!run) continue
      const list = byUser.get(rule.userId) ?? []
      list.push({ rule, run })
      byUser.set(rule.userId, list)
    }
    for (const [userId, claimed] of byUser) {
      const facts = this.runner.tickFacts(userId, now)
      await this.runForUser(userId, claimed, facts, tick, options.batchSize ?? 500)
      for (const level of await facts.fetchedLevels().catch(() => [])) {
        report.graphCalls.objects += level.calls.objects
        report.graphCalls.insights += level.calls.insights
      }
    }
    return report
  }

  /**
   * Runs one user's claimed rules: a lapsed plan or unreadable ad accounts settle them all at
   * once; otherwise each rule runs on its ad accounts due at this tick (`isDue` per account
   * time zone) through `RuleRunner.executeMany`, `batchSize` rules at a time, whose last
   * transaction also saves those rules' last/next run (`saveSchedules`). Rules with no account
   * due are saved as skipped in one transaction first (`settle`).
   */
  private async runForUser(
    userId: number,
    claimed: Array<{ rule: Rule; run: RuleRun }>,
    facts: TickFacts,
    tick: DateTime,
    batchSize: number
  ) {
    // A suspended account's rules do not run (no Meta writes, no webhooks) until it is
    // reinstated; they keep their schedule.
    if (await isSuspended(userId)) {
      for (const { run } of claimed) {
        run.status = 'skipped'
        run.reason = 'account_suspended: the account is suspended.'
      }
      return settle(claimed, tick, () => [])
    }
    // A plan that lapsed stops the rules (they stay, disabled in effect, until it is renewed).
    const entitlement = await entitlementOf(userId)
    if (!planHasFeature(entitlement.plan.id, 'automated_rules')) {
      for (const { run } of claimed) {
        run.status = 'skipped'
        run.reason = 'plan_upgrade_required: automated rules need the Trafficker plan or higher.'
      }
      return settle(claimed, tick, () => [])
    }
    let visible: AdAccount[]
    try {
      visible = await facts.accounts()
    } catch (error) {
      for (const { rule, run } of claimed) this.runner.recordFailure(rule, run, error)
      return settle(claimed, tick, () => [])
    }
    const jobs: RuleJob[] = []
    const idle: Array<{ rule: Rule; run: RuleRun }> = []
    for (const entry of claimed) {
      let accounts: AdAccount[]
      try {
        ;({ accounts } = await this.runner.scopedAccounts(entry.rule.definition, facts))
      } catch (error) {
        // e.g. rule_currency_mismatch: this rule's run fails with the reason, the others go on
        this.runner.recordFailure(entry.rule, entry.run, error)
        idle.push(entry)
        continue
      }
      const dueAccounts = accounts.filter((account) =>
        isDue(entry.rule.definition.schedule, tick, account.timezone ?? 'UTC')
      )
      if (dueAccounts.length === 0) {
        entry.run.status = 'skipped'
        entry.run.reason =
          'No ad account in scope is due at this time (or none is visible to the Meta connection).'
        idle.push(entry)
        continue
      }
      this.runner.declareNeeds(entry.rule.definition, facts, dueAccounts)
      jobs.push({ ...entry, accounts: dueAccounts })
    }
    const zonesOf = (rule: Rule) => scopeZones(rule.definition, visible)
    if (idle.length > 0) await settle(idle, tick, zonesOf)
    for (const batch of chunks(jobs, batchSize)) {
      await this.runner.executeMany(batch, facts, {
        finish: (trx) => saveSchedules(trx, batch, tick, zonesOf),
      })
    }
  }
}

/** Saves runs that did not execute (skipped or failed) and their rules' schedules. */
async function settle(
  claimed: Array<{ rule: Rule; run: RuleRun }>,
  tick: DateTime,
  zonesOf: (rule: Rule) => string[]
) {
  await db.transaction(async (trx) => {
    await saveRuns(trx, markFinished(claimed.map((entry) => entry.run)))
    await saveSchedules(trx, claimed, tick, zonesOf)
  })
}

function markFinished(runs: RuleRun[]) {
  const now = DateTime.utc()
  for (const run of runs) run.finishedAt ??= now
  return runs
}

/**
 * Sets every rule's last run (`tick`) and next run (from its schedule over its ad accounts'
 * zones, UTC when none) with one `UPDATE … WHERE id IN (…)` per distinct next run: the rules
 * of a tick share a handful of next ticks.
 */
async function saveSchedules(
  trx: TransactionClientContract,
  claimed: Array<{ rule: Rule }>,
  tick: DateTime,
  zonesOf: (rule: Rule) => string[]
) {
  const byNext = new Map<string | null, number[]>()
  for (const { rule } of claimed) {
    const zones = zonesOf(rule)
    rule.lastRunAt = tick
    scheduleNext(rule, zones.length > 0 ? zones : ['UTC'], tick)
    const next = rule.nextRunAt ? toDbTimestamp(rule.nextRunAt) : null
    byNext.set(next, [...(byNext.get(next) ?? []), rule.id])
  }
  const updatedAt = DateTime.utc()
  for (const [next, ids] of byNext) {
    for (const chunk of chunks(ids, 500)) {
      await trx
        .from('rules')
        .whereIn('id', chunk)
        .update({
          last_run_at: toDbTimestamp(tick),
          next_run_at: next,
          updated_at: toDbTimestamp(updatedAt),
        })
    }
  }
  for (const { rule } of claimed) {
    rule.updatedAt = updatedAt
    rule.$hydrateOriginals()
  }
}

/**
 * Claims `rules` for `tick` in batches: one multi-row insert per 500 rules that skips the rows
 * another worker already holds (`ON CONFLICT DO NOTHING` on SQLite, `INSERT IGNORE` on MySQL,
 * on the unique `rule_runs (rule_id, tick)`), then reads back the rows this call inserted
 * (its own `claimed_by` id). Returns rule id → run for the rules this worker owns.
 *
 * Concurrent workers' `INSERT IGNORE` batches take InnoDB locks on the unique index; taken in
 * different orders they deadlock (errno 1213). The rules are inserted in id order, so every
 * worker locks in one order, and a batch picked as a deadlock victim anyway (gap locks) is
 * run again: the statement had no effect and skipping held rows makes it idempotent.
 */
export async function claimMany(
  rules: Rule[],
  tick: string,
  now: DateTime
): Promise<Map<number, RuleRun>> {
  const worker = randomUUID()
  const startedAt = toDbTimestamp(now)
  const inIdOrder = [...rules].sort((a, b) => a.id - b.id)
  for (const batch of chunks(inIdOrder, 500)) {
    await retryOnDeadlock(async () => {
      await db
        .table('rule_runs')
        .insert(
          batch.map((rule) => ({
            rule_id: rule.id,
            user_id: rule.userId,
            trigger: 'schedule',
            tick,
            claimed_by: worker,
            status: 'running',
            mode: rule.mode,
            evaluated_count: 0,
            matched_count: 0,
            acted_count: 0,
            started_at: startedAt,
          }))
        )
        .knexQuery.onConflict(['rule_id', 'tick'])
        .ignore()
    })
  }
  const owned = new Map<number, RuleRun>()
  if (rules.length === 0) return owned
  for (const run of await RuleRun.query().where('tick', tick).where('claimed_by', worker)) {
    owned.set(run.ruleId, run)
  }
  return owned
}

/**
 * Inserts the run row that claims `rule` for `tick`; null when another worker holds it
 * (the unique key `rule_runs (rule_id, tick)` refused the insert).
 */
export async function claim(
  rule: Rule,
  tick: string,
  trigger: RuleRunTrigger,
  mode: RuleMode,
  now: DateTime
): Promise<RuleRun | null> {
  try {
    return await RuleRun.create({
      ruleId: rule.id,
      userId: rule.userId,
      trigger,
      tick,
      status: 'running',
      mode,
      reason: null,
      evaluatedCount: 0,
      matchedCount: 0,
      actedCount: 0,
      startedAt: now,
      finishedAt: null,
    })
  } catch (error) {
    if (isUniqueViolation(error)) return null
    throw error
  }
}

/** A manual run's claim key (never collides with a tick). */
export function manualTick() {
  return `manual:${randomUUID()}`
}
