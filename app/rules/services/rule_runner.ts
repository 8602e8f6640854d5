import { createHash } from 'node:crypto'
import { assertScopeCurrencies } from '#rules/services/rules_store'
import { inject } from '@adonisjs/core'
import emitter from '@adonisjs/core/services/emitter'
import logger from '@adonisjs/core/services/logger'
import { DateTime } from 'luxon'
import db from '@adonisjs/lucid/services/db'
import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import { AppError } from '#shared/errors'
// The `alert:raised` event contract (its EventsList augmentation), owned by the alerts module.
import type {} from '#alerts/events'
import { toDbTimestamp } from '#shared/db_time'
import { postPublicJson } from '#shared/public_http'
import metaConfig from '#config/meta'
import { ListAdAccounts } from '#meta/actions/list_ad_accounts'
import { ListCampaigns } from '#meta/actions/list_campaigns'
import { ListAdSets } from '#meta/actions/list_ad_sets'
import { ListAds } from '#meta/actions/list_ads'
import { GetInsights } from '#meta/actions/get_insights'
import { GetAdSet } from '#meta/actions/get_ad_set'
import { UpdateCampaignStatus } from '#meta/actions/update_campaign_status'
import { UpdateAdSetStatus } from '#meta/actions/update_ad_set_status'
import { UpdateAdStatus } from '#meta/actions/update_ad_status'
import { UpdateCampaignBudget } from '#meta/actions/update_campaign_budget'
import { UpdateAdSetBudget } from '#meta/actions/update_ad_set_budget'
import { UpdateAdSet } from '#meta/actions/update_ad_set'
import type { AdAccount } from '#meta/services/normalize'
import type { RuleDefinition, RuleLevel, RuleMode } from '#rules/definition'
import { WRITE_ACTIONS } from '#rules/definition'
import {
  earliestDateNeeded,
  exactReachRanges,
  evaluateRule,
  inCooldown,
  needsLifetime,
  planWrite,
  type RuleMatch,
  type RuleSubject,
  type SubjectData,
} from '#rules/services/engine'
import { localDate, TickFacts, withBid, type LevelFacts } from '#rules/services/meta_facts'
import type Rule from '#rules/models/rule'
import RuleRun from '#rules/models/rule_run'
import RuleRunItem from '#rules/models/rule_run_item'
import { chunks, insertRows, updateRowsById } from '#rules/services/batch_writes'

/** A subject whose conditions matched, with the figures that matched. */
export interface RuleCandidate {
  account: AdAccount
  subject: RuleSubject
  match: RuleMatch
}

/** What an evaluation found (before any action). */
export interface RuleEvaluation {
  evaluated: number
  candidates: RuleCandidate[]
  /** Ad accounts named by the rule that the Meta connection no longer sees. */
  missingAdAccounts: string[]
}

/** One rule of a batch: the rule, its claimed run and the ad accounts it runs on now. */
export interface RuleJob {
  rule: Rule
  run: RuleRun
  accounts: AdAccount[]
}

/**
 * Per object id: the rule's last change (or the user's revert of one), the value before its
 * first change in 24 h, and whether a write of the rule waits for approval on it.
 */
export type History = Map<
  string,
  {
    lastActedAt: DateTime | null
    /** True when `lastActedAt` is a revert of the rule's change, not the change itself. */
    lastWasRevert?: boolean
    /** True when `lastActedAt` is the user's rejection of the rule's proposed change. */
    lastWasRejection?: boolean
    valueAtStartOf24h: number | null
    /** The id of a write of the rule on the object still pending approval (or being approved). */
    pendingItemId?: number | null
  }
>

/** A rule's items planned in memory, the auto-mode writes to apply, the webhook's objects. */
export interface PlannedRun {
  items: RuleRunItem[]
  writes: Array<{ item: RuleRunItem; value: string | number }>
  webhookObjects: Array<Record<string, any>>
}

/** Meta refusals that make a run "skipped" (with the reason) rather than "failed". */
const SKIP_CODES = new Set([
  'meta_rate_limited',
  'meta_unavailable',
  'meta_not_connected',
  'meta_token_invalid',
])

/**
 * Evaluates rules against Meta data and carries out their actions. Reads go through the Meta
 * module's list and insights actions (via `TickFacts`, shared by the rules of one tick) and
 * writes through its update actions with `confirm: true` (same ownership checks and pre-flight
 * as every other surface): there is no second path to the Graph API.
 *
 * Modes: `dry_run` records what it would do (`planned`, nothing sent); `approval` records the
 * exact write as `pending_approval` for a person; `auto` applies it. Guards: an object on which
 * a write of the rule still awaits approval is skipped (one proposal at a time, never a stale
 * second one); cooldown per object, counted between scheduled ticks in the ad account's time
 * zone (engine.inCooldown; executed changes and the user's reverts of them count, so a revert
 * holds at least through the cooldown, and so does a rejection; dry runs count their own planned items, so a dry run
 * previews the cooldown too), the per-action and per-24 h caps, min/max budget, never 0
 * (engine.planWrite), and the blast-radius cap `maxObjectsPerRun` (the excess is recorded as
 * skipped).
 */
@inject()
export class RuleRunner {
  constructor(
    private listAdAccounts: ListAdAccounts,
    private listCampaigns: ListCampaigns,
    private listAdSets: ListAdSets,
    private listAds: ListAds,
    private getInsights: GetInsights,
    private getAdSet: GetAdSet,
    private updateCampaignStatus: UpdateCampaignStatus,
    private updateAdSetStatus: UpdateAdSetStatus,
    private updateAdStatus: UpdateAdStatus,
    private updateCampaignBudget: UpdateCampaignBudget,
    private updateAdSetBudget: UpdateAdSetBudget,
    private updateAdSet: UpdateAdSet
  ) {}

  /** A fresh per-tick cache of `userId`'s Meta data. */
  tickFacts(userId: number, now: DateTime): TickFacts {
    return new TickFacts(userId, now, {
      listAdAccounts: this.listAdAccounts,
      listCampaigns: this.listCampaigns,
      listAdSets: this.listAdSets,
      listAds: this.listAds,
      getInsights: this.getInsights,
    })
  }

  /**
   * The ad accounts a rule covers among those the connection sees (+ the ones it lost).
   * @throws AppError 422 `rule_currency_mismatch` when the rule has amounts and its accounts'
   *   currencies now have different decimals (an `all` scope that gained such an account):
   *   the run fails with that reason instead of applying one amount in two currencies
   */
  async scopedAccounts(definition: RuleDefinition, facts: TickFacts) {
    const visible = await facts.accounts()
    assertScopeCurrencies(definition, visible)
    if (definition.scope.adAccountIds === 'all') return { accounts: visible, missing: [] }
    const wanted = definition.scope.adAccountIds.map((id) =>
      id.startsWith('act_') ? id : `act_${id}`
    )
    return {
      accounts: visible.filter((account) => wanted.includes(account.id)),
      missing: wanted.filter((id) => !visible.some((account) => account.id === id)),
    }
  }

  /** Declares the rule's reads on `accounts` so the tick fetches each account/level once. */
  declareNeeds(definition: RuleDefinition, facts: TickFacts, accounts: AdAccount[]) {
    const lifetime = needsLifetime(definition)
    for (const account of accounts) {
      const today = localDate(facts.now, account.timezone)
      facts.need(
        account.id,
        definition.scope.level,
        earliestDateNeeded(definition, today),
        lifetime,
        exactReachRanges(definition, today)
      )
    }
  }

  /** Evaluates the rule's conditions on every object in scope (no writes, no records). */
  async evaluate(
    definition: RuleDefinition,
    facts: TickFacts,
    accounts: AdAccount[]
  ): Promise<Omit<RuleEvaluation, 'missingAdAccounts'>> {
    let evaluated = 0
    const candidates: RuleCandidate[] = []
    for (const account of accounts) {
      const level = await facts.facts(account, definition.scope.level)
      for (const subject of level.subjects) {
        if (!inScope(definition, subject)) continue
        evaluated++
        const match = evaluateRule(definition, subjectData(level, subject), {
          now: facts.now,
          today: level.today,
        })
        if (match.matched) candidates.push({ account, subject, match })
      }
    }
    return { evaluated, candidates }
  }

  /**
   * Runs `rule` as `run` (already claimed) on `accounts`: evaluates, records one item per
   * matched object and action, applies writes in auto mode, emits the alerts, and completes
   * the run. Meta throttling, a lost connection or an outage marks the run `skipped` with the
   * reason; anything else `failed`. Never throws. (`executeMany` with one rule.)
   */
  async execute(rule: Rule, run: RuleRun, facts: TickFacts, accounts: AdAccount[]) {
    await this.executeMany([{ rule, run, accounts }], facts)
    return run
  }

  /**
   * Runs several claimed rules of one user in one tick (`facts`) with set-based writes:
   * 1. evaluates every rule (no I/O beyond the shared `facts`);
   * 2. reads the cooldown / 24 h history of every rule that writes in one query per chunk;
   * 3. plans each rule's items in memory (guards, cooldown, blast radius);
   * 4. inserts every planned item in one transaction (multi-row inserts), reading ids back
   *    only for runs that need them (approval: the alert names the items; auto: the write
   *    updates its item);
   * 5. applies auto-mode writes through the Meta actions (one item update each) and calls
   *    webhooks (one POST per run);
   * 6. in one last transaction: the webhook items, every run's status and counts, then
   *    `options.finish(trx)` (the scheduler's bulk update of the rules' last/next run);
   * 7. after commit, the alerts.
   * A rule's own failure (Meta's limits: `skipped`; anything else: `failed`) affects only
   * its run; a failed database write fails the runs of the batch. Never throws.
   */
  async executeMany(
    jobs: RuleJob[],
    facts: TickFacts,
    options: { finish?: (trx: TransactionClientContract) => Promise<void> } = {}
  ) {
    const now = facts.now
    const live: Array<RuleJob & { candidates: RuleCandidate[]; plan?: PlannedRun }> = []
    for (const job of jobs) {
      try {
        const { evaluated, candidates } = await this.evaluate(
          job.rule.definition,
          facts,
          job.accounts
        )
        job.run.evaluatedCount = evaluated
        job.run.matchedCount = candidates.length
        live.push({ ...job, candidates })
      } catch (error) {
        this.recordFailure(job.rule, job.run, error)
      }
    }
    const histories = await this.histories(
      live.filter(({ rule, candidates }) => candidates.length > 0 && writeActionOf(rule)),
      now
    ).catch((error) => {
      for (const job of live) this.recordFailure(job.rule, job.run, error)
      live.length = 0
      return new Map<number, History>()
    })
    for (const job of live) {
      try {
        job.plan = await this.plan(
          job.rule,
          job.run,
          job.candidates,
          now,
          job.run.mode,
          histories.get(job.rule.id) ?? new Map()
        )
      } catch (error) {
        this.recordFailure(job.rule, job.run, error)
      }
    }
    let planned = live.filter((job) => job.plan)
    try {
      await this.insertItems(planned.map((job) => ({ run: job.run, items: job.plan!.items })))
    } catch (error) {
      for (const job of planned) this.recordFailure(job.rule, job.run, error)
      planned = []
    }
    const webhookItems: RuleRunItem[] = []
    for (const job of planned) {
      const { rule, run, plan } = job
      try {
        for (const { item, value } of plan!.writes) await this.applyItem(item, value)
        const webhook = rule.definition.actions.find((action) => action.type === 'webhook')
        if (webhook?.url && plan!.webhookObjects.length > 0) {
          const created = await this.callWebhook(
            rule,
            run,
            webhook.url,
            plan!.webhookObjects,
            plan!.items,
            run.mode
          )
          plan!.items.push(...created)
          webhookItems.push(...created)
        }
        run.actedCount = plan!.items.filter((item) => item.status === 'executed').length
        run.status = 'completed'
      } catch (error) {
        this.recordFailure(rule, run, error)
      }
    }
    const finishedAt = DateTime.utc()
    for (const { run } of jobs) run.finishedAt = finishedAt
    try {
      await db.transaction(async (trx) => {
        await insertRows(trx, webhookItems)
        await saveRuns(
          trx,
          jobs.map((job) => job.run)
        )
        await options.finish?.(trx)
      })
    } catch (error) {
      // Like a worker that died mid-run: the runs keep their `running` rows (claimed, so the
      // tick is not run twice) and the rules their next run; the next tick runs them.
      logger.error({ err: error, runIds: jobs.map((job) => job.run.id) }, 'rule runs not saved')
      return
    }
    for (const { rule, run, plan } of planned) {
      if (run.status === 'completed') await this.raiseAlerts(rule, run, plan!.items)
    }
  }

  /**
   * Inserts the planned items of several runs (one transaction, multi-row inserts), then reads
   * back the ids of the items of runs not in dry-run mode: (run, object, action) is unique
   * within a run.
   */
  private async insertItems(entries: Array<{ run: RuleRun; items: RuleRunItem[] }>) {
    const all = entries.flatMap((entry) => entry.items)
    if (all.length === 0) return
    await db.transaction((trx) => insertRows(trx, all))
    const needIds = entries.filter((entry) => entry.run.mode !== 'dry_run' && entry.items.length)
    const byKey = new Map<string, RuleRunItem>()
    for (const { items } of needIds) {
      for (const item of items) byKey.set(`${item.runId}|${item.objectId}|${item.action}`, item)
    }
    for (const runs of chunks(needIds.map((entry) => entry.run.id))) {
      const rows = await db
        .from('rule_run_items')
        .select('id', 'run_id', 'object_id', 'action')
        .whereIn('run_id', runs)
      for (const row of rows) {
        const item = byKey.get(`${row.run_id}|${row.object_id}|${row.action}`)
        if (!item) continue
        item.id = Number(row.id)
        item.$isPersisted = true
        item.$hydrateOriginals()
      }
    }
  }

  /**
   * Marks `run` skipped (Meta throttling, outage, lost connection: `reason` says which) or
   * failed (anything else; logged) without saving it.
   */
  recordFailure(rule: Rule, run: RuleRun, error: unknown) {
    if (error instanceof AppError && SKIP_CODES.has(error.code)) {
      run.status = 'skipped'
      run.reason = `${error.code}: ${error.message}`.slice(0, 500)
      return
    }
    logger.error({ err: error, ruleId: rule.id, runId: run.id }, 'rule run failed')
    run.status = 'failed'
    run.reason =
      error instanceof AppError
        ? `${error.code}: ${error.message}`.slice(0, 500)
        : 'Unexpected error while running the rule.'
  }

  /**
   * Plans `rule`'s items for its matched `candidates` in memory (nothing written): a write
   * still awaiting approval on the object, then the cooldown (`history`: the rule's recent
   * changes and reverts per object, compared tick to tick in the ad account's time zone), the
   * write guards (engine.planWrite), the blast-radius cap, notify items, and the objects a
   * webhook will report. In auto mode the writes to apply (after the items are stored) are
   * returned with their values.
   */
  async plan(
    rule: Rule,
    run: RuleRun,
    candidates: RuleCandidate[],
    now: DateTime,
    mode: RuleMode,
    history: History
  ): Promise<PlannedRun> {
    const { guards } = rule.definition
    const items: RuleRunItem[] = []
    const writesToApply: PlannedRun['writes'] = []
    const webhookObjects: Array<Record<string, any>> = []
    const item = (values: Partial<RuleRunItem>) => {
      const created = new RuleRunItem().merge(values)
      items.push(created)
      return created
    }
    let writes = 0
    for (const candidate of candidates) {
      const { subject, match } = candidate
      const base = {
        runId: run.id,
        ruleId: rule.id,
        userId: rule.userId,
        adAccountId: subject.adAccountId,
        objectType: subject.type,
        objectId: subject.id,
        objectName: subject.name.slice(0, 400),
        metrics: finiteValues(match.values),
        clamped: false,
      }
      for (const action of rule.definition.actions) {
        if (action.type === 'notify') {
          item({
            ...base,
            action: 'notify',
            field: null,
            status: mode === 'dry_run' ? 'planned' : 'executed',
            executedAt: mode === 'dry_run' ? null : now,
          })
          continue
        }
        if (action.type === 'webhook') {
          webhookObjects.push(base)
          continue
        }
        const past = history.get(subject.id)
        if (past?.pendingItemId) {
          item({
            ...base,
            action: action.type,
            field: null,
            status: 'skipped',
            reason: `awaiting approval: this rule's change #${past.pendingItemId} on it waits for a decision`,
          })
          continue
        }
        if (
          inCooldown(
            past?.lastActedAt ?? null,
            now,
            guards.cooldownHours,
            candidate.account.timezone
          )
        ) {
          const when = past!.lastActedAt!.toRelative({ base: now })
          item({
            ...base,
            action: action.type,
            field: null,
            status: 'skipped',
            reason: past!.lastWasRevert
              ? `cooldown: its change was reverted ${when}, cooldown ${guards.cooldownHours} h`
              : past!.lastWasRejection
                ? `cooldown: its proposed change was rejected ${when}, cooldown ${guards.cooldownHours} h`
                : `cooldown: acted ${when}, cooldown ${guards.cooldownHours} h`,
          })
          continue
        }
        const target =
          action.type === 'change_bid'
            ? await withBid(this.getAdSet, rule.userId, subject)
            : subject
        const plan = planWrite(action, target, guards, {
          valueAtStartOf24h: past?.valueAtStartOf24h ?? null,
        })
        if (plan.kind === 'skip') {
          item({
            ...base,
            action: action.type,
            field: null,
            status: 'skipped',
            reason: plan.reason,
          })
          continue
        }
        if (writes >= guards.maxObjectsPerRun) {
          item({
            ...base,
            action: action.type,
            field: plan.field,
            beforeValue: String(plan.before),
            plannedValue: String(plan.after),
            clamped: plan.clamped,
            status: 'skipped',
            reason: `blast-radius cap: at most ${guards.maxObjectsPerRun} objects changed per run`,
          })
          continue
        }
        writes++
        const write = item({
          ...base,
          action: action.type,
          field: plan.field,
          beforeValue: plan.before === null ? null : String(plan.before),
          plannedValue: String(plan.after),
          clamped: plan.clamped,
          reason: plan.reasons.join('; ') || null,
          status:
            mode === 'dry_run' ? 'planned' : mode === 'approval' ? 'pending_approval' : 'executed',
        })
        if (mode === 'auto') writesToApply.push({ item: write, value: plan.after })
      }
    }
    return { items, writes: writesToApply, webhookObjects }
  }

  /**
   * The webhook action: one POST per run (JSON: rule, run, and each matched object with its
   * metric values and the change made or planned), recorded as one item per object. Dry runs
   * only record it; the items come back unsaved. The URL must be https and resolve to a public address (#shared/public_http;
   * OUTBOUND_ALLOWED_ORIGINS exempts development origins).
   */
  private async callWebhook(
    rule: Rule,
    run: RuleRun,
    url: string,
    objects: Array<Record<string, any>>,
    items: RuleRunItem[],
    mode: RuleMode
  ) {
    let status: 'planned' | 'executed' | 'failed' = 'planned'
    let reason: string | null = 'Dry run: the webhook would be called.'
    let errorMessage: string | null = null
    if (mode !== 'dry_run') {
      // The same development exemptions as every outbound fetch (OUTBOUND_ALLOWED_ORIGINS).
      const allowedOrigins = metaConfig.imageFetch.allowedOrigins
      const payload = {
        event: 'rule.fired',
        rule: { id: rule.id, name: rule.name },
        run: { id: run.id, mode, trigger: run.trigger },
        objects: objects.map((object) => {
          const change = items.find((item) => item.objectId === object.objectId && item.field)
          return {
            adAccountId: object.adAccountId,
            objectType: object.objectType,
            objectId: object.objectId,
            name: object.objectName,
            metrics: object.metrics,
            change: change
              ? {
                  field: change.field,
                  before: change.beforeValue,
                  after: change.executedValue ?? change.plannedValue,
                  status: change.status,
                }
              : null,
          }
        }),
      }
      try {
        if (!url.startsWith('https://') && !allowedOrigins.includes(new URL(url).origin)) {
          throw new AppError('url_not_allowed', 'Webhook URLs must use https.', 422)
        }
        const answer = await postPublicJson(url, payload, { timeoutMs: 10_000, allowedOrigins })
        status = answer.status >= 200 && answer.status < 300 ? 'executed' : 'failed'
        reason = null
        errorMessage = status === 'failed' ? `The webhook answered HTTP ${answer.status}.` : null
      } catch (error) {
        if (!(error instanceof AppError)) throw error
        status = 'failed'
        reason = null
        errorMessage = error.message
      }
    }
    const now = DateTime.utc()
    // Unsaved: executeMany stores them with the run in its last transaction.
    return objects.map((object) =>
      new RuleRunItem().merge({
        ...(object as any),
        action: 'webhook',
        field: null,
        status,
        reason,
        errorMessage,
        executedAt: status === 'executed' ? now : null,
      })
    )
  }

  /**
   * Applies `item`'s write at Meta with `value` through the Meta module's update action and
   * records the outcome (executed with the value Meta now has, or failed with Meta's message).
   */
  async applyItem(item: RuleRunItem, value: string | number) {
    try {
      const result = await this.write(
        item.userId,
        item.objectType,
        item.objectId,
        item.field!,
        value
      )
      const change = result.changes.find((entry) => entry.field === item.field)
      item.status = 'executed'
      item.executedValue = String(change?.after ?? value)
      item.executedAt = DateTime.utc()
      item.errorCode = null
      item.errorMessage = null
    } catch (error) {
      if (!(error instanceof AppError)) throw error
      item.status = 'failed'
      item.errorCode = error.code
      item.errorMessage = String(
        (error.details.metaUserMessage as string | undefined) ?? error.message
      ).slice(0, 1000)
    }
    await item.save()
    return item
  }

  /** One write through the Meta module's actions (`confirm: true`). */
  async write(userId: number, type: RuleLevel, id: string, field: string, value: string | number) {
    if (field === 'status') {
      const status = value as 'ACTIVE' | 'PAUSED'
      if (type === 'campaign')
        return this.updateCampaignStatus.execute(userId, { campaignId: id, status, confirm: true })
      if (type === 'ad_set')
        return this.updateAdSetStatus.execute(userId, { adSetId: id, status, confirm: true })
      return this.updateAdStatus.execute(userId, { adId: id, status, confirm: true })
    }
    const amount = Number(value)
    if (field === 'bid_amount') {
      return this.updateAdSet.execute(userId, { adSetId: id, bidAmount: amount, confirm: true })
    }
    const budget = field === 'daily_budget' ? { dailyBudget: amount } : { lifetimeBudget: amount }
    if (type === 'campaign') {
      return this.updateCampaignBudget.execute(userId, { campaignId: id, ...budget, confirm: true })
    }
    return this.updateAdSetBudget.execute(userId, { adSetId: id, ...budget, confirm: true })
  }

  /**
   * Per rule and object: when the rule last acted on it within the last 30 days (executed
   * writes; writes the user reverted, at the time of the revert; proposals the user rejected,
   * at the time of the decision; in a dry run its planned
   * writes too), the value before its first change in the last 24 h, and a write still
   * pending approval (or being approved), of any age. One query per chunk of rules and objects
   * (oldest first, so "first change" is the first row seen).
   */
  private async histories(
    jobs: Array<{ rule: Rule; run: RuleRun; candidates: RuleCandidate[] }>,
    now: DateTime
  ) {
    const result = new Map<number, History>()
    if (jobs.length === 0) return result
    const since = toDbTimestamp(now.minus({ hours: 24 * 30 }))
    const dayAgo = now.minus({ hours: 24 })
    const hourAgo = toDbTimestamp(now.minus({ hours: 1 }))
    const dryRules = new Set(
      jobs.filter((job) => job.run.mode === 'dry_run').map((job) => job.rule.id)
    )
    for (const group of chunks(jobs)) {
      const objectIds = [
        ...new Set(group.flatMap((job) => job.candidates.map((c) => c.subject.id))),
      ]
      for (const objects of chunks(objectIds, 500)) {
        const items = await RuleRunItem.query()
          .whereIn(
            'rule_id',
            group.map((job) => job.rule.id)
          )
          .whereIn('object_id', objects)
          .whereNotNull('field')
          .where((query) => {
            query
              .where((executed) =>
                executed.where('status', 'executed').where('executed_at', '>=', since)
              )
              .orWhere((reverted) =>
                reverted
                  .where('status', 'reverted')
                  .where((recent) =>
                    recent.where('executed_at', '>=', since).orWhere('reverted_at', '>=', since)
                  )
              )
              .orWhere((planned) =>
                planned.where('status', 'planned').where('created_at', '>=', since)
              )
              .orWhere((rejected) =>
                rejected.where('status', 'rejected').where('decided_at', '>=', since)
              )
              .orWhere('status', 'pending_approval')
              // An approval being applied; one claimed over an hour ago whose process died
              // before applying it no longer holds the object (ApproveRuleAction).
              .orWhere((approving) =>
                approving.where('status', 'approving').where('decided_at', '>=', hourAgo)
              )
          })
          .orderBy('id', 'asc')
        for (const item of items) {
          // A planned (dry-run) change counts only for dry runs of the same rule.
          if (item.status === 'planned' && !dryRules.has(item.ruleId)) continue
          const history = result.get(item.ruleId) ?? new Map()
          result.set(item.ruleId, history)
          const entry = history.get(item.objectId) ?? { lastActedAt: null, valueAtStartOf24h: null }
          history.set(item.objectId, entry)
          if (item.status === 'pending_approval' || item.status === 'approving') {
            entry.pendingItemId ??= item.id
            continue
          }
          if (item.status === 'rejected') {
            // The user said no to this change: it is not proposed again within the cooldown
            // (counted from the decision). Nothing was written, so no 24 h value.
            const decided = item.decidedAt ?? item.createdAt
            if (!entry.lastActedAt || decided > entry.lastActedAt) {
              entry.lastActedAt = decided
              entry.lastWasRevert = false
              entry.lastWasRejection = true
            }
            continue
          }
          const at = item.executedAt ?? item.createdAt
          // The user's revert is the object's last change: the cooldown runs from it.
          const last = item.status === 'reverted' ? (item.revertedAt ?? at) : at
          if (!entry.lastActedAt || last > entry.lastActedAt) {
            entry.lastActedAt = last
            entry.lastWasRevert = item.status === 'reverted'
            entry.lastWasRejection = false
          }
          if (at >= dayAgo && entry.valueAtStartOf24h === null && item.field !== 'status') {
            entry.valueAtStartOf24h = item.beforeValue === null ? null : Number(item.beforeValue)
          }
        }
      }
    }
    return result
  }

  /**
   * `rule_fired` when the rule acted (or would have), `rule_approval_needed` for pending writes.
   * Their dedupe keys name the rule, the run's mode (a dry run's "would act on" never hides the
   * first real "acted on") and a SHA-256 of the sorted object ids (`objectsDigest`: two runs
   * share a key only when they concern exactly the same objects, however many).
   */
  private async raiseAlerts(rule: Rule, run: RuleRun, items: RuleRunItem[]) {
    const acted = items.filter((item) => ['executed', 'planned'].includes(item.status))
    const pending = items.filter((item) => item.status === 'pending_approval')
    const url = `/rules?rule=${rule.id}&run=${run.id}`
    const objects = (list: RuleRunItem[]) => [...new Set(list.map((item) => item.objectId))].sort()
    if (acted.length > 0) {
      const verb = run.mode === 'dry_run' ? 'would act on' : 'acted on'
      const ids = objects(acted)
      await emitter.emit('alert:raised', {
        userId: rule.userId,
        type: 'rule_fired',
        dedupeKey: `rule_fired:${rule.id}:${run.mode}:${objectsDigest(ids)}`,
        title: `Rule "${rule.name}" ${verb} ${ids.length} ${plural(ids.length, rule.definition.scope.level)}`,
        message: summary(acted),
        url,
        data: { ruleId: rule.id, runId: run.id, mode: run.mode, objectIds: ids },
      })
    }
    if (pending.length > 0) {
      const ids = objects(pending)
      await emitter.emit('alert:raised', {
        userId: rule.userId,
        type: 'rule_approval_needed',
        dedupeKey: `rule_approval_needed:${rule.id}:${objectsDigest(ids)}`,
        title: `Rule "${rule.name}" waits for your approval on ${ids.length} ${plural(ids.length, rule.definition.scope.level)}`,
        message: summary(pending),
        url: `/rules?tab=approvals`,
        data: { ruleId: rule.id, runId: run.id, itemIds: pending.map((item) => item.id) },
      })
    }
  }
}

/**
 * The SHA-256 (hex) of a sorted list of object ids: a fixed 64 characters for any number of
 * objects, so alert dedupe keys fit their column (191) and never collide by truncation.
 */
export function objectsDigest(sortedIds: string[]) {
  return createHash('sha256').update(sortedIds.join(',')).digest('hex')
}

function writeActionOf(rule: Rule) {
  return rule.definition.actions.find((action) => WRITE_ACTIONS.includes(action.type))
}

/** Saves every run's status, reason, counts and end in one statement per chunk. */
export async function saveRuns(trx: TransactionClientContract, runs: RuleRun[]) {
  await updateRowsById(
    trx,
    'rule_runs',
    ['status', 'reason', 'evaluated_count', 'matched_count', 'acted_count', 'finished_at'],
    runs.map((run) => ({
      id: run.id,
      values: {
        status: run.status === 'running' ? 'completed' : run.status,
        reason: run.reason,
        evaluated_count: run.evaluatedCount,
        matched_count: run.matchedCount,
        acted_count: run.actedCount,
        finished_at: run.finishedAt,
      },
    }))
  )
  for (const run of runs) {
    if (run.status === 'running') run.status = 'completed'
    run.$hydrateOriginals()
  }
}

function plural(count: number, level: RuleLevel) {
  const noun = level === 'ad_set' ? 'ad set' : level
  return count === 1 ? noun : `${noun}s`
}

function summary(items: RuleRunItem[]) {
  return items
    .slice(0, 10)
    .map((item) =>
      item.field
        ? `${item.objectName || item.objectId}: ${item.action} ${item.field} ${item.beforeValue ?? '—'} → ${item.executedValue ?? item.plannedValue}`
        : `${item.objectName || item.objectId}: ${item.action}`
    )
    .join('\n')
}

/** Metric values as stored (JSON has no Infinity: an infinite cost is stored as null). */
function finiteValues(values: Record<string, number | null>) {
  const result: Record<string, number | null> = {}
  for (const [key, value] of Object.entries(values)) {
    result[key] =
      value === null || !Number.isFinite(value) ? null : Math.round(value * 10000) / 10000
  }
  return result
}

/** Whether `subject` passes the rule's filters (ids, name contains, status, objective). */
export function inScope(definition: RuleDefinition, subject: RuleSubject) {
  const { filters } = definition.scope
  if (filters.ids && filters.ids.length > 0 && !filters.ids.includes(subject.id)) return false
  if (
    filters.nameContains &&
    !subject.name.toLowerCase().includes(filters.nameContains.toLowerCase())
  )
    return false
  if (
    filters.statuses &&
    filters.statuses.length > 0 &&
    !filters.statuses.includes(subject.status as any)
  )
    return false
  if (filters.objectives && filters.objectives.length > 0) {
    if (!subject.objective || !filters.objectives.includes(subject.objective)) return false
  }
  return true
}

function subjectData(level: LevelFacts, subject: RuleSubject): SubjectData {
  return {
    subject,
    days: level.days.get(subject.id) ?? [],
    lifetime: level.lifetime?.get(subject.id) ?? null,
    reach: exactReach(level, subject.id),
  }
}

/** The subject's exact reach per fetched range (0 where Meta returned no row: nobody reached). */
function exactReach(level: LevelFacts, subjectId: string): Map<string, number> | null {
  if (level.reach.size === 0) return null
  const reach = new Map<string, number>()
  for (const [key, byObject] of level.reach) reach.set(key, byObject.get(subjectId) ?? 0)
  return reach
}
