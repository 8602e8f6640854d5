import { DateTime } from 'luxon'

/**
 * Spend forecast of one Meta ad account for its current calendar month (issue 18 predictive
 * metrics, ADR 0017). Pure: the action reads Meta and hands the figures in. Money is integer
 * minor units of the account's currency; days and months are the ad account's time zone (Meta
 * reports `date_preset=this_month` in it).
 *
 * Two projections of the month's spend:
 * - **pace**: month-to-date spend ÷ days elapsed since the month started (fractional, at least
 *   one hour), continued over the days left;
 * - **budget**: month-to-date spend + the sum of the daily budgets of active campaigns and ad
 *   sets × the days left. Meta may spend more than a daily budget on one day and balance it
 *   over the week, so this is an average, not a bound; lifetime budgets are not in it (they are
 *   counted in `lifetimeBudgets`).
 *
 * The account spending limit (`spend_cap`) counts against `amount_spent` (lifetime, since the
 * cap was last set or reset), not against the month: a projection crosses it when
 * `amount_spent + (projected month spend − month-to-date spend) ≥ spend_cap`, and the date it
 * is reached is `now + (spend_cap − amount_spent) ÷ daily rate`.
 */

const DAY_MS = 86_400_000
const MIN_ELAPSED_DAYS = 1 / 24

export interface SpendForecastInput {
  /** The instant of the forecast. */
  now: Date
  /** IANA time zone of the ad account (`timezone_name`); UTC when unknown. */
  timezone: string | null
  /** Month-to-date spend (insights `spend`, `date_preset=this_month`), minor units. */
  monthToDateSpend: number
  /** Lifetime `amount_spent`, minor units. */
  amountSpent: number
  /** Account `spend_cap`, minor units; null = no spending limit. */
  spendCap: number | null
  /** Sum of the daily budgets of active campaigns and ad sets, minor units per day. */
  dailyBudgetTotal: number
}

export interface SpendProjection {
  /** Projected spend of the whole month, minor units. */
  projectedMonthSpend: number
  /** Minor units per day this projection spends from now on. */
  dailyRate: number
  /** The projection reaches the spending limit before the month ends. */
  crossesSpendCap: boolean
  /** When the spending limit is reached at this rate (within the month or not); null without a cap or a rate. */
  spendCapReachedAt: Date | null
}

export interface SpendForecast {
  /** `YYYY-MM` in the account's time zone. */
  month: string
  monthStart: Date
  monthEnd: Date
  /** Days of the month elapsed (fractional). */
  elapsedDays: number
  /** Days left until the month ends (fractional). */
  remainingDays: number
  /** `spend_cap − amount_spent` (never below 0); null without a cap. */
  spendCapRemaining: number | null
  /** The spending limit is already reached. */
  spendCapReached: boolean
  pace: SpendProjection
  budget: SpendProjection
}

function project(
  input: SpendForecastInput,
  dailyRate: number,
  remainingDays: number,
  now: Date
): SpendProjection {
  const future = Math.round(dailyRate * remainingDays)
  const projectedMonthSpend = input.monthToDateSpend + future
  if (input.spendCap === null) {
    return { projectedMonthSpend, dailyRate, crossesSpendCap: false, spendCapReachedAt: null }
  }
  const left = input.spendCap - input.amountSpent
  if (left <= 0) {
    return { projectedMonthSpend, dailyRate, crossesSpendCap: true, spendCapReachedAt: null }
  }
  const reachedAt =
    dailyRate > 0 ? new Date(now.getTime() + Math.ceil((left / dailyRate) * DAY_MS)) : null
  return {
    projectedMonthSpend,
    dailyRate,
    crossesSpendCap: input.amountSpent + future >= input.spendCap,
    spendCapReachedAt: reachedAt,
  }
}

/**
 * The month's spend forecast of one ad account (rules in the module comment).
 * @throws RangeError for a negative amount or an unknown time zone
 */
export function forecastSpend(input: SpendForecastInput): SpendForecast {
  if (
    input.monthToDateSpend < 0 ||
    input.amountSpent < 0 ||
    input.dailyBudgetTotal < 0 ||
    (input.spendCap !== null && input.spendCap < 0)
  ) {
    throw new RangeError('forecastSpend: amounts must not be negative')
  }
  const local = DateTime.fromJSDate(input.now, { zone: input.timezone ?? 'UTC' })
  if (!local.isValid) throw new RangeError(`forecastSpend: unknown time zone ${input.timezone}`)
  const monthStart = local.startOf('month')
  const monthEnd = monthStart.plus({ months: 1 })
  const nowMs = input.now.getTime()
  const elapsedDays = Math.max(MIN_ELAPSED_DAYS, (nowMs - monthStart.toMillis()) / DAY_MS)
  const remainingDays = Math.max(0, (monthEnd.toMillis() - nowMs) / DAY_MS)
  const paceRate = input.monthToDateSpend / elapsedDays

  return {
    month: monthStart.toFormat('yyyy-MM'),
    monthStart: monthStart.toJSDate(),
    monthEnd: monthEnd.toJSDate(),
    elapsedDays,
    remainingDays,
    spendCapRemaining:
      input.spendCap === null ? null : Math.max(0, input.spendCap - input.amountSpent),
    spendCapReached: input.spendCap !== null && input.amountSpent >= input.spendCap,
    pace: project(input, paceRate, remainingDays, input.now),
    budget: project(input, input.dailyBudgetTotal, remainingDays, input.now),
  }
}
