import { type DateTime } from 'luxon'
import { type ListAdAccounts } from '#meta/actions/list_ad_accounts'
import { type ListCampaigns } from '#meta/actions/list_campaigns'
import { type ListAdSets } from '#meta/actions/list_ad_sets'
import { type ListAds } from '#meta/actions/list_ads'
import { type GetInsights } from '#meta/actions/get_insights'
import { type GetAdSet } from '#meta/actions/get_ad_set'
import type { AdAccount } from '#meta/services/normalize'
import type { RuleLevel } from '#rules/definition'
import {
  factsFromInsightsRow,
  rangeKey,
  type DailyFacts,
  type DateRange,
  type RuleSubject,
} from '#rules/services/engine'

/** The Meta actions the rule engine reads through (resolved from the container). */
export interface MetaReadActions {
  listAdAccounts: ListAdAccounts
  listCampaigns: ListCampaigns
  listAdSets: ListAdSets
  listAds: ListAds
  getInsights: GetInsights
}

/** Everything the engine needs about one ad account at one level during one tick. */
export interface LevelFacts {
  account: AdAccount
  /** YYYY-MM-DD in the account's time zone. */
  today: string
  subjects: RuleSubject[]
  /** object id → daily rows from `since` to today */
  days: Map<string, DailyFacts[]>
  /** object id → lifetime totals (only when a rule asked for lifetime) */
  lifetime: Map<string, DailyFacts> | null
  /**
   * `rangeKey(range)` → object id → exact unique reach over that range (only the multi-day
   * ranges some rule reads reach or frequency over; an object without a row reached nobody).
   */
  reach: Map<string, Map<string, number>>
  /** Graph requests this fetch made: object pages and insights pages. */
  calls: { objects: number; insights: number }
}

const INSIGHTS_LEVEL: Record<RuleLevel, 'campaign' | 'adset' | 'ad'> = {
  campaign: 'campaign',
  ad_set: 'adset',
  ad: 'ad',
}
const ID_FIELD: Record<RuleLevel, string> = {
  campaign: 'campaign_id',
  ad_set: 'adset_id',
  ad: 'ad_id',
}
const INSIGHTS_FIELDS = [
  'objective',
  'spend',
  'impressions',
  'reach',
  'clicks',
  'actions',
  'action_values',
]

/** What the rules of a tick read from one (ad account, level), merged over the rules. */
interface Need {
  /** Earliest YYYY-MM-DD of the daily series. */
  since: string
  lifetime: boolean
  /** `rangeKey(range)` → range: exact reach wanted over these multi-day ranges. */
  reachRanges: Map<string, DateRange>
}

/** The local date in `zone` at `now` (UTC when the zone is unknown). */
export function localDate(now: DateTime, zone: string | null): string {
  const local = now.setZone(zone ?? 'UTC')
  return (local.isValid ? local : now.toUTC()).toISODate()!
}

/**
 * `subject` (an ad set) with its current bid amount, read with `GET /<ad set id>` through the
 * Meta module's `GetAdSet` (same ownership checks and throttling): object lists do not carry
 * bids, so `TickFacts` subjects have `bidAmount: null`. Live runs, previews and backtests all
 * read the bid here before planning `change_bid`, so they plan from the same value.
 * @throws AppError 404 `meta_object_not_owned`, Meta errors
 */
export async function withBid(
  getAdSet: GetAdSet,
  userId: number,
  subject: RuleSubject
): Promise<RuleSubject> {
  const { adSet } = await getAdSet.execute(userId, { adSetId: subject.id })
  return { ...subject, bidAmount: adSet.bidAmount }
}

/**
 * One user's Meta data for one tick, read through the Meta module's actions (same ownership
 * checks and throttling as every other read) and shared by every rule of the tick:
 *
 * - the ad accounts (with their time zones) once;
 * - per ad account and level, the objects once and the insights ONCE (daily rows,
 *   `time_increment=1`, from the earliest date any due rule needs, with the union of fields),
 *   plus one lifetime request only when some rule reads the lifetime window, plus one
 *   aggregated request per distinct multi-day range over which some rule reads reach or
 *   frequency (`reach` and the id field, `time_range` without `time_increment`): unique reach
 *   does not add up over days, and Meta gives it exactly only for the whole range.
 *
 * Callers first declare what each rule needs (`need`), then read (`facts`): the first read of a
 * key fetches with the union of the declared needs, later reads reuse it.
 */
export class TickFacts {
  #accounts: Promise<AdAccount[]> | null = null
  #needs = new Map<string, Need>()
  #fetched = new Map<string, Promise<LevelFacts>>()

  constructor(
    readonly userId: number,
    readonly now: DateTime,
    private actions: MetaReadActions
  ) {}

  /** The user's ad accounts, read once per tick. */
  accounts(): Promise<AdAccount[]> {
    this.#accounts ??= this.actions.listAdAccounts
      .execute(this.userId)
      .then((result) => result.adAccounts)
    return this.#accounts
  }

  /**
   * Declares that a rule reads `account` at `level` from `since` (and lifetime when asked, and
   * exact reach over `reachRanges`, the multi-day ranges of `exactReachRanges`). Needs of the
   * same account and level merge: earliest `since`, lifetime if any, the union of the ranges.
   */
  need(
    adAccountId: string,
    level: RuleLevel,
    since: string,
    lifetime: boolean,
    reachRanges: DateRange[] = []
  ) {
    const key = `${adAccountId}|${level}`
    const current = this.#needs.get(key)
    const ranges = new Map(current?.reachRanges ?? [])
    for (const range of reachRanges) ranges.set(rangeKey(range), range)
    this.#needs.set(key, {
      since: current && current.since < since ? current.since : since,
      lifetime: (current?.lifetime ?? false) || lifetime,
      reachRanges: ranges,
    })
  }

  /** The facts of `account` at `level` (fetched on first use with the union of the needs). */
  facts(account: AdAccount, level: RuleLevel): Promise<LevelFacts> {
    const key = `${account.id}|${level}`
    let promise = this.#fetched.get(key)
    if (!promise) {
      const today = localDate(this.now, account.timezone)
      const need = this.#needs.get(key) ?? { since: today, lifetime: false, reachRanges: new Map() }
      promise = this.#fetch(account, level, today, need)
      this.#fetched.set(key, promise)
    }
    return promise
  }

  /** Every fetch made so far (for the benchmark's Graph-call count). */
  async fetchedLevels(): Promise<LevelFacts[]> {
    return Promise.all(this.#fetched.values())
  }

  async #fetch(
    account: AdAccount,
    level: RuleLevel,
    today: string,
    need: Need
  ): Promise<LevelFacts> {
    const calls = { objects: 0, insights: 0 }
    const subjects = await this.#subjects(account, level, calls)
    const days = new Map<string, DailyFacts[]>()
    const objectives = new Map<string, string>()
    let after: string | null = null
    do {
      const page: Awaited<ReturnType<GetInsights['execute']>> =
        await this.actions.getInsights.execute(this.userId, {
          objectId: account.id,
          level: INSIGHTS_LEVEL[level],
          timeRange: { since: need.since, until: today },
          timeIncrement: 1,
          fields: INSIGHTS_FIELDS,
          limit: 500,
          after,
        })
      calls.insights++
      for (const row of page.rows) {
        const id = String((row as any)[ID_FIELD[level]] ?? '')
        if ((row as any).objective) objectives.set(id, String((row as any).objective))
        const list = days.get(id) ?? []
        list.push(factsFromInsightsRow(row))
        days.set(id, list)
      }
      after = page.paging.after
    } while (after)
    // Ad sets and ads inherit their campaign's objective (insights rows carry it).
    for (const subject of subjects) subject.objective ??= objectives.get(subject.id) ?? null

    let lifetime: Map<string, DailyFacts> | null = null
    if (need.lifetime) {
      lifetime = new Map()
      let cursor: string | null = null
      do {
        const page: Awaited<ReturnType<GetInsights['execute']>> =
          await this.actions.getInsights.execute(this.userId, {
            objectId: account.id,
            level: INSIGHTS_LEVEL[level],
            datePreset: 'maximum',
            fields: INSIGHTS_FIELDS,
            limit: 500,
            after: cursor,
          })
        calls.insights++
        for (const row of page.rows) {
          lifetime.set(String((row as any)[ID_FIELD[level]] ?? ''), factsFromInsightsRow(row))
        }
        cursor = page.paging.after
      } while (cursor)
    }

    const reach = new Map<string, Map<string, number>>()
    for (const [key, range] of need.reachRanges) {
      const byObject = new Map<string, number>()
      let cursor: string | null = null
      do {
        const page: Awaited<ReturnType<GetInsights['execute']>> =
          await this.actions.getInsights.execute(this.userId, {
            objectId: account.id,
            level: INSIGHTS_LEVEL[level],
            timeRange: { since: range.since, until: range.until },
            fields: [ID_FIELD[level], 'reach'],
            limit: 500,
            after: cursor,
          })
        calls.insights++
        for (const row of page.rows) {
          byObject.set(String((row as any)[ID_FIELD[level]] ?? ''), Number((row as any).reach) || 0)
        }
        cursor = page.paging.after
      } while (cursor)
      reach.set(key, byObject)
    }
    return { account, today, subjects, days, lifetime, reach, calls }
  }

  async #subjects(account: AdAccount, level: RuleLevel, calls: { objects: number }) {
    const subjects: RuleSubject[] = []
    const statuses: Array<'ACTIVE' | 'PAUSED'> = ['ACTIVE', 'PAUSED']
    let after: string | null = null
    const common = {
      adAccountId: account.id,
      currency: account.currency,
      bidAmount: null,
    }
    do {
      const input = { adAccountId: account.id, statuses, limit: 100, after }
      calls.objects++
      if (level === 'campaign') {
        const page = await this.actions.listCampaigns.execute(this.userId, input)
        for (const campaign of page.campaigns) {
          subjects.push({
            ...common,
            type: 'campaign',
            id: campaign.id,
            name: campaign.name,
            status: campaign.status,
            objective: campaign.objective,
            dailyBudget: campaign.dailyBudget,
            lifetimeBudget: campaign.lifetimeBudget,
            createdTime: campaign.createdTime,
            updatedTime: campaign.updatedTime,
          })
        }
        after = page.paging.after
      } else if (level === 'ad_set') {
        const page = await this.actions.listAdSets.execute(this.userId, input)
        for (const adSet of page.adSets) {
          subjects.push({
            ...common,
            type: 'ad_set',
            id: adSet.id,
            name: adSet.name,
            status: adSet.status,
            objective: null,
            dailyBudget: adSet.dailyBudget,
            lifetimeBudget: adSet.lifetimeBudget,
            createdTime: adSet.createdTime,
            updatedTime: adSet.updatedTime,
          })
        }
        after = page.paging.after
      } else {
        const page = await this.actions.listAds.execute(this.userId, input)
        for (const ad of page.ads) {
          subjects.push({
            ...common,
            type: 'ad',
            id: ad.id,
            name: ad.name,
            status: ad.status,
            objective: null,
            dailyBudget: null,
            lifetimeBudget: null,
            createdTime: ad.createdTime,
            updatedTime: ad.updatedTime,
          })
        }
        after = page.paging.after
      }
    } while (after)
    return subjects
  }
}
