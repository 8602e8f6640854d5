import { DateTime } from 'luxon'
import type {
  RuleAction,
  RuleCondition,
  RuleDefinition,
  RuleGuards,
  RuleLevel,
  RuleMetric,
  RuleWindow,
} from '#rules/definition'
import { COST_METRICS } from '#rules/definition'
import { tickOf } from '#rules/services/schedule'

/**
 * The rule engine's pure part: windows, metrics, conditions and guards. No I/O, no clock of its
 * own (the caller passes `now` and the ad account's local `today`), so every rule of issue 16 is
 * unit-tested here and the same code serves runs, previews and backtests.
 */

/** One day of one object's delivery (money in minor units of the account currency). */
export interface DailyFacts {
  /** YYYY-MM-DD in the ad account's time zone (Meta's `date_start` with time_increment=1). */
  date: string
  spend: number
  impressions: number
  reach: number
  clicks: number
  /** Purchases (`actions` purchase / omni_purchase). */
  purchases: number
  /** Purchase conversion value (`action_values`), minor units. */
  purchaseValue: number
  /** Results: purchases, or leads for lead campaigns. */
  results: number
}

/** The object a rule judges (a campaign, ad set or ad), as the Meta list actions return it. */
export interface RuleSubject {
  type: RuleLevel
  id: string
  name: string
  adAccountId: string
  currency: string
  status: string
  objective: string | null
  /** Minor units; null when the object has no daily budget. */
  dailyBudget: number | null
  lifetimeBudget: number | null
  /** Minor units; null when unknown or not set. */
  bidAmount: number | null
  /** ISO 8601 (Meta's created_time / updated_time). */
  createdTime: string | null
  updatedTime: string | null
}

/** What the engine knows about one subject when evaluating. */
export interface SubjectData {
  subject: RuleSubject
  /** Daily rows, any order; days without delivery may be missing. */
  days: DailyFacts[]
  /** Totals since the object started (`date_preset=maximum`), when a condition needs lifetime. */
  lifetime?: DailyFacts | null
  /**
   * Exact unique reach (people) per multi-day range, keyed by `rangeKey(range)`: Meta's
   * aggregated insights for the whole `time_range` (no `time_increment`). Ranges absent here
   * fall back to the sum of daily reach (backtests).
   */
  reach?: Map<string, number> | null
}

/** The clock of one evaluation: `now` (UTC instant) and today's date in the account's zone. */
export interface EvaluationClock {
  now: DateTime
  /** YYYY-MM-DD, the ad account's local date at `now`. */
  today: string
}

/** Inclusive date range, YYYY-MM-DD. */
export interface DateRange {
  since: string
  until: string
}

const LAST_N: Partial<Record<RuleWindow, number>> = {
  last_3d: 3,
  last_7d: 7,
  last_14d: 14,
  last_30d: 30,
}

/**
 * The dates a window covers on local date `today` (Meta's date presets: `last_Nd` is the N days
 * before today; `this_month` is the 1st to today). Null for `lifetime`.
 */
export function windowRange(window: RuleWindow, today: string): DateRange | null {
  const day = DateTime.fromISO(today, { zone: 'utc' })
  const iso = (value: DateTime) => value.toISODate()!
  if (window === 'today') return { since: today, until: today }
  if (window === 'yesterday') {
    const yesterday = iso(day.minus({ days: 1 }))
    return { since: yesterday, until: yesterday }
  }
  if (window === 'this_month') return { since: iso(day.startOf('month')), until: today }
  const days = LAST_N[window]
  if (days) return { since: iso(day.minus({ days })), until: iso(day.minus({ days: 1 })) }
  return null
}

/** The window of the same length just before `range` (the baseline of a trend). */
export function previousRange(range: DateRange): DateRange {
  const since = DateTime.fromISO(range.since, { zone: 'utc' })
  const until = DateTime.fromISO(range.until, { zone: 'utc' })
  const length = Math.round(until.diff(since, 'days').days) + 1
  return {
    since: since.minus({ days: length }).toISODate()!,
    until: since.minus({ days: 1 }).toISODate()!,
  }
}

/** The earliest date any condition of `definition` reads on `today` (trends read twice as far). */
export function earliestDateNeeded(definition: RuleDefinition, today: string): string {
  let earliest = today
  const consider = (window: RuleWindow, trend: boolean) => {
    const range = windowRange(window, today)
    if (!range) return
    const since = trend ? previousRange(range).since : range.since
    if (since < earliest) earliest = since
  }
  for (const group of definition.conditions.groups) {
    for (const condition of group.conditions) {
      if (condition.kind === 'pacing') consider('this_month', false)
      else {
        consider(condition.window, condition.kind === 'trend')
        if (condition.kind === 'compare') consider(condition.otherWindow ?? condition.window, false)
      }
    }
  }
  return earliest
}

/** The key of a date range in `SubjectData.reach` and `TickFacts` needs: `since|until`. */
export function rangeKey(range: DateRange): string {
  return `${range.since}|${range.until}`
}

const REACH_METRICS: ReadonlySet<RuleMetric> = new Set<RuleMetric>(['reach', 'frequency'])

/**
 * The multi-day ranges over which some condition of `definition` reads `reach` or `frequency`
 * on local date `today` (value conditions, both windows of a trend, both sides of a
 * metric-vs-metric compare), deduplicated, in first-seen order. Reach is unique people, so it
 * does not add up over days: these ranges need Meta's aggregated reach (one insights request
 * per range without `time_increment`). One-day windows (today, yesterday) read the daily row;
 * lifetime has its own request; pacing reads spend only.
 */
export function exactReachRanges(definition: RuleDefinition, today: string): DateRange[] {
  const ranges = new Map<string, DateRange>()
  const consider = (metric: RuleMetric, range: DateRange | null) => {
    if (!range || range.since === range.until || !REACH_METRICS.has(metric)) return
    ranges.set(rangeKey(range), range)
  }
  for (const group of definition.conditions.groups) {
    for (const condition of group.conditions) {
      if (condition.kind === 'pacing') continue
      const range = windowRange(condition.window, today)
      consider(condition.metric, range)
      if (condition.kind === 'trend' && range) consider(condition.metric, previousRange(range))
      if (condition.kind === 'compare') {
        consider(
          condition.otherMetric,
          windowRange(condition.otherWindow ?? condition.window, today)
        )
      }
    }
  }
  return [...ranges.values()]
}

/** Whether any condition reads the lifetime window (which needs its own insights request). */
export function needsLifetime(definition: RuleDefinition): boolean {
  return definition.conditions.groups.some((group) =>
    group.conditions.some(
      (condition) =>
        condition.kind !== 'pacing' &&
        (condition.window === 'lifetime' ||
          (condition.kind === 'compare' && condition.otherWindow === 'lifetime'))
    )
  )
}

const emptyFacts = (date: string): DailyFacts => ({
  date,
  spend: 0,
  impressions: 0,
  reach: 0,
  clicks: 0,
  purchases: 0,
  purchaseValue: 0,
  results: 0,
})

/**
 * Sums the days of `range`. Reach over several days is the sum of daily reach (an upper bound
 * of unique reach; frequency computed from it is therefore a lower bound): `rangeTotals` puts
 * Meta's exact reach in its place when it was fetched.
 */
export function sumRange(days: DailyFacts[], range: DateRange): DailyFacts {
  const total = emptyFacts(range.since)
  for (const day of days) {
    if (day.date < range.since || day.date > range.until) continue
    total.spend += day.spend
    total.impressions += day.impressions
    total.reach += day.reach
    total.clicks += day.clicks
    total.purchases += day.purchases
    total.purchaseValue += day.purchaseValue
    total.results += day.results
  }
  return total
}

/**
 * The totals of `range` for `data`: the daily rows summed, with `reach` replaced by the exact
 * unique reach of the whole range when `data.reach` has it (multi-day ranges a rule reads reach
 * or frequency over; see `exactReachRanges`). Frequency is then impressions (summed from the
 * daily rows) / exact reach, as Meta computes it.
 */
export function rangeTotals(data: SubjectData, range: DateRange): DailyFacts {
  const totals = sumRange(data.days, range)
  const exact = range.since === range.until ? undefined : data.reach?.get(rangeKey(range))
  if (exact !== undefined) totals.reach = exact
  return totals
}

/** The totals of `window` for `data` (null when the window is lifetime and none was fetched). */
export function windowTotals(
  data: SubjectData,
  window: RuleWindow,
  today: string
): DailyFacts | null {
  const range = windowRange(window, today)
  if (!range) return data.lifetime ?? null
  return rangeTotals(data, range)
}

/** A ratio, or Infinity for a cost with spend but no conversions, or null when undefined. */
function costPer(spend: number, count: number): number | null {
  if (count > 0) return spend / count
  return spend > 0 ? Number.POSITIVE_INFINITY : null
}

/**
 * One metric from window totals. Money in minor units; `ctr` and
 * `daily_budget_used_percent` in percent; `frequency` and `purchase_roas` as ratios. Costs with
 * spend and no conversions are Infinity (an ad that spent and sold nothing has the worst CPA);
 * metrics that cannot be computed (no impressions, no budget) are null and never match.
 */
export function metricValue(
  metric: RuleMetric,
  totals: DailyFacts,
  data: SubjectData,
  clock: EvaluationClock
): number | null {
  switch (metric) {
    case 'spend':
      return totals.spend
    case 'impressions':
      return totals.impressions
    case 'reach':
      return totals.reach
    case 'clicks':
      return totals.clicks
    case 'purchases':
      return totals.purchases
    case 'results':
      return totals.results
    case 'frequency':
      return totals.reach > 0 ? totals.impressions / totals.reach : null
    case 'ctr':
      return totals.impressions > 0 ? (totals.clicks / totals.impressions) * 100 : null
    case 'cpc':
      return costPer(totals.spend, totals.clicks)
    case 'cpm':
      return totals.impressions > 0 ? (totals.spend / totals.impressions) * 1000 : null
    case 'cost_per_result':
      return costPer(totals.spend, totals.results)
    case 'cpa':
      return costPer(totals.spend, totals.purchases)
    case 'purchase_roas':
      return totals.spend > 0 ? totals.purchaseValue / totals.spend : null
    case 'daily_budget_used_percent': {
      const budget = data.subject.dailyBudget
      if (!budget) return null
      const today = sumRange(data.days, { since: clock.today, until: clock.today })
      return (today.spend / budget) * 100
    }
    case 'hours_since_last_change': {
      const changed = data.subject.updatedTime ?? data.subject.createdTime
      if (!changed) return null
      const at = DateTime.fromISO(changed)
      return at.isValid ? Math.max(0, clock.now.diff(at, 'hours').hours) : null
    }
  }
}

/** `value <operator> threshold` (between / not_between are inclusive of both bounds). */
export function compare(
  value: number,
  operator: string,
  threshold: number,
  thresholdTo?: number
): boolean {
  switch (operator) {
    case 'gt':
      return value > threshold
    case 'gte':
      return value >= threshold
    case 'lt':
      return value < threshold
    case 'lte':
      return value <= threshold
    case 'eq':
      return Math.abs(value - threshold) < 1e-9
    case 'between':
      return value >= threshold && value <= (thresholdTo ?? threshold)
    case 'not_between':
      return value < threshold || value > (thresholdTo ?? threshold)
    default:
      return false
  }
}

/** One condition's verdict, with the figures it read (for the run history). */
export interface ConditionResult {
  matched: boolean
  /** `<metric>:<window>` → value (Infinity / null as computed). */
  values: Record<string, number | null>
  /** Why the condition could not match, when a guard stopped it. */
  note?: string
}

/**
 * Evaluates one condition for one subject. A cost metric (CPA, CPC, CPM, cost per result)
 * whose window spent less than `guards.minSpend` never matches (it is too early to judge).
 */
export function evaluateCondition(
  condition: RuleCondition,
  data: SubjectData,
  clock: EvaluationClock,
  guards: Pick<RuleGuards, 'minSpend'>
): ConditionResult {
  const values: Record<string, number | null> = {}
  if (condition.kind === 'pacing') {
    const range = windowRange('this_month', clock.today)!
    const spent = sumRange(data.days, range).spend
    const today = DateTime.fromISO(clock.today, { zone: 'utc' })
    const elapsed = today.day / today.daysInMonth!
    const planned = condition.monthlyBudget * elapsed
    values['spend:this_month'] = spent
    values['planned_spend:this_month'] = Math.round(planned)
    return { matched: spent > planned * (1 + condition.tolerancePercent / 100), values }
  }
  const key = `${condition.metric}:${condition.window}`
  const totals = windowTotals(data, condition.window, clock.today)
  if (!totals) return { matched: false, values: { [key]: null }, note: 'no lifetime data' }
  const value = metricValue(condition.metric, totals, data, clock)
  values[key] = value
  if (COST_METRICS.includes(condition.metric) && totals.spend < guards.minSpend) {
    return {
      matched: false,
      values,
      note: `spend ${totals.spend} below the minimum ${guards.minSpend}`,
    }
  }
  if (value === null) return { matched: false, values }

  if (condition.kind === 'value') {
    return {
      matched: compare(value, condition.operator, condition.value, condition.valueTo),
      values,
    }
  }
  if (condition.kind === 'compare') {
    const otherWindow = condition.otherWindow ?? condition.window
    const otherTotals = windowTotals(data, otherWindow, clock.today)
    const other = otherTotals ? metricValue(condition.otherMetric, otherTotals, data, clock) : null
    values[`${condition.otherMetric}:${otherWindow}`] = other
    if (other === null || !Number.isFinite(other)) return { matched: false, values }
    return { matched: compare(value, condition.operator, other * condition.multiplier), values }
  }
  // trend: against the window of the same length just before
  const range = windowRange(condition.window, clock.today)
  if (!range) return { matched: false, values, note: 'trends need a dated window' }
  const previousTotals = rangeTotals(data, previousRange(range))
  const previous = metricValue(condition.metric, previousTotals, data, clock)
  values[`${condition.metric}:previous_${condition.window}`] = previous
  if (
    previous === null ||
    previous === 0 ||
    !Number.isFinite(previous) ||
    !Number.isFinite(value)
  ) {
    return { matched: false, values }
  }
  const changePercent = ((value - previous) / previous) * 100
  values[`${condition.metric}:change_percent`] = changePercent
  const matched =
    condition.direction === 'rose'
      ? changePercent >= condition.percent
      : -changePercent >= condition.percent
  return { matched, values }
}

/** Whether the rule's conditions match one subject, and every figure read on the way. */
export interface RuleMatch {
  matched: boolean
  values: Record<string, number | null>
  /** Why the subject was not judged (age, impressions) or a condition note. */
  notes: string[]
}

/**
 * Evaluates the rule's condition groups (groups combine with `conditions.match`, conditions
 * inside a group with the group's `match`) after the judging guards: objects younger than
 * `minAgeHours` or with fewer than `minImpressions` in the widest window are not judged.
 * No groups: every object in scope matches (a schedule-only rule, e.g. night pause).
 */
export function evaluateRule(
  definition: RuleDefinition,
  data: SubjectData,
  clock: EvaluationClock
): RuleMatch {
  const { guards } = definition
  const values: Record<string, number | null> = {}
  const notes: string[] = []
  if (guards.minAgeHours > 0 && data.subject.createdTime) {
    const ageHours = clock.now.diff(DateTime.fromISO(data.subject.createdTime), 'hours').hours
    if (ageHours < guards.minAgeHours) {
      return { matched: false, values, notes: [`younger than ${guards.minAgeHours} h`] }
    }
  }
  if (guards.minImpressions > 0) {
    const earliest = earliestDateNeeded(definition, clock.today)
    const impressions = sumRange(data.days, { since: earliest, until: clock.today }).impressions
    if (impressions < guards.minImpressions) {
      return {
        matched: false,
        values: { impressions: impressions },
        notes: [`${impressions} impressions, below the minimum ${guards.minImpressions}`],
      }
    }
  }
  const { groups } = definition.conditions
  if (groups.length === 0) return { matched: true, values, notes }
  const groupResults = groups.map((group) => {
    const results = group.conditions.map((condition) => {
      const result = evaluateCondition(condition, data, clock, guards)
      Object.assign(values, result.values)
      if (result.note) notes.push(result.note)
      return result.matched
    })
    return group.match === 'all' ? results.every(Boolean) : results.some(Boolean)
  })
  const matched =
    definition.conditions.match === 'all' ? groupResults.every(Boolean) : groupResults.some(Boolean)
  return { matched, values, notes }
}

/** The change history of one object that the 24-hour guard needs. */
export interface ChangeHistory {
  /** The field's value before the first change made to it in the last 24 h; null if none. */
  valueAtStartOf24h: number | null
}

/** What one write action would do to one subject, after every guard. */
export type PlannedWrite =
  | {
      kind: 'write'
      field: 'status' | 'daily_budget' | 'lifetime_budget' | 'bid_amount'
      before: string | number | null
      after: string | number
      /** True when a guard reduced the change the action asked for. */
      clamped: boolean
      /** The guards that applied, in words, for the history. */
      reasons: string[]
    }
  | { kind: 'skip'; reason: string }

/**
 * Plans a write action for one subject, applying the guards in this order: the change the
 * action asks for; `maxChangePercentPerAction` (e.g. +40 % with a 20 % cap applies +20 %,
 * `clamped`); `maxChangePercentPer24h` against the value 24 h ago; `minBudget` / `maxBudget`;
 * and never a budget of 0 (or less): such a change is skipped, not sent. Amounts are integer
 * minor units (rounded half away from zero).
 *
 * No guard turns a change around: an increase (increase_budget, change_bid, a set_budget above
 * the current value) never ends below the current value, a decrease never above it. The
 * min/max budget bound moves the result only within that direction and within the caps: a
 * decrease that would end below `minBudget` stops at it (when it is below the current value),
 * an increase that stays below it is raised to it (when the caps allow that much), and
 * symmetrically for `maxBudget`. When the bound cannot be met that way (e.g. budget 1000,
 * "decrease 10 %", minimum 5000: only +400 % would honour it) the object is skipped with
 * "below minimum budget" / "above maximum budget" and nothing is sent.
 */
export function planWrite(
  action: RuleAction,
  subject: RuleSubject,
  guards: RuleGuards,
  history: ChangeHistory = { valueAtStartOf24h: null }
): PlannedWrite {
  if (action.type === 'pause' || action.type === 'unpause') {
    const after = action.type === 'pause' ? 'PAUSED' : 'ACTIVE'
    if (subject.status === after) return { kind: 'skip', reason: `already ${after}` }
    return {
      kind: 'write',
      field: 'status',
      before: subject.status,
      after,
      clamped: false,
      reasons: [],
    }
  }
  let field: 'daily_budget' | 'lifetime_budget' | 'bid_amount'
  let before: number | null
  if (action.type === 'change_bid') {
    field = 'bid_amount'
    before = subject.bidAmount
    if (before === null)
      return { kind: 'skip', reason: 'the ad set has no bid amount (automatic bidding)' }
  } else if (subject.dailyBudget !== null) {
    field = 'daily_budget'
    before = subject.dailyBudget
  } else if (subject.lifetimeBudget !== null) {
    field = 'lifetime_budget'
    before = subject.lifetimeBudget
  } else {
    return {
      kind: 'skip',
      reason:
        subject.type === 'ad_set'
          ? 'the ad set has no budget (its campaign holds the budget)'
          : 'the campaign has no budget (its ad sets hold the budgets)',
    }
  }

  const reasons: string[] = []
  let clamped = false
  let wanted: number
  if (action.type === 'set_budget') wanted = action.amount!
  else {
    const sign = action.type === 'decrease_budget' ? -1 : 1
    const delta =
      action.percent !== undefined ? (before * action.percent) / 100 : (action.amount ?? 0)
    // change_bid: percent/amount are signed (a negative one lowers the bid); the budget
    // actions take positive numbers and their type gives the direction.
    wanted = before + sign * delta
  }
  /** +1: the action raises the value, -1: lowers it, 0: asks for the current value. */
  const direction = Math.sign(wanted - before)
  if (direction === 0) return { kind: 'skip', reason: 'no change' }

  // The highest and lowest values the caps allow (both caps at once).
  let highest = Number.POSITIVE_INFINITY
  let lowest = Number.NEGATIVE_INFINITY
  const cap = (limit: number, base: number, label: string) => {
    const high = base * (1 + limit / 100)
    const low = base * (1 - limit / 100)
    highest = Math.min(highest, high)
    lowest = Math.max(lowest, low)
    if (wanted > high) {
      reasons.push(`clamped to +${limit} % (${label})`)
      wanted = high
      clamped = true
    } else if (wanted < low) {
      reasons.push(`clamped to -${limit} % (${label})`)
      wanted = low
      clamped = true
    }
  }
  cap(guards.maxChangePercentPerAction, before, 'max change per action')
  cap(guards.maxChangePercentPer24h, history.valueAtStartOf24h ?? before, 'max change per 24 h')
  // The 24 h cap is measured from an earlier value: it may limit a change, never reverse it.
  if ((direction > 0 && wanted < before) || (direction < 0 && wanted > before)) wanted = before
  if (field !== 'bid_amount') {
    const { minBudget, maxBudget } = guards
    if (minBudget !== undefined && wanted < minBudget) {
      // Raising the result to the minimum is allowed for an increase the caps allow, and for a
      // decrease that still ends below the current value (a smaller decrease).
      const allowed = direction > 0 ? minBudget <= highest : minBudget < before
      if (!allowed) {
        return {
          kind: 'skip',
          reason:
            direction > 0
              ? `below minimum budget: the minimum ${minBudget} is more than the caps allow (at most ${Math.round(highest)} from ${before})`
              : `below minimum budget: the ${field.replace('_', ' ')} ${before} cannot go lower (minimum ${minBudget})`,
        }
      }
      reasons.push(`raised to the minimum budget ${minBudget}`)
      wanted = minBudget
      clamped = true
    }
    if (maxBudget !== undefined && wanted > maxBudget) {
      const allowed = direction < 0 ? maxBudget >= lowest : maxBudget > before
      if (!allowed) {
        return {
          kind: 'skip',
          reason:
            direction < 0
              ? `above maximum budget: the maximum ${maxBudget} is less than the caps allow (at least ${Math.round(lowest)} from ${before})`
              : `above maximum budget: the ${field.replace('_', ' ')} ${before} cannot go higher (maximum ${maxBudget})`,
        }
      }
      reasons.push(`lowered to the maximum budget ${maxBudget}`)
      wanted = maxBudget
      clamped = true
    }
  }
  const after = Math.sign(wanted) * Math.round(Math.abs(wanted))
  if (after <= 0)
    return { kind: 'skip', reason: `the ${field.replace('_', ' ')} would be ${after}: never 0` }
  if (after === before) {
    return {
      kind: 'skip',
      reason: reasons.length
        ? `no change left after the guards (${reasons.join('; ')})`
        : 'no change',
    }
  }
  return { kind: 'write', field, before, after, clamped, reasons }
}

/**
 * Whether an object the rule last changed at `lastActedAt` is still inside its cooldown at
 * `now`. The cooldown is counted between scheduled ticks, not between instants: both times are
 * taken at the start of their 15-minute tick (`tickOf`), so a daily rule whose every-minute job
 * starts a few seconds earlier in its minute than the write it made the day before (always a
 * few seconds after its own start) is not "in cooldown" by those seconds. With the ad
 * account's time zone `zone`, the wall-clock hours between the two ticks count too, so
 * "daily at 09:00, at most once per 24 h" also runs on the 23-hour day the clocks go forward.
 * The cooldown has passed when the real time, the time between the ticks, or (with `zone`)
 * the local wall-clock time between the ticks reaches `cooldownHours`. (ADR 0013.)
 */
export function inCooldown(
  lastActedAt: DateTime | null,
  now: DateTime,
  cooldownHours: number,
  zone?: string | null
) {
  if (!lastActedAt || cooldownHours <= 0) return false
  const hours = (from: DateTime, to: DateTime) => to.diff(from, 'hours').hours
  const lastTick = tickOf(lastActedAt)
  const thisTick = tickOf(now)
  let elapsed = Math.max(hours(lastActedAt, now), hours(lastTick, thisTick))
  if (zone) {
    // The same local wall-clock times read as UTC: the hours a clock on the wall counted.
    const wall = (at: DateTime) => {
      const local = at.setZone(zone)
      return local.isValid ? local.setZone('utc', { keepLocalTime: true }) : at.toUTC()
    }
    elapsed = Math.max(elapsed, hours(wall(lastTick), wall(thisTick)))
  }
  return elapsed < cooldownHours
}

/**
 * Turns one insights row (as `toInsightsRow` normalises it: spend in minor units, `actions` and
 * `action_values` lists) into `DailyFacts`. Results are purchases, or leads when the row has no
 * purchase but has leads (lead campaigns).
 */
export function factsFromInsightsRow(row: Record<string, any>): DailyFacts {
  const action = (list: any, types: string[]) => {
    if (!Array.isArray(list)) return 0
    for (const type of types) {
      const entry = list.find((item: any) => item?.action_type === type)
      if (entry) return Number(entry.value) || 0
    }
    return 0
  }
  const purchases = action(row.actions, ['omni_purchase', 'purchase'])
  const leads = action(row.actions, ['lead'])
  return {
    date: String(row.date_start ?? ''),
    spend: Number(row.spend) || 0,
    impressions: Number(row.impressions) || 0,
    reach: Number(row.reach) || 0,
    clicks: Number(row.clicks) || 0,
    purchases,
    purchaseValue: Math.round(action(row.action_values, ['omni_purchase', 'purchase'])),
    results: purchases > 0 ? purchases : leads,
  }
}
