import { inject } from '@adonisjs/core'
import { MetaAccess, type MetaUserSession } from '#meta/services/meta_access'
import { majorStringToMinor, minorStringToInt } from '#meta/services/currency'
import { AD_ACCOUNT_FIELDS, toAdAccount } from '#meta/services/normalize'
import { forecastSpend, type SpendProjection } from '#meta/services/spend_forecast'

/** At most this many pages (of 100) of active campaigns or ad sets are summed. */
const MAX_PAGES = 20

function projection(value: SpendProjection) {
  return {
    projectedMonthSpend: value.projectedMonthSpend,
    dailyRate: Math.round(value.dailyRate),
    crossesSpendCap: value.crossesSpendCap,
    spendCapReachedAt: value.spendCapReachedAt?.toISOString() ?? null,
  }
}

/**
 * Daily budgets of the account's active (`effective_status` ACTIVE) campaigns and ad sets, in
 * minor units. A budget sits on the campaign (Advantage campaign budget) or on its ad sets,
 * never both (Meta error 1885621), so the two sums do not overlap.
 */
async function activeBudgets(session: MetaUserSession, accountId: string) {
  const totals = { dailyBudgetTotal: 0, campaigns: 0, adSets: 0, lifetimeBudgets: 0 }
  for (const [edge, key] of [
    ['campaigns', 'campaigns'],
    ['adsets', 'adSets'],
  ] as const) {
    let after: string | null = null
    for (let page = 0; page < MAX_PAGES; page++) {
      const result: { data: any[]; after: string | null } = await session.page(
        `${accountId}/${edge}`,
        { fields: 'id,daily_budget,lifetime_budget', effective_status: ['ACTIVE'] },
        { limit: 100, after, adAccountId: accountId }
      )
      for (const node of result.data) {
        const daily = minorStringToInt(node.daily_budget, true)
        if (daily !== null) {
          totals.dailyBudgetTotal += daily
          totals[key]++
        } else if (minorStringToInt(node.lifetime_budget, true) !== null) {
          totals.lifetimeBudgets++
        }
      }
      if (!result.after) break
      after = result.after
    }
  }
  return totals
}

/**
 * The current month's spend of one ad account against its spending limit and budgets, with a
 * month-end projection by pace and by budgets (rules and limits: `spend_forecast.ts`, ADR 0017).
 * Graph reads, all through the user's Meta session (ownership, throttle handling): the ad
 * account (`amount_spent`, `spend_cap`, `timezone_name`), account insights `spend` with
 * `date_preset=this_month`, and the active campaigns and ad sets with their budgets.
 * Input `{adAccountId}` (`act_<digits>` or digits). Money in integer minor units of `currency`.
 * @throws AppError 409 `meta_not_connected` / `meta_token_invalid`, 404 `meta_object_not_owned`,
 *   422 `invalid_meta_id`, Meta errors (throttles as `meta_rate_limited`)
 */
@inject()
export class GetSpendForecast {
  constructor(private meta: MetaAccess) {}

  async execute(userId: number, input: { adAccountId: string }, now: Date = new Date()) {
    const session = await this.meta.forUser(userId)
    const owned = await session.ownedAdAccount(input.adAccountId)
    const account = toAdAccount(
      await session.get(owned.id, { fields: AD_ACCOUNT_FIELDS }, owned.id)
    )
    const insights = await session.page(
      `${account.id}/insights`,
      { fields: 'spend', level: 'account', date_preset: 'this_month' },
      { limit: 1, adAccountId: account.id }
    )
    const monthToDateSpend = majorStringToMinor(insights.data[0]?.spend, account.currency) ?? 0
    const budgets = await activeBudgets(session, account.id)
    const forecast = forecastSpend({
      now,
      timezone: account.timezone,
      monthToDateSpend,
      amountSpent: account.amountSpent,
      spendCap: account.spendCap,
      dailyBudgetTotal: budgets.dailyBudgetTotal,
    })
    return {
      adAccountId: account.id,
      name: account.name,
      currency: account.currency,
      timezone: account.timezone,
      asOf: now.toISOString(),
      month: forecast.month,
      monthStart: forecast.monthStart.toISOString(),
      monthEnd: forecast.monthEnd.toISOString(),
      elapsedDays: Math.round(forecast.elapsedDays * 100) / 100,
      remainingDays: Math.round(forecast.remainingDays * 100) / 100,
      monthToDateSpend,
      amountSpent: account.amountSpent,
      spendCap: account.spendCap,
      spendCapRemaining: forecast.spendCapRemaining,
      spendCapReached: forecast.spendCapReached,
      budgets,
      pace: projection(forecast.pace),
      budget: projection(forecast.budget),
    }
  }
}
