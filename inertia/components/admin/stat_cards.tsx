import {
  Activity,
  AlertTriangle,
  CreditCard,
  DollarSign,
  Users,
  type LucideIcon,
} from 'lucide-react'
import { Alert, AlertDescription } from '~/components/ui/alert'
import { Card, CardContent } from '~/components/ui/card'
import { Skeleton } from '~/components/ui/skeleton'
import { formatMoney } from '~/lib/format'
import type { PlatformStats } from '~/types'

function StatCard({
  title,
  value,
  icon: Icon,
  hint,
}: {
  title: string
  value: string | null
  icon: LucideIcon
  hint: string
}) {
  return (
    <Card>
      <CardContent className="flex items-start justify-between gap-4 p-5 sm:p-6">
        <div className="min-w-0">
          <h2 className="text-sm font-medium text-slate-600">{title}</h2>
          {value === null ? (
            <Skeleton className="mt-2 h-8 w-24" />
          ) : (
            <p
              className="mt-1 text-2xl font-bold text-slate-950"
              data-testid={`stat-${title.toLowerCase().replaceAll(' ', '-')}`}
            >
              {value}
            </p>
          )}
          <p className="mt-1 text-xs text-slate-600">{hint}</p>
        </div>
        <div
          className="grid size-10 shrink-0 place-items-center rounded-lg bg-indigo-50 text-indigo-700"
          aria-hidden="true"
        >
          <Icon className="size-5" />
        </div>
      </CardContent>
    </Card>
  )
}

/**
 * The four stat cards of spec §2 Admin: Total Users, Active Subscriptions, Monthly Revenue, API
 * Calls Today. `failed`: the figures could not be loaded; an error takes the cards' place
 * (never skeletons that wait forever).
 */
export function AdminStatCards({
  stats,
  failed = false,
}: {
  stats: PlatformStats | undefined
  failed?: boolean
}) {
  const number = (value: number | undefined) =>
    value === undefined ? null : value.toLocaleString('en-US')
  if (!stats && failed) {
    return (
      <Alert variant="destructive" role="alert" data-testid="admin-stats-error">
        <AlertTriangle aria-hidden="true" />
        <AlertDescription>
          Platform statistics could not be loaded. Reload the page to try again.
        </AlertDescription>
      </Alert>
    )
  }
  return (
    <section
      aria-label="Platform statistics"
      aria-busy={!stats}
      className="grid grid-cols-1 gap-4 sm:grid-cols-2 xl:grid-cols-4"
    >
      <StatCard
        title="Total Users"
        value={number(stats?.totalUsers)}
        icon={Users}
        hint="All accounts, suspended included"
      />
      <StatCard
        title="Active Subscriptions"
        value={number(stats?.activeSubscriptions)}
        icon={CreditCard}
        hint="Paid plans, status active"
      />
      <StatCard
        title="Monthly Revenue"
        value={stats ? formatMoney(stats.monthlyRevenue, stats.currency) : null}
        icon={DollarSign}
        hint="Recurring, excluding trials and invitations"
      />
      <StatCard
        title="API Calls Today"
        value={number(stats?.apiCallsToday)}
        icon={Activity}
        hint="Since 00:00 UTC"
      />
    </section>
  )
}
