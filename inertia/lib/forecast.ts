import { formatLongDateUtc, formatMoney } from '~/lib/format'
import type { SpendForecast, UsageForecast } from '~/types'

/**
 * The words the screens put on a usage forecast (`get_usage_forecast`): the month-end
 * projection, and where the quota is heading. Dates are UTC days, as the quota period is.
 * - `projected`: "Projected: 70,750 by November 30, 2026" (the last day of the period);
 * - `runOut`: "At this pace your quota runs out on November 22, 2026", "Your quota ran out on
 *   …", "At this pace your quota lasts the month", or null when there is nothing to forecast.
 */
export function usageForecastText(forecast: UsageForecast): {
  projected: string | null
  runOut: string | null
} {
  if (forecast.status === 'no_data') {
    return { projected: null, runOut: null }
  }
  const lastDay = new Date(Date.parse(forecast.resetsAt) - 1).toISOString()
  const projected = `Projected: ${forecast.projectedTotal.toLocaleString('en-US')} by ${formatLongDateUtc(lastDay)}`
  if (forecast.status === 'ran_out') {
    return {
      projected,
      runOut: forecast.ranOutAt
        ? `Your quota ran out on ${formatLongDateUtc(forecast.ranOutAt)}`
        : 'Your quota has run out for this month',
    }
  }
  if (forecast.status === 'will_run_out' && forecast.runsOutAt) {
    return {
      projected,
      runOut: `At this pace your quota runs out on ${formatLongDateUtc(forecast.runsOutAt)}`,
    }
  }
  return { projected, runOut: 'At this pace your quota lasts the month' }
}

/**
 * The spending-limit line of a spend forecast (`get_spend_forecast`), or null without a limit.
 * Dates are in the ad account's time zone.
 */
export function spendCapText(forecast: SpendForecast): string | null {
  if (forecast.spendCap === null) return null
  if (forecast.spendCapReached) return 'The spending limit is reached: ads stop delivering.'
  const reachedAt = forecast.pace.crossesSpendCap
    ? forecast.pace.spendCapReachedAt
    : forecast.budget.crossesSpendCap
      ? forecast.budget.spendCapReachedAt
      : null
  const basis = forecast.pace.crossesSpendCap ? 'At this pace' : 'At the active budgets'
  if (!reachedAt) {
    return `${formatMoney(forecast.spendCapRemaining ?? 0, forecast.currency)} left under the spending limit; not reached this month at this pace or budgets.`
  }
  const day = new Date(reachedAt).toLocaleDateString('en-US', {
    year: 'numeric',
    month: 'long',
    day: 'numeric',
    timeZone: forecast.timezone ?? 'UTC',
  })
  return `${basis} the spending limit is reached on ${day}.`
}
