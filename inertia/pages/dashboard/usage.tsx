import { lazy, Suspense, useEffect, useRef, useState, type ReactNode } from 'react'
import { Head } from '@inertiajs/react'
import { useQuery } from '@tanstack/react-query'
import {
  Activity,
  BarChart3,
  CheckCircle2,
  Crown,
  Gauge,
  KeyRound,
  Loader2,
  Sparkles,
  TrendingUp,
  type LucideIcon,
} from 'lucide-react'
import AppShell, { PageHeader } from '~/layouts/app_shell'
import { Badge } from '~/components/ui/badge'
import { Button } from '~/components/ui/button'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '~/components/ui/card'
import { Progress } from '~/components/ui/progress'
import { Skeleton } from '~/components/ui/skeleton'
import { MiddleTruncate } from '~/components/middle_truncate'
import { NewApiKey } from '~/components/new_api_key'
import { PlanModal } from '~/components/plan_modal'
import { PremiumGateModal } from '~/components/premium_gate_modal'
import { UsageForecastLines } from '~/components/forecasts'
import { useGenerateApiKey } from '~/hooks/use_api_keys'
import { useSessionUser } from '~/hooks/use_session_user'
import {
  RECENT_CALLS_SHOWN,
  STATUS_TONE_CLASSES,
  monthYearLabel,
  resolveLimit,
  statusTone,
  successRate,
  successRateChangeText,
  usageLine,
  usagePercent,
} from '~/lib/usage_rules'
import { cn } from '~/lib/utils'
import { formatLongDateUtc } from '~/lib/format'
import type { AccountUsage, RecentCall, SuccessRateTrend } from '~/types'

// recharts is only downloaded when a paid user opens the analytics view.
const AdvancedAnalytics = lazy(() => import('~/components/advanced_analytics'))

function StatCard({
  title,
  icon: Icon,
  loading,
  value,
  children,
  testId,
}: {
  title: string
  icon: LucideIcon
  loading: boolean
  value: ReactNode
  children?: ReactNode
  testId: string
}) {
  return (
    <Card data-testid={testId}>
      <CardHeader className="flex-row items-center justify-between gap-2 pb-2">
        <CardTitle as="h2" className="text-sm font-medium text-slate-600">
          {title}
        </CardTitle>
        <Icon className="size-4 text-slate-500" aria-hidden="true" />
      </CardHeader>
      <CardContent>
        {loading ? (
          <Skeleton className="h-8 w-24" />
        ) : (
          <p
            className="text-2xl font-bold tracking-tight text-slate-950"
            data-testid={`${testId}-value`}
          >
            {value}
          </p>
        )}
        <div className="mt-1 text-xs text-slate-600">{children}</div>
      </CardContent>
    </Card>
  )
}

function formatCallTime(iso: string) {
  const date = new Date(iso)
  return date.toLocaleString('en-US', {
    month: 'short',
    day: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
  })
}

function RecentCalls({ calls, loading }: { calls: RecentCall[] | undefined; loading: boolean }) {
  if (loading) {
    return (
      <ul aria-busy="true" aria-label="Loading recent API calls" className="grid gap-3">
        {Array.from({ length: 5 }, (_, index) => (
          <li key={index} data-testid="recent-call-placeholder" className="flex items-center gap-3">
            <Skeleton className="h-6 w-14" />
            <Skeleton className="h-4 flex-1" />
            <Skeleton className="h-6 w-12" />
          </li>
        ))}
      </ul>
    )
  }
  if (!calls || calls.length === 0) {
    return (
      <div className="grid place-items-center gap-1 py-10 text-center">
        <Activity className="mb-2 size-8 text-slate-400" aria-hidden="true" />
        <p className="font-medium text-slate-900">No API calls yet</p>
        <p className="text-sm text-slate-600">Generate an API key to get started</p>
      </div>
    )
  }
  return (
    <ul className="divide-y divide-slate-100" data-testid="recent-calls">
      {calls.slice(0, RECENT_CALLS_SHOWN).map((call) => {
        const tone = statusTone(call.statusCode)
        return (
          <li key={call.id} data-testid="recent-call" className="flex items-center gap-3 py-3">
            <span className="w-16 shrink-0 rounded-md bg-slate-100 px-2 py-0.5 text-center font-mono text-xs font-semibold text-slate-800">
              {call.method}
            </span>
            <div className="grid min-w-0 flex-1 gap-0.5 sm:flex sm:items-center sm:gap-3">
              <MiddleTruncate
                text={call.endpoint}
                tailLength={24}
                className="font-mono text-sm text-slate-900 sm:flex-1"
              />
              <span className="flex gap-3 text-xs text-slate-600">
                <time dateTime={call.createdAt}>{formatCallTime(call.createdAt)}</time>
                <span className="tabular-nums sm:w-16 sm:text-right">{call.responseTime}ms</span>
              </span>
            </div>
            <span
              data-tone={tone}
              data-testid="recent-call-status"
              className={cn(
                'shrink-0 rounded-md border px-2 py-0.5 font-mono text-xs font-semibold tabular-nums',
                STATUS_TONE_CLASSES[tone]
              )}
            >
              <span className="sr-only">Status </span>
              {call.statusCode}
            </span>
          </li>
        )
      })}
    </ul>
  )
}

/** Usage dashboard (spec §2 Usage dashboard): the signed-in home page `/`. */
export default function UsageDashboard() {
  const user = useSessionUser()
  const active = user?.entitled ?? false
  const analyticsUnlocked = user?.features.includes('advanced_analytics') ?? false
  const usage = useQuery<AccountUsage>({ queryKey: ['/api/usage'] })
  const recent = useQuery<RecentCall[]>({
    queryKey: [`/api/recent-calls?limit=${RECENT_CALLS_SHOWN}`],
  })
  const trend = useQuery<SuccessRateTrend>({ queryKey: ['/api/usage/success-rate'] })

  const [planOpen, setPlanOpen] = useState(false)
  const [gateOpen, setGateOpen] = useState(false)
  const [showAnalytics, setShowAnalytics] = useState(false)
  const [newKey, setNewKey] = useState<string | null>(null)
  const analyticsRef = useRef<HTMLDivElement>(null)
  const generate = useGenerateApiKey((created) => setNewKey(created.token))

  useEffect(() => {
    if (showAnalytics) analyticsRef.current?.scrollIntoView({ behavior: 'smooth', block: 'start' })
  }, [showAnalytics])

  const total = usage.data?.total ?? 0
  const limit = resolveLimit(usage.data?.limit, user?.subscription?.plan?.requestLimit)
  const percent = usagePercent(total, limit)
  const rate = successRate(recent.data?.slice(0, RECENT_CALLS_SHOWN))

  function openAdvancedAnalytics() {
    if (!analyticsUnlocked) {
      setGateOpen(true)
      return
    }
    setShowAnalytics(true)
  }

  return (
    <>
      <Head title="Dashboard" />
      <PageHeader
        title="Dashboard"
        description="Monitor your API usage and performance"
        actions={
          <Button onClick={() => setPlanOpen(true)}>
            <Crown aria-hidden="true" />
            Upgrade Plan
          </Button>
        }
      />

      {user?.subscription.status === 'trialing' && user.subscription.trialEnd && (
        <p
          className="mb-4 rounded-lg border border-indigo-200 bg-indigo-50 px-4 py-3 text-sm text-indigo-900"
          data-testid="trial-end"
        >
          Your free trial of the {user.subscription.plan.name} plan ends on{' '}
          <time dateTime={user.subscription.trialEnd}>
            {formatLongDateUtc(user.subscription.trialEnd)}
          </time>
          .
        </p>
      )}

      <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4">
        <StatCard
          title="Total Requests"
          icon={Activity}
          loading={usage.isPending}
          value={total.toLocaleString('en-US')}
          testId="stat-total-requests"
        >
          This month
        </StatCard>
        <StatCard
          title="API Calls"
          icon={BarChart3}
          loading={usage.isPending}
          value={total.toLocaleString('en-US')}
          testId="stat-api-calls"
        >
          {monthYearLabel(new Date())}
        </StatCard>
        <StatCard
          title="Success Rate"
          icon={CheckCircle2}
          loading={recent.isPending}
          value={`${rate}%`}
          testId="stat-success-rate"
        >
          <span data-testid="success-rate-change">
            {trend.isPending
              ? '\u00a0'
              : successRateChangeText(
                  trend.data?.currentMonth.successRate,
                  trend.data?.lastMonth.successRate
                )}
          </span>
        </StatCard>
        <StatCard
          title="Plan Usage"
          icon={Gauge}
          loading={usage.isPending}
          value={`${percent}%`}
          testId="stat-plan-usage"
        >
          <Progress value={percent} aria-label="Plan usage" className="my-2" />
          <span data-testid="plan-usage-line">{usageLine(total, limit)}</span>
          {analyticsUnlocked && <UsageForecastLines />}
        </StatCard>
      </div>
      {usage.isError && (
        <p role="alert" className="mt-3 text-sm text-red-700">
          {usage.error.message}
        </p>
      )}

      {!active && (
        <section
          aria-labelledby="analytics-banner-title"
          className="mt-6 flex flex-col gap-4 rounded-xl bg-gradient-to-r from-indigo-600 to-violet-600 p-5 text-white shadow-sm sm:flex-row sm:items-center sm:justify-between"
        >
          <div className="flex items-start gap-3">
            <Sparkles className="mt-0.5 size-5 shrink-0" aria-hidden="true" />
            <div>
              <h2 id="analytics-banner-title" className="font-semibold">
                Advanced Analytics Available
              </h2>
              <p className="text-sm text-indigo-50">
                Daily call charts, error breakdowns, top endpoints and response-time percentiles on
                paid plans.
              </p>
            </div>
          </div>
          <Button variant="white" onClick={() => setPlanOpen(true)}>
            Upgrade Now
          </Button>
        </section>
      )}

      <div className="mt-6 grid grid-cols-1 gap-6 lg:grid-cols-3">
        <Card className="lg:col-span-2">
          <CardHeader>
            <CardTitle as="h2">Recent API Calls</CardTitle>
            <CardDescription>Your latest {RECENT_CALLS_SHOWN} API requests</CardDescription>
          </CardHeader>
          <CardContent>
            <RecentCalls calls={recent.data} loading={recent.isPending} />
            {recent.isError && (
              <p role="alert" className="text-sm text-red-700">
                {recent.error.message}
              </p>
            )}
          </CardContent>
        </Card>

        <Card>
          <CardHeader>
            <CardTitle as="h2">Quick Actions</CardTitle>
            <CardDescription>Common tasks</CardDescription>
          </CardHeader>
          <CardContent className="grid gap-2">
            <Button
              variant="outline"
              className="justify-start"
              disabled={generate.isPending}
              onClick={() => generate.mutate('API Key')}
            >
              {generate.isPending ? (
                <Loader2 className="animate-spin" aria-hidden="true" />
              ) : (
                <KeyRound aria-hidden="true" />
              )}
              {generate.isPending ? 'Generating...' : 'Generate API Key'}
            </Button>
            <Button variant="outline" className="justify-start" onClick={openAdvancedAnalytics}>
              <TrendingUp aria-hidden="true" />
              <span className="flex-1 text-left">Advanced Analytics</span>
              {!analyticsUnlocked && <Badge variant="pro">PRO</Badge>}
            </Button>
            <Button variant="outline" className="justify-start" onClick={() => setPlanOpen(true)}>
              <Crown aria-hidden="true" />
              Upgrade to Pro
            </Button>
          </CardContent>
        </Card>
      </div>

      {showAnalytics && analyticsUnlocked && (
        <div ref={analyticsRef} className="mt-6 scroll-mt-20">
          <Suspense
            fallback={
              <Card>
                <CardContent className="p-6">
                  <Skeleton className="h-64 w-full" />
                </CardContent>
              </Card>
            }
          >
            <AdvancedAnalytics onClose={() => setShowAnalytics(false)} />
          </Suspense>
        </div>
      )}

      <NewApiKey variant="dialog" apiKey={newKey} onDismiss={() => setNewKey(null)} />
      <PremiumGateModal
        open={gateOpen}
        onOpenChange={setGateOpen}
        onUpgrade={() => setPlanOpen(true)}
      />
      <PlanModal open={planOpen} onOpenChange={setPlanOpen} />
    </>
  )
}

UsageDashboard.layout = (page: ReactNode) => <AppShell>{page}</AppShell>
