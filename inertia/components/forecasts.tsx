import { useEffect, useState } from 'react'
import { Link } from '@inertiajs/react'
import { useQuery } from '@tanstack/react-query'
import { AlertTriangle } from 'lucide-react'
import { Alert, AlertDescription } from '~/components/ui/alert'
import { Skeleton } from '~/components/ui/skeleton'
import { MetaStatusError } from '~/components/meta_status_error'
import { useMetaAdAccounts, useMetaStatus } from '~/hooks/use_meta_connection'
import { actionFailure, actionUrl } from '~/lib/campaigns'
import { spendCapText, usageForecastText } from '~/lib/forecast'
import { formatLongDateUtc, formatMoney } from '~/lib/format'
import type { SpendForecast, UsageForecast } from '~/types'

/** `get_usage_forecast` through the session adapter (paid plans: `enabled` only then). */
export function useUsageForecast(enabled: boolean) {
  return useQuery<UsageForecast>({ queryKey: [actionUrl('get_usage_forecast')], enabled })
}

/**
 * The dashboard's Plan Usage forecast: "Projected: N by <date>" and where the quota is heading
 * at the current pace (paid plans; the card shows nothing more on Free).
 */
export function UsageForecastLines() {
  const forecast = useUsageForecast(true)
  if (forecast.isPending) {
    return <Skeleton className="mt-1 h-4 w-40" />
  }
  if (forecast.isError) {
    return (
      <span className="mt-1 block text-red-700" role="alert" data-testid="usage-forecast-error">
        The forecast could not be loaded.
      </span>
    )
  }
  const text = usageForecastText(forecast.data)
  if (!text.projected) {
    return (
      <span className="mt-1 block" data-testid="usage-forecast-empty">
        No usage yet to forecast.
      </span>
    )
  }
  const warn = forecast.data.status === 'will_run_out' || forecast.data.status === 'ran_out'
  return (
    <span className="mt-1 grid gap-0.5" data-testid="usage-forecast">
      <span data-testid="usage-forecast-projected">{text.projected}</span>
      <span
        data-testid="usage-forecast-run-out"
        className={warn ? 'font-medium text-amber-800' : undefined}
      >
        {text.runOut}
      </span>
    </span>
  )
}

function Figure({ label, value, testId }: { label: string; value: string; testId: string }) {
  return (
    <div className="min-w-0 rounded-lg border border-slate-200 p-4">
      <p className="text-xs font-medium text-slate-600">{label}</p>
      <p
        className="mt-1 text-lg font-bold break-words tabular-nums text-slate-950"
        data-testid={testId}
      >
        {value}
      </p>
    </div>
  )
}

/** Advanced Analytics: the month-end usage projection (from `get_usage_forecast`). */
function UsageProjection() {
  const query = useUsageForecast(true)
  if (query.isPending) return <Skeleton className="h-24 w-full" />
  if (query.isError) {
    return (
      <p role="alert" className="text-sm text-red-700">
        {actionFailure(query.error).message}
      </p>
    )
  }
  const forecast = query.data
  const text = usageForecastText(forecast)
  if (!text.projected) {
    return (
      <p className="text-sm text-slate-600" data-testid="analytics-usage-forecast-empty">
        No API calls yet this month: nothing to project.
      </p>
    )
  }
  return (
    <div className="grid gap-3">
      <div className="grid grid-cols-1 gap-3 sm:grid-cols-3">
        <Figure
          label={`Projected by ${formatLongDateUtc(new Date(Date.parse(forecast.resetsAt) - 1).toISOString())}`}
          value={`${forecast.projectedTotal.toLocaleString('en-US')} (${forecast.projectedPercent}%)`}
          testId="analytics-projected-usage"
        />
        <Figure
          label="Pace (last 7 days or month so far)"
          value={`${forecast.pace.callsPerDay.toLocaleString('en-US')} calls/day`}
          testId="analytics-usage-pace"
        />
        <Figure
          label="Quota runs out"
          value={
            forecast.status === 'will_run_out' && forecast.runsOutAt
              ? formatLongDateUtc(forecast.runsOutAt)
              : forecast.status === 'ran_out'
                ? forecast.ranOutAt
                  ? `Ran out ${formatLongDateUtc(forecast.ranOutAt)}`
                  : 'Ran out'
                : 'Not this month'
          }
          testId="analytics-quota-runs-out"
        />
      </div>
      <p className="text-xs text-slate-600" data-testid="analytics-usage-forecast-line">
        {text.runOut}. {forecast.used.toLocaleString('en-US')} of{' '}
        {forecast.limit.toLocaleString('en-US')} requests used; the pace assumes the rest of the
        month looks like the last 7 days.
      </p>
    </div>
  )
}

function SpendFigures({ forecast }: { forecast: SpendForecast }) {
  const money = (minor: number) => formatMoney(minor, forecast.currency)
  const capLine = spendCapText(forecast)
  const crossing =
    forecast.spendCapReached || forecast.pace.crossesSpendCap || forecast.budget.crossesSpendCap
  return (
    <div className="grid gap-3" data-testid="spend-forecast">
      <div className="grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-4">
        <Figure
          label="Spent this month"
          value={money(forecast.monthToDateSpend)}
          testId="spend-month-to-date"
        />
        <Figure
          label="Active daily budgets"
          value={`${money(forecast.budgets.dailyBudgetTotal)}/day`}
          testId="spend-daily-budgets"
        />
        <Figure
          label="Projected at this pace"
          value={money(forecast.pace.projectedMonthSpend)}
          testId="spend-projected-pace"
        />
        <Figure
          label="Projected at budgets"
          value={money(forecast.budget.projectedMonthSpend)}
          testId="spend-projected-budget"
        />
      </div>
      {forecast.spendCap !== null && (
        <p className="text-sm text-slate-700" data-testid="spend-cap">
          Spending limit {money(forecast.spendCap)}, {money(forecast.amountSpent)} spent so far
          (lifetime).
        </p>
      )}
      {capLine && crossing ? (
        <Alert variant="warning" data-testid="spend-cap-warning">
          <AlertTriangle aria-hidden="true" />
          <AlertDescription>{capLine}</AlertDescription>
        </Alert>
      ) : (
        <p className="text-xs text-slate-600" data-testid="spend-cap-line">
          {capLine ?? 'This ad account has no spending limit.'}
        </p>
      )}
      <p className="text-xs text-slate-600">
        {forecast.month} in {forecast.timezone ?? 'UTC'}
        {forecast.budgets.lifetimeBudgets > 0 &&
          `; ${forecast.budgets.lifetimeBudgets} lifetime budget(s) not included in the daily total`}
        . Meta may spend more than a daily budget on one day and less on another.
      </p>
    </div>
  )
}

/** Advanced Analytics: month-to-date ad spend against the limit and budgets, per ad account. */
function SpendProjection() {
  const status = useMetaStatus()
  const connected = status.data?.status === 'connected'
  const accounts = useMetaAdAccounts(connected)
  const [adAccountId, setAdAccountId] = useState<string | null>(null)
  const list = accounts.data?.adAccounts ?? []
  useEffect(() => {
    if (!adAccountId && list.length > 0) setAdAccountId(list[0].id)
  }, [adAccountId, list])
  const forecast = useQuery<SpendForecast>({
    queryKey: [actionUrl('get_spend_forecast', { adAccountId })],
    enabled: connected && adAccountId !== null,
  })

  if (status.isPending) return <Skeleton className="h-24 w-full" />
  if (status.isError) return <MetaStatusError />
  if (!status.data.connected) {
    return (
      <p className="text-sm text-slate-600" data-testid="spend-forecast-not-connected">
        Connect a Meta ads account on the{' '}
        <Link href="/integrations" className="font-medium text-indigo-700 underline">
          Integrations page
        </Link>{' '}
        to forecast ad spend against its spending limit and budgets.
      </p>
    )
  }
  if (!connected) {
    return (
      <p className="text-sm text-slate-600" data-testid="spend-forecast-reconnect">
        The Meta connection needs to be renewed. Reconnect it on the{' '}
        <Link href="/integrations" className="font-medium text-indigo-700 underline">
          Integrations page
        </Link>
        .
      </p>
    )
  }
  if (accounts.isPending) return <Skeleton className="h-24 w-full" />
  if (accounts.isError) {
    return (
      <p role="alert" className="text-sm text-red-700">
        {actionFailure(accounts.error).message}
      </p>
    )
  }
  if (list.length === 0) {
    return (
      <p className="text-sm text-slate-600" data-testid="spend-forecast-no-accounts">
        This Meta account has no ad accounts you can manage.
      </p>
    )
  }
  return (
    <div className="grid min-w-0 gap-3">
      <div className="grid min-w-0 gap-1.5">
        <label htmlFor="forecast-ad-account" className="text-sm font-medium text-slate-800">
          Ad account
        </label>
        <select
          id="forecast-ad-account"
          value={adAccountId ?? ''}
          onChange={(event) => setAdAccountId(event.target.value)}
          className="h-10 w-full max-w-full min-w-0 truncate rounded-lg border border-slate-300 bg-white px-3 text-sm sm:w-80"
        >
          {list.map((item) => (
            <option key={item.id} value={item.id}>
              {item.name} ({item.id}, {item.currency})
            </option>
          ))}
        </select>
      </div>
      {forecast.isPending ? (
        <Skeleton className="h-24 w-full" />
      ) : forecast.isError ? (
        <p role="alert" className="text-sm text-red-700" data-testid="spend-forecast-error">
          {actionFailure(forecast.error).message}
        </p>
      ) : (
        <SpendFigures forecast={forecast.data} />
      )}
    </div>
  )
}

/** The Forecast section of Advanced Analytics: usage projection and Meta spend forecast. */
export function ForecastSection() {
  return (
    <section aria-labelledby="forecast-title" className="grid min-w-0 gap-4">
      <h3 id="forecast-title" className="text-sm font-semibold">
        Forecast
      </h3>
      <div className="grid min-w-0 gap-2">
        <h4 className="text-xs font-semibold tracking-wide text-slate-600 uppercase">
          API usage this month
        </h4>
        <UsageProjection />
      </div>
      <div className="grid min-w-0 gap-2">
        <h4 className="text-xs font-semibold tracking-wide text-slate-600 uppercase">
          Meta ad spend this month
        </h4>
        <SpendProjection />
      </div>
    </section>
  )
}
