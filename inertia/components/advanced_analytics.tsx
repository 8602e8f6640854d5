import { useQuery } from '@tanstack/react-query'
import {
  Bar,
  BarChart,
  CartesianGrid,
  Cell,
  Pie,
  PieChart,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts'
import { X } from 'lucide-react'
import { Button } from '~/components/ui/button'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '~/components/ui/card'
import { Skeleton } from '~/components/ui/skeleton'
import { ForecastSection } from '~/components/forecasts'
import { monthYearLabel } from '~/lib/usage_rules'
import type { UsageAnalytics } from '~/types'

const SUCCESS_COLOR = '#059669'
const ERROR_COLOR = '#dc2626'

function Figure({ label, value, testId }: { label: string; value: string; testId: string }) {
  return (
    <div className="rounded-lg border border-slate-200 p-4">
      <p className="text-xs font-medium text-slate-600">{label}</p>
      <p className="mt-1 text-xl font-bold tabular-nums text-slate-950" data-testid={testId}>
        {value}
      </p>
    </div>
  )
}

/**
 * Advanced Analytics (paid plans): this month's calls per day, the success/error split, the
 * top endpoints and p50/p95 response times, and the forecasts (usage at the month end and the
 * quota's run-out date; Meta spend against the spending limit and budgets). Loaded lazily (recharts) from the dashboard.
 */
export default function AdvancedAnalytics({ onClose }: { onClose: () => void }) {
  const query = useQuery<UsageAnalytics>({ queryKey: ['/api/usage/analytics'] })
  const data = query.data

  return (
    <Card aria-labelledby="advanced-analytics-title" role="region">
      <CardHeader className="flex-row items-start justify-between gap-4">
        <div>
          <CardTitle as="h2" id="advanced-analytics-title">
            Advanced Analytics
          </CardTitle>
          <CardDescription>
            {data ? monthYearLabel(data.from) : 'This month'} · times in UTC
          </CardDescription>
        </div>
        <Button variant="ghost" size="icon" onClick={onClose} aria-label="Close Advanced Analytics">
          <X aria-hidden="true" />
        </Button>
      </CardHeader>
      <CardContent className="grid gap-6">
        {query.isPending && <Skeleton className="h-64 w-full" />}
        {query.isError && (
          <p role="alert" className="text-sm text-red-700">
            {query.error.message}
          </p>
        )}
        {data && (
          <>
            <div className="grid grid-cols-2 gap-3 md:grid-cols-4">
              <Figure
                label="Calls this month"
                value={data.totals.calls.toLocaleString('en-US')}
                testId="analytics-calls"
              />
              <Figure
                label="Success rate"
                value={data.totals.successRate === null ? '—' : `${data.totals.successRate}%`}
                testId="analytics-success-rate"
              />
              <Figure
                label="p50 response time"
                value={data.responseTimeMs ? `${data.responseTimeMs.p50} ms` : '—'}
                testId="analytics-p50"
              />
              <Figure
                label="p95 response time"
                value={data.responseTimeMs ? `${data.responseTimeMs.p95} ms` : '—'}
                testId="analytics-p95"
              />
            </div>

            <ForecastSection />

            <section aria-labelledby="daily-calls-title">
              <h3 id="daily-calls-title" className="mb-2 text-sm font-semibold">
                Daily calls
              </h3>
              <div
                className="h-64 w-full"
                role="img"
                aria-label={`Bar chart of calls per day: ${data.totals.calls} calls this month`}
              >
                <ResponsiveContainer width="100%" height="100%">
                  <BarChart data={data.daily} margin={{ top: 4, right: 8, left: -16, bottom: 0 }}>
                    <CartesianGrid strokeDasharray="3 3" vertical={false} stroke="#e2e8f0" />
                    <XAxis
                      dataKey="date"
                      tickFormatter={(value: string) => value.slice(8)}
                      tick={{ fontSize: 12, fill: '#475569' }}
                    />
                    <YAxis allowDecimals={false} tick={{ fontSize: 12, fill: '#475569' }} />
                    <Tooltip />
                    <Bar
                      dataKey="successful"
                      name="Successful"
                      stackId="calls"
                      fill={SUCCESS_COLOR}
                    />
                    <Bar dataKey="failed" name="Errors" stackId="calls" fill={ERROR_COLOR} />
                  </BarChart>
                </ResponsiveContainer>
              </div>
            </section>

            <div className="grid gap-6 md:grid-cols-2">
              <section aria-labelledby="split-title">
                <h3 id="split-title" className="mb-2 text-sm font-semibold">
                  Success / error split
                </h3>
                {data.totals.calls === 0 ? (
                  <p className="text-sm text-slate-600">No API calls yet</p>
                ) : (
                  <div className="flex items-center gap-4">
                    <div
                      className="size-32"
                      role="img"
                      aria-label={`${data.totals.successful} successful, ${data.totals.failed} errors`}
                    >
                      <ResponsiveContainer width="100%" height="100%">
                        <PieChart>
                          <Pie
                            data={[
                              { name: 'Successful', value: data.totals.successful },
                              { name: 'Errors', value: data.totals.failed },
                            ]}
                            dataKey="value"
                            innerRadius={36}
                            outerRadius={60}
                            isAnimationActive={false}
                          >
                            <Cell fill={SUCCESS_COLOR} />
                            <Cell fill={ERROR_COLOR} />
                          </Pie>
                        </PieChart>
                      </ResponsiveContainer>
                    </div>
                    <dl className="grid gap-1 text-sm">
                      <div className="flex items-center gap-2">
                        <span
                          className="size-3 rounded-sm"
                          style={{ background: SUCCESS_COLOR }}
                          aria-hidden="true"
                        />
                        <dt>Successful (2xx-3xx):</dt>
                        <dd className="font-semibold tabular-nums">
                          {data.totals.successful.toLocaleString('en-US')}
                        </dd>
                      </div>
                      <div className="flex items-center gap-2">
                        <span
                          className="size-3 rounded-sm"
                          style={{ background: ERROR_COLOR }}
                          aria-hidden="true"
                        />
                        <dt>Errors:</dt>
                        <dd className="font-semibold tabular-nums">
                          {data.totals.failed.toLocaleString('en-US')}
                        </dd>
                      </div>
                    </dl>
                  </div>
                )}
              </section>

              <section aria-labelledby="top-endpoints-title">
                <h3 id="top-endpoints-title" className="mb-2 text-sm font-semibold">
                  Top endpoints
                </h3>
                {data.topEndpoints.length === 0 ? (
                  <p className="text-sm text-slate-600">No API calls yet</p>
                ) : (
                  <table className="w-full text-sm">
                    <thead>
                      <tr className="text-left text-xs text-slate-600">
                        <th scope="col" className="py-1 font-medium">
                          Endpoint
                        </th>
                        <th scope="col" className="py-1 text-right font-medium">
                          Calls
                        </th>
                        <th scope="col" className="py-1 text-right font-medium">
                          Errors
                        </th>
                      </tr>
                    </thead>
                    <tbody>
                      {data.topEndpoints.map((row) => (
                        <tr
                          key={`${row.method} ${row.endpoint}`}
                          className="border-t border-slate-100"
                        >
                          <td className="max-w-0 truncate py-1.5 font-mono text-xs">
                            {row.method} {row.endpoint}
                          </td>
                          <td className="py-1.5 text-right tabular-nums">
                            {row.calls.toLocaleString('en-US')}
                          </td>
                          <td className="py-1.5 text-right tabular-nums">
                            {row.failed.toLocaleString('en-US')}
                          </td>
                        </tr>
                      ))}
                    </tbody>
                  </table>
                )}
              </section>
            </div>
          </>
        )}
      </CardContent>
    </Card>
  )
}
