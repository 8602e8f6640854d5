import { useState, type ReactNode } from 'react'
import { Download, Loader2, ShieldCheck, ShieldOff, UserX } from 'lucide-react'
import { Badge } from '~/components/ui/badge'
import { Button } from '~/components/ui/button'
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '~/components/ui/dialog'
import { Progress } from '~/components/ui/progress'
import { MiddleTruncate } from '~/components/middle_truncate'
import { useAdminUserDetail, useRefreshAdmin } from '~/hooks/use_admin'
import { useDownloadData } from '~/hooks/use_account_data'
import { toast } from '~/hooks/use_toast'
import { DeleteAccountDialog } from '~/components/delete_account_dialog'
import { formatDate, formatDateTime } from '~/lib/format'
import { expiresLabel, tokenTypeLabel } from '~/lib/meta'
import type { AdminUser, AdminUserDetail } from '~/types'

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="grid gap-2 rounded-lg border border-slate-200 p-4">
      <h3 className="text-sm font-semibold text-slate-950">{title}</h3>
      {children}
    </section>
  )
}

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="flex items-baseline justify-between gap-4 text-sm">
      <dt className="text-slate-600">{label}</dt>
      <dd className="min-w-0 text-right font-medium break-words text-slate-900">{children}</dd>
    </div>
  )
}

const META_STATE_LABEL: Record<AdminUserDetail['meta']['state'], string> = {
  none: 'Not Connected',
  connected: 'Connected',
  expired: 'Token expired',
  reconnect_required: 'Reconnect required',
}

function DetailBody({ detail }: { detail: AdminUserDetail }) {
  const { subscription, usage, apiKeys, meta, recentCalls } = detail
  const percent = usage.limit > 0 ? Math.round((usage.total / usage.limit) * 100) : 0
  return (
    <div className="grid gap-4">
      <Section title="Subscription">
        <dl className="grid gap-1.5">
          <Row label="Plan in effect">{usage.plan.name}</Row>
          {subscription ? (
            <>
              <Row label="Subscription">
                {subscription.planName} · {subscription.status}
              </Row>
              <Row label="Provider">{subscription.provider}</Row>
              {subscription.trialEnd && (
                <Row label="Trial ends">{formatDate(subscription.trialEnd)}</Row>
              )}
              <Row label={subscription.cancelAtPeriodEnd ? 'Ends' : 'Renews'}>
                {formatDate(subscription.currentPeriodEnd)}
              </Row>
            </>
          ) : (
            <Row label="Subscription">None (Free)</Row>
          )}
        </dl>
      </Section>

      <Section title="Usage this month">
        <p className="text-sm text-slate-700" data-testid="admin-detail-usage">
          {usage.total.toLocaleString('en-US')} / {usage.limit.toLocaleString('en-US')} requests (
          {percent}%)
        </p>
        <Progress value={percent} aria-label="Share of the monthly limit used" />
        <p className="text-xs text-slate-600">Resets {formatDate(usage.resetsAt)} (UTC months)</p>
      </Section>

      <Section title="API keys">
        <dl className="grid gap-1.5">
          <Row label="Active keys">{apiKeys.count}</Row>
          <Row label="Last used">
            {apiKeys.lastUsedAt ? formatDateTime(apiKeys.lastUsedAt) : 'Never'}
          </Row>
        </dl>
      </Section>

      <Section title="Meta connection">
        <dl className="grid gap-1.5">
          <Row label="Status">
            <Badge variant={meta.connected ? 'success' : 'secondary'}>
              {META_STATE_LABEL[meta.state]}
            </Badge>
          </Row>
          {meta.state !== 'none' && (
            <>
              <Row label="Account name">{meta.name ?? '—'}</Row>
              <Row label="Meta user ID">{meta.userId ?? '—'}</Row>
              <Row label="Token type">{tokenTypeLabel(Boolean(meta.isLongLived))}</Row>
              <Row label="Expires">{expiresLabel(meta.expiresAt)}</Row>
            </>
          )}
        </dl>
      </Section>

      <Section title="Recent API calls">
        {recentCalls.length === 0 ? (
          <p className="text-sm text-slate-600">No API calls yet</p>
        ) : (
          <ul className="divide-y divide-slate-100 text-sm" aria-label="Recent API calls">
            {recentCalls.map((call) => (
              <li key={call.id} className="flex items-center gap-3 py-1.5">
                <span className="w-14 shrink-0 font-mono text-xs font-semibold text-slate-700">
                  {call.method}
                </span>
                <MiddleTruncate
                  text={call.endpoint}
                  className="flex-1 font-mono text-xs text-slate-900"
                />
                <span className="shrink-0 text-xs text-slate-600">{call.responseTime} ms</span>
                <span className="shrink-0 font-mono text-xs font-semibold">{call.statusCode}</span>
                <span className="hidden shrink-0 text-xs text-slate-600 sm:inline">
                  {formatDateTime(call.createdAt)}
                </span>
              </li>
            ))}
          </ul>
        )}
      </Section>
    </div>
  )
}

/**
 * The user detail panel: plan, usage against the limit, keys, Meta connection, recent calls;
 * suspend, download the user's data, delete the user (typing their email, as they would).
 */
export function UserDetailDialog({
  user,
  currentUserId,
  onClose,
  onToggleSuspension,
}: {
  user: AdminUser | null
  currentUserId: number
  onClose: () => void
  onToggleSuspension: (user: AdminUser) => void
}) {
  const detail = useAdminUserDetail(user?.id ?? null)
  const current = detail.data?.user ?? user
  const suspended = Boolean(current?.suspendedAt)
  const download = useDownloadData(`/api/admin/users/${user?.id ?? 0}/export`)
  const refresh = useRefreshAdmin()
  const [deleteOpen, setDeleteOpen] = useState(false)
  return (
    <Dialog open={user !== null} onOpenChange={(open) => !open && onClose()}>
      <DialogContent className="max-w-2xl">
        <DialogHeader>
          <DialogTitle className="flex flex-wrap items-center gap-2">
            {current?.displayName ?? 'User'}
            {current?.role === 'admin' && <Badge variant="secondary">Admin</Badge>}
            {suspended && <Badge variant="destructive">Suspended</Badge>}
          </DialogTitle>
          <DialogDescription className="break-words">
            {current?.email} · Joined {formatDate(current?.createdAt)}
            {suspended && ` · Suspended ${formatDateTime(current?.suspendedAt)}`}
          </DialogDescription>
        </DialogHeader>
        {detail.data ? (
          <DetailBody detail={detail.data} />
        ) : detail.isError ? (
          <p role="alert" className="text-sm text-red-700">
            Failed to load the user.
          </p>
        ) : (
          <p role="status" className="flex items-center gap-2 text-sm text-slate-700">
            <Loader2 className="size-4 animate-spin" aria-hidden="true" />
            Loading user…
          </p>
        )}
        {current && current.id !== currentUserId && (
          <DialogFooter className="flex-wrap">
            <Button
              type="button"
              variant="outline"
              onClick={() => download.mutate()}
              disabled={download.isPending}
            >
              {download.isPending ? (
                <Loader2 className="animate-spin" aria-hidden="true" />
              ) : (
                <Download aria-hidden="true" />
              )}
              Download data
            </Button>
            <Button
              type="button"
              variant={suspended ? 'outline' : 'destructive'}
              onClick={() => onToggleSuspension(current)}
            >
              {suspended ? <ShieldCheck aria-hidden="true" /> : <ShieldOff aria-hidden="true" />}
              {suspended ? 'Unsuspend' : 'Suspend'}
            </Button>
            <Button type="button" variant="destructive" onClick={() => setDeleteOpen(true)}>
              <UserX aria-hidden="true" />
              Delete user
            </Button>
          </DialogFooter>
        )}
        {current && (
          <DeleteAccountDialog
            open={deleteOpen}
            onOpenChange={setDeleteOpen}
            email={current.email}
            url={`/api/admin/users/${current.id}`}
            title="Delete user"
            confirmLabel="Delete user"
            description={
              <p>
                Deletes {current.displayName}'s account the way their own "Delete my account" does:
                cancels their Stripe subscription, revokes their Meta token at Meta, and deletes
                their keys, CLI sessions, call log, counters and sessions. The audit log keeps a
                pseudonym. This cannot be undone.
              </p>
            }
            onDeleted={() => {
              toast({ title: 'User Deleted', description: `${current.email} has been deleted.` })
              setDeleteOpen(false)
              refresh()
              onClose()
            }}
          />
        )}
      </DialogContent>
    </Dialog>
  )
}
