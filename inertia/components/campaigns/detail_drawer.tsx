import { useState } from 'react'
import { Dialog as DialogPrimitive } from 'radix-ui'
import {
  CartesianGrid,
  Line,
  LineChart,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts'
import { X } from 'lucide-react'
import { Skeleton } from '~/components/ui/skeleton'
import { useDailyInsights } from '~/hooks/use_campaigns'
import { formatMoney } from '~/lib/format'
import {
  DATE_PRESET_LABELS,
  formatCount,
  formatPercent,
  formatRatio,
  metricsOf,
  METRIC_COLUMNS,
  OBJECTIVE_LABELS,
  type MetricKey,
} from '~/lib/campaigns'
import type { TreeObject } from '~/components/campaigns/campaign_tree'

const CHART_METRICS: Array<{ key: MetricKey; label: string }> = [
  { key: 'spend', label: 'Spend' },
  { key: 'impressions', label: 'Impressions' },
  { key: 'clicks', label: 'Clicks' },
  { key: 'results', label: 'Results' },
]

function figure(key: MetricKey, value: number | null, currency: string) {
  if (value === null) return '—'
  if (key === 'spend' || key === 'cpc' || key === 'costPerResult')
    return formatMoney(Math.round(value), currency)
  if (key === 'ctr') return formatPercent(value)
  if (key === 'roas') return formatRatio(value)
  return formatCount(value)
}

/**
 * The detail drawer of a campaign, ad set or ad: its status and budget, the period's totals
 * (the tree's figures) and a daily chart (`get_insights` with `timeIncrement` 1) of spend,
 * impressions, clicks or results. A focus-trapped Radix dialog sliding in from the right;
 * full width on a phone.
 */
export function DetailDrawer({
  object,
  datePreset,
  onClose,
}: {
  object: TreeObject | null
  datePreset: string
  onClose: () => void
}) {
  const [metric, setMetric] = useState<MetricKey>('spend')
  const daily = useDailyInsights(object?.id ?? null, datePreset)
  const series = (daily.data?.rows ?? []).map((row) => ({
    date: String(row.date_start ?? ''),
    value: metricsOf(row, object?.objective ?? null)[metric] ?? 0,
  }))
  const currency = object?.currency ?? 'USD'
  const money = metric === 'spend'

  return (
    <DialogPrimitive.Root open={object !== null} onOpenChange={(open) => !open && onClose()}>
      <DialogPrimitive.Portal>
        <DialogPrimitive.Overlay className="fixed inset-0 z-40 bg-slate-950/50" />
        <DialogPrimitive.Content
          className="fixed inset-y-0 right-0 z-50 flex w-full max-w-xl flex-col overflow-y-auto bg-white shadow-xl focus:outline-none"
          data-testid="detail-drawer"
          aria-describedby={undefined}
        >
          {object && (
            <div className="grid gap-5 p-5 sm:p-6">
              <div className="flex items-start justify-between gap-3">
                <div className="min-w-0">
                  <p className="text-xs font-medium tracking-wide text-slate-500 uppercase">
                    {object.kind === 'ad_set' ? 'Ad set' : object.kind}
                  </p>
                  <DialogPrimitive.Title className="text-lg font-semibold break-words text-slate-950">
                    {object.name}
                  </DialogPrimitive.Title>
                  <p className="mt-1 font-mono text-xs break-all text-slate-500">{object.id}</p>
                </div>
                <DialogPrimitive.Close className="rounded-md p-1.5 text-slate-600 hover:bg-slate-100 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-indigo-500">
                  <X className="size-5" aria-hidden="true" />
                  <span className="sr-only">Close</span>
                </DialogPrimitive.Close>
              </div>

              <dl className="grid grid-cols-2 gap-3 text-sm">
                <div>
                  <dt className="text-slate-500">Status</dt>
                  <dd className="font-medium">{object.effectiveStatus.replace(/_/g, ' ')}</dd>
                </div>
                <div>
                  <dt className="text-slate-500">Objective</dt>
                  <dd className="font-medium">
                    {object.objective
                      ? (OBJECTIVE_LABELS[object.objective] ?? object.objective)
                      : '—'}
                  </dd>
                </div>
                {(object.dailyBudget !== null || object.lifetimeBudget !== null) && (
                  <div>
                    <dt className="text-slate-500">Budget</dt>
                    <dd className="font-medium">
                      {object.dailyBudget !== null
                        ? `${formatMoney(object.dailyBudget, currency)} per day`
                        : `${formatMoney(object.lifetimeBudget!, currency)} lifetime`}
                    </dd>
                  </div>
                )}
              </dl>

              <section aria-labelledby="drawer-totals">
                <h3 id="drawer-totals" className="mb-2 text-sm font-semibold">
                  {DATE_PRESET_LABELS[datePreset] ?? datePreset}
                </h3>
                <dl className="grid grid-cols-2 gap-x-4 gap-y-2 text-sm sm:grid-cols-4">
                  {METRIC_COLUMNS.map((column) => (
                    <div key={column.key}>
                      <dt className="text-xs text-slate-500">{column.label}</dt>
                      <dd className="font-medium tabular-nums" data-testid={`total-${column.key}`}>
                        {figure(column.key, object.metrics[column.key], currency)}
                      </dd>
                    </div>
                  ))}
                </dl>
              </section>

              <section aria-labelledby="drawer-chart" className="grid gap-2">
                <div className="flex flex-wrap items-center justify-between gap-2">
                  <h3 id="drawer-chart" className="text-sm font-semibold">
                    Daily {CHART_METRICS.find((item) => item.key === metric)?.label.toLowerCase()}
                  </h3>
                  <div role="group" aria-label="Chart metric" className="flex flex-wrap gap-1">
                    {CHART_METRICS.map((item) => (
                      <button
                        key={item.key}
                        type="button"
                        aria-pressed={metric === item.key}
                        onClick={() => setMetric(item.key)}
                        className="rounded-md border border-slate-200 px-2 py-1 text-xs aria-pressed:border-indigo-600 aria-pressed:bg-indigo-50 aria-pressed:text-indigo-800"
                      >
                        {item.label}
                      </button>
                    ))}
                  </div>
                </div>
                {daily.isLoading ? (
                  <Skeleton className="h-56 w-full" />
                ) : daily.isError ? (
                  <p className="text-sm text-slate-600" role="status">
                    The daily figures could not be loaded right now.
                  </p>
                ) : series.length === 0 ? (
                  <p className="text-sm text-slate-600">No delivery in this period.</p>
                ) : (
                  <div className="h-56 w-full" data-testid="daily-chart">
                    <ResponsiveContainer width="100%" height="100%">
                      <LineChart data={series} margin={{ top: 4, right: 8, left: 0, bottom: 0 }}>
                        <CartesianGrid strokeDasharray="3 3" vertical={false} stroke="#e2e8f0" />
                        <XAxis
                          dataKey="date"
                          tickFormatter={(value: string) => value.slice(5)}
                          tick={{ fontSize: 11, fill: '#475569' }}
                        />
                        <YAxis
                          width={56}
                          tick={{ fontSize: 11, fill: '#475569' }}
                          tickFormatter={(value: number) =>
                            money ? formatMoney(value, currency) : formatCount(value)
                          }
                        />
                        <Tooltip
                          formatter={(value) =>
                            money
                              ? formatMoney(Number(value), currency)
                              : formatCount(Number(value))
                          }
                        />
                        <Line
                          type="monotone"
                          dataKey="value"
                          name={CHART_METRICS.find((item) => item.key === metric)?.label}
                          stroke="#4f46e5"
                          strokeWidth={2}
                          dot={false}
                          isAnimationActive={false}
                        />
                      </LineChart>
                    </ResponsiveContainer>
                  </div>
                )}
              </section>
            </div>
          )}
        </DialogPrimitive.Content>
      </DialogPrimitive.Portal>
    </DialogPrimitive.Root>
  )
}
