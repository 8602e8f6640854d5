import { useEffect, useState, type FormEvent, type ReactNode } from 'react'
import { Head, Link, router } from '@inertiajs/react'
import { Bell, Loader2, Trash2 } from 'lucide-react'
import AppShell, { PageHeader } from '~/layouts/app_shell'
import { Badge } from '~/components/ui/badge'
import { Button } from '~/components/ui/button'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '~/components/ui/card'
import { Field } from '~/components/ui/field'
import { Input } from '~/components/ui/input'
import { Skeleton } from '~/components/ui/skeleton'
import { Tabs, TabsContent, TabsList, TabsTrigger } from '~/components/ui/tabs'
import { CopyButton } from '~/components/copy_button'
import { ConfirmDialog } from '~/components/confirm_dialog'
import { SignInRedirect } from '~/components/page_redirect'
import { useSessionUser } from '~/hooks/use_session_user'
import { useMarkNotificationsRead } from '~/hooks/use_notifications'
import { useMetaAdAccounts, useMetaStatus } from '~/hooks/use_meta_connection'
import {
  useAlertDeliveries,
  useAlertPreferences,
  useAlertWebhooks,
  useAllNotifications,
  useCreateAlertWebhook,
  useDeleteAlertWebhook,
  useUpdateAlertPreferences,
} from '~/hooks/use_alert_settings'
import { formatDateTime } from '~/lib/format'
import { minorToMajor, parseMoneyInput } from '~/lib/campaigns'
import { currencyMoney, type ScopeMoney } from '~/lib/rules'
import { cn } from '~/lib/utils'
import type { AlertChannel, AlertPreferences, AlertType, CreatedAlertWebhook } from '~/types'

/** What each alert type means, in the words of the Preferences tab. */
const TYPE_LABELS: Record<AlertType, string> = {
  rule_fired: 'Rule fired',
  rule_approval_needed: 'Rule waiting for approval',
  spend_threshold: 'Spend above threshold',
  meta_token_expiring: 'Meta token expiring',
  meta_token_invalid: 'Meta token invalid',
  quota_80: 'API quota at 80 %',
  quota_100: 'API quota used up',
  lead_received: 'Lead received (Agency)',
}

const CHANNEL_LABELS: Record<AlertChannel, string> = {
  in_app: 'In app',
  email: 'Email',
  webhook: 'Webhooks',
}

function Loading() {
  return (
    <div className="grid gap-3" role="status" aria-label="Loading">
      <Skeleton className="h-14" />
      <Skeleton className="h-14" />
      <Skeleton className="h-14" />
    </div>
  )
}

function LoadError({ what, retry }: { what: string; retry: () => void }) {
  return (
    <div className="rounded-lg border border-red-200 bg-red-50 p-4 text-sm text-red-800">
      <p>{what} could not be loaded.</p>
      <Button variant="outline" size="sm" className="mt-2" onClick={retry}>
        Try again
      </Button>
    </div>
  )
}

function NotificationsTab() {
  const { data, isPending, isError, refetch } = useAllNotifications()
  const markRead = useMarkNotificationsRead()
  if (isPending) return <Loading />
  if (isError) return <LoadError what="Notifications" retry={() => refetch()} />
  return (
    <Card>
      <CardHeader className="flex flex-row flex-wrap items-center justify-between gap-2">
        <div>
          <CardTitle>Notifications</CardTitle>
          <CardDescription>{data.unreadCount} unread</CardDescription>
        </div>
        <Button
          variant="outline"
          size="sm"
          disabled={data.unreadCount === 0 || markRead.isPending}
          onClick={() => markRead.mutate({ all: true })}
        >
          Mark all as read
        </Button>
      </CardHeader>
      <CardContent>
        {data.notifications.length === 0 ? (
          <div className="py-10 text-center text-sm text-slate-600">
            <Bell className="mx-auto mb-2 size-6 text-slate-400" aria-hidden="true" />
            No notifications yet. Alerts from rules, spend, your Meta connection and your API quota
            will appear here.
          </div>
        ) : (
          <ul className="divide-y divide-slate-100" data-testid="alerts-page-list">
            {data.notifications.map((notification) => (
              <li key={notification.id} className="flex min-w-0 flex-col gap-2 py-3 sm:flex-row">
                <div className="min-w-0 flex-1">
                  <p className="font-medium text-slate-900 [overflow-wrap:anywhere]">
                    {notification.title}
                    {!notification.readAt && (
                      <Badge variant="secondary" className="ml-2 align-middle">
                        Unread
                      </Badge>
                    )}
                  </p>
                  <p className="mt-1 whitespace-pre-line text-sm [overflow-wrap:anywhere] text-slate-700">
                    {notification.message}
                  </p>
                  <p className="mt-1 text-xs text-slate-500">
                    {formatDateTime(notification.occurredAt)}
                  </p>
                </div>
                <div className="flex shrink-0 gap-2">
                  {notification.url && (
                    <Button
                      variant="outline"
                      size="sm"
                      onClick={() => router.visit(notification.url!)}
                    >
                      Open
                    </Button>
                  )}
                  {!notification.readAt && (
                    <Button
                      variant="ghost"
                      size="sm"
                      onClick={() => markRead.mutate({ ids: [notification.id] })}
                    >
                      Mark read
                    </Button>
                  )}
                </div>
              </li>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  )
}

/**
 * Why the spend threshold cannot be set in the ad accounts' currency, or null when it can:
 * it applies to every ad account in that account's minor units, so their currencies must
 * share their decimals (EUR and USD: yes; EUR and JPY: no), and be known.
 */
function thresholdProblem(money: ScopeMoney): string | null {
  if (money.kind === 'ok') return null
  if (money.kind === 'mixed') {
    return `Your ad accounts use currencies with different decimals (${money.currencies.join(', ')}), so one threshold cannot mean the same in each; the spend alert cannot be set here.`
  }
  return "Connect Meta to set a spend alert: the amount is in your ad accounts' currency."
}

function PreferencesForm({
  initial,
  types,
  money,
}: {
  initial: AlertPreferences
  types: AlertType[]
  /** The currencies of the user's ad accounts: the threshold is in their minor units. */
  money: ScopeMoney
}) {
  const [draft, setDraft] = useState(initial)
  const digits = money.kind === 'ok' ? money.digits : null
  const [threshold, setThreshold] = useState(
    initial.spendThresholdMinor === null || digits === null
      ? ''
      : String(minorToMajor(initial.spendThresholdMinor, digits))
  )
  const [thresholdError, setThresholdError] = useState<string | null>(null)
  const problem = thresholdProblem(money)
  useEffect(() => setDraft(initial), [initial])
  const save = useUpdateAlertPreferences()

  function toggle(type: AlertType, channel: AlertChannel) {
    setDraft((current) => {
      const list = current.channels[type]
      const next = list.includes(channel)
        ? list.filter((item) => item !== channel)
        : [...list, channel]
      return { ...current, channels: { ...current.channels, [type]: next } }
    })
  }

  function submit(event: FormEvent) {
    event.preventDefault()
    // Without known, shared decimals the stored threshold is kept as it is.
    let spendThresholdMinor = initial.spendThresholdMinor
    if (money.kind === 'ok') {
      spendThresholdMinor =
        threshold.trim() === '' ? null : parseMoneyInput(threshold, money.currencies[0])
      if (threshold.trim() !== '' && spendThresholdMinor === null) {
        setThresholdError(
          `Enter a positive amount in ${money.currencies.join(', ')} with at most ${money.digits} decimals, or leave it empty to turn the spend alert off.`
        )
        return
      }
    }
    setThresholdError(null)
    save.mutate({ ...draft, spendThresholdMinor })
  }

  return (
    <form onSubmit={submit} className="grid gap-6 [&>*]:min-w-0">
      <Card>
        <CardHeader>
          <CardTitle>Channels</CardTitle>
          <CardDescription>
            Where each kind of alert goes. Clear every box to mute one.
          </CardDescription>
        </CardHeader>
        <CardContent className="overflow-x-auto">
          <table className="w-full min-w-[20rem] text-sm">
            <thead>
              <tr className="text-left text-slate-600">
                <th className="py-2 pr-2 font-medium">Alert</th>
                {(['in_app', 'email', 'webhook'] as AlertChannel[]).map((channel) => (
                  <th key={channel} className="px-2 py-2 text-center font-medium">
                    {CHANNEL_LABELS[channel]}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100">
              {types.map((type) => (
                <tr key={type}>
                  <td className="py-2 pr-2 text-slate-900">{TYPE_LABELS[type]}</td>
                  {(['in_app', 'email', 'webhook'] as AlertChannel[]).map((channel) => (
                    <td key={channel} className="px-2 py-2 text-center">
                      <input
                        type="checkbox"
                        className="size-4 accent-indigo-600"
                        aria-label={`${TYPE_LABELS[type]}: ${CHANNEL_LABELS[channel]}`}
                        checked={draft.channels[type].includes(channel)}
                        onChange={() => toggle(type, channel)}
                      />
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </CardContent>
      </Card>

      <Card>
        <CardHeader>
          <CardTitle>Timing</CardTitle>
          <CardDescription>
            During quiet hours, emails and webhooks wait until they end. With the daily digest,
            alert emails are gathered into one email a day.
          </CardDescription>
        </CardHeader>
        <CardContent className="grid gap-4 sm:grid-cols-2">
          <Field id="alert-time-zone" label="Time zone (IANA, e.g. Europe/Paris)">
            <Input
              id="alert-time-zone"
              value={draft.timeZone}
              onChange={(event) => setDraft({ ...draft, timeZone: event.target.value })}
            />
          </Field>
          <div className="grid gap-1.5">
            <label className="flex items-center gap-2 text-sm font-medium text-slate-900">
              <input
                type="checkbox"
                className="size-4 accent-indigo-600"
                checked={draft.quietHours !== null}
                onChange={(event) =>
                  setDraft({
                    ...draft,
                    quietHours: event.target.checked ? { start: '22:00', end: '07:00' } : null,
                  })
                }
              />
              Quiet hours
            </label>
            {draft.quietHours && (
              <div className="flex flex-wrap items-center gap-2">
                <Input
                  type="time"
                  aria-label="Quiet hours start"
                  className="w-32"
                  value={draft.quietHours.start}
                  onChange={(event) =>
                    setDraft({
                      ...draft,
                      quietHours: { ...draft.quietHours!, start: event.target.value },
                    })
                  }
                />
                <span className="text-sm text-slate-600">to</span>
                <Input
                  type="time"
                  aria-label="Quiet hours end"
                  className="w-32"
                  value={draft.quietHours.end}
                  onChange={(event) =>
                    setDraft({
                      ...draft,
                      quietHours: { ...draft.quietHours!, end: event.target.value },
                    })
                  }
                />
              </div>
            )}
          </div>
          <div className="grid gap-1.5">
            <label className="flex items-center gap-2 text-sm font-medium text-slate-900">
              <input
                type="checkbox"
                className="size-4 accent-indigo-600"
                checked={draft.digest.enabled}
                onChange={(event) =>
                  setDraft({ ...draft, digest: { ...draft.digest, enabled: event.target.checked } })
                }
              />
              Daily email digest
            </label>
            {draft.digest.enabled && (
              <Field id="alert-digest-hour" label="Send at (hour, 0-23)">
                <Input
                  id="alert-digest-hour"
                  type="number"
                  min={0}
                  max={23}
                  className="w-24"
                  value={draft.digest.hour}
                  onChange={(event) =>
                    setDraft({
                      ...draft,
                      digest: { ...draft.digest, hour: Number(event.target.value) },
                    })
                  }
                />
              </Field>
            )}
          </div>
          <Field
            id="alert-spend-threshold"
            label={`Spend alert: daily spend per ad account above${money.kind === 'ok' ? ` (${money.currencies.join(', ')})` : ''}`}
          >
            <Input
              id="alert-spend-threshold"
              inputMode={digits === 0 ? 'numeric' : 'decimal'}
              placeholder="Off"
              disabled={problem !== null}
              aria-invalid={thresholdError !== null}
              aria-describedby={
                problem || thresholdError ? 'alert-spend-threshold-note' : undefined
              }
              value={threshold}
              onChange={(event) => setThreshold(event.target.value)}
            />
            {(problem || thresholdError) && (
              <p
                id="alert-spend-threshold-note"
                className={cn('text-sm', thresholdError ? 'text-red-700' : 'text-slate-600')}
                role={thresholdError ? 'alert' : undefined}
              >
                {thresholdError ?? problem}
              </p>
            )}
          </Field>
        </CardContent>
      </Card>
      <div>
        <Button type="submit" disabled={save.isPending}>
          {save.isPending && <Loader2 className="animate-spin" aria-hidden="true" />}
          Save Preferences
        </Button>
      </div>
    </form>
  )
}

function PreferencesTab({ types }: { types: AlertType[] }) {
  const { data, isPending, isError, refetch } = useAlertPreferences()
  // The spend threshold is entered in the ad accounts' currency: wait for them to know it.
  const meta = useMetaStatus(true)
  const accounts = useMetaAdAccounts(meta.data?.connected === true)
  if (isPending || meta.isPending || accounts.isLoading) return <Loading />
  if (isError) return <LoadError what="Alert preferences" retry={() => refetch()} />
  const money: ScopeMoney = accounts.data
    ? currencyMoney(accounts.data.adAccounts)
    : { kind: 'unknown' }
  return <PreferencesForm initial={data} types={types} money={money} />
}

function WebhooksTab() {
  const { data, isPending, isError, refetch } = useAlertWebhooks()
  const [created, setCreated] = useState<CreatedAlertWebhook | null>(null)
  const [name, setName] = useState('')
  const [url, setUrl] = useState('')
  const [format, setFormat] = useState<'slack' | 'json'>('slack')
  const [deleting, setDeleting] = useState<number | null>(null)
  const create = useCreateAlertWebhook((answer) => {
    setCreated(answer)
    setName('')
    setUrl('')
  })
  const remove = useDeleteAlertWebhook()

  return (
    <div className="grid gap-6 [&>*]:min-w-0">
      <Card>
        <CardHeader>
          <CardTitle>Add a webhook</CardTitle>
          <CardDescription>
            Slack posts to an incoming-webhook URL. JSON posts a signed body (header
            Adrelay-Signature) to n8n, Zapier or your CRM. Choose which alerts use webhooks in
            Preferences.
          </CardDescription>
        </CardHeader>
        <CardContent>
          <form
            className="grid gap-4 sm:grid-cols-[1fr_10rem]"
            onSubmit={(event) => {
              event.preventDefault()
              create.mutate({ name: name.trim() || 'Webhook', format, url: url.trim() })
            }}
          >
            <Field id="webhook-name" label="Name">
              <Input id="webhook-name" value={name} onChange={(e) => setName(e.target.value)} />
            </Field>
            <Field id="webhook-format" label="Format">
              <select
                id="webhook-format"
                value={format}
                onChange={(event) => setFormat(event.target.value as 'slack' | 'json')}
                className="h-10 rounded-lg border border-slate-300 bg-white px-3 text-sm"
              >
                <option value="slack">Slack</option>
                <option value="json">JSON (signed)</option>
              </select>
            </Field>
            <Field id="webhook-url" label="URL" className="sm:col-span-2">
              <Input
                id="webhook-url"
                type="url"
                required
                placeholder="https://hooks.slack.com/services/…"
                value={url}
                onChange={(event) => setUrl(event.target.value)}
              />
            </Field>
            <div className="sm:col-span-2">
              <Button type="submit" disabled={create.isPending || url.trim() === ''}>
                {create.isPending && <Loader2 className="animate-spin" aria-hidden="true" />}
                Add Webhook
              </Button>
            </div>
          </form>
          {created?.secret && (
            <div
              className="mt-4 rounded-lg border border-amber-300 bg-amber-50 p-4 text-sm"
              data-testid="webhook-secret"
            >
              <p className="font-medium text-amber-900">
                Signing secret for {created.webhook.name}: copy it now, it is not shown again.
              </p>
              <div className="mt-2 flex items-center gap-2">
                <code className="min-w-0 flex-1 break-all rounded bg-white px-2 py-1 text-xs">
                  {created.secret}
                </code>
                <CopyButton text={created.secret} label="Copy secret" />
              </div>
            </div>
          )}
        </CardContent>
      </Card>
      <Card>
        <CardHeader>
          <CardTitle>Webhooks</CardTitle>
        </CardHeader>
        <CardContent>
          {isPending ? (
            <Loading />
          ) : isError ? (
            <LoadError what="Webhooks" retry={() => refetch()} />
          ) : data.webhooks.length === 0 ? (
            <p className="py-6 text-center text-sm text-slate-600">No webhooks yet</p>
          ) : (
            <ul className="divide-y divide-slate-100">
              {data.webhooks.map((webhook) => (
                <li key={webhook.id} className="flex items-center gap-3 py-3">
                  <div className="min-w-0 flex-1">
                    <p className="[overflow-wrap:anywhere] font-medium text-slate-900">
                      {webhook.name}
                    </p>
                    <p className="truncate text-xs text-slate-600">
                      {webhook.format === 'slack' ? 'Slack' : 'JSON (signed)'} ·{' '}
                      {webhook.urlDisplay}
                    </p>
                  </div>
                  <Button
                    variant="ghost"
                    size="icon"
                    aria-label={`Delete ${webhook.name}`}
                    onClick={() => setDeleting(webhook.id)}
                  >
                    <Trash2 aria-hidden="true" />
                  </Button>
                </li>
              ))}
            </ul>
          )}
        </CardContent>
      </Card>
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => !open && setDeleting(null)}
        title="Delete webhook?"
        description="It will receive no more alerts."
        confirmLabel="Delete"
        destructive
        onConfirm={() => {
          if (deleting !== null) remove.mutate(deleting)
          setDeleting(null)
        }}
      />
    </div>
  )
}

const STATUS_STYLES: Record<string, string> = {
  sent: 'text-emerald-700',
  failed: 'text-red-700',
  queued: 'text-amber-700',
  digest: 'text-slate-700',
}

function DeliveryLogTab() {
  const { data, isPending, isError, refetch } = useAlertDeliveries()
  if (isPending) return <Loading />
  if (isError) return <LoadError what="The delivery log" retry={() => refetch()} />
  return (
    <Card>
      <CardHeader>
        <CardTitle>Delivery log</CardTitle>
        <CardDescription>
          Emails and webhook calls, with retries. Failed webhooks are retried with backoff for about
          15 minutes (6 attempts in all).
        </CardDescription>
      </CardHeader>
      <CardContent>
        {data.deliveries.length === 0 ? (
          <p className="py-6 text-center text-sm text-slate-600">Nothing delivered yet</p>
        ) : (
          <ul className="divide-y divide-slate-100">
            {data.deliveries.map((delivery) => (
              <li key={delivery.id} className="grid gap-1 py-3 text-sm">
                <p className="[overflow-wrap:anywhere] font-medium text-slate-900">
                  {delivery.title}
                </p>
                <p className="text-slate-600">
                  {delivery.channel === 'email'
                    ? 'Email'
                    : `Webhook ${delivery.webhookName ?? '(deleted)'}`}{' '}
                  ·{' '}
                  <span className={cn('font-medium', STATUS_STYLES[delivery.status])}>
                    {delivery.status === 'digest' ? 'held for digest' : delivery.status}
                  </span>{' '}
                  · {delivery.attempts} attempt{delivery.attempts === 1 ? '' : 's'}
                  {delivery.lastStatusCode !== null && ` · HTTP ${delivery.lastStatusCode}`} ·{' '}
                  {formatDateTime(delivery.createdAt)}
                </p>
                {delivery.lastError && (
                  <p className="[overflow-wrap:anywhere] text-xs text-red-700">
                    {delivery.lastError}
                  </p>
                )}
              </li>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  )
}

export default function AlertsPage({ alertTypes }: { alertTypes: AlertType[] }) {
  const user = useSessionUser()
  if (!user) return <SignInRedirect title="Alerts" />
  const entitled = user.features.includes('performance_alerts')
  return (
    <>
      <Head title="Alerts" />
      <PageHeader
        title="Alerts"
        description="Notifications from your rules, spend, Meta connection and API quota, and where they go."
      />
      {!entitled ? (
        <Card>
          <CardHeader>
            <CardTitle>Performance Alerts is a premium feature</CardTitle>
            <CardDescription>
              Alerts in the app, by email and by webhook come with the Trafficker and Agency plans.
            </CardDescription>
          </CardHeader>
          <CardContent>
            <Link href="/subscription" className="font-medium text-indigo-700 hover:underline">
              See plans
            </Link>
          </CardContent>
        </Card>
      ) : (
        <Tabs defaultValue="notifications">
          <TabsList>
            <TabsTrigger value="notifications">Notifications</TabsTrigger>
            <TabsTrigger value="preferences">Preferences</TabsTrigger>
            <TabsTrigger value="webhooks">Webhooks</TabsTrigger>
            <TabsTrigger value="log">Delivery log</TabsTrigger>
          </TabsList>
          <TabsContent value="notifications">
            <NotificationsTab />
          </TabsContent>
          <TabsContent value="preferences">
            <PreferencesTab types={alertTypes} />
          </TabsContent>
          <TabsContent value="webhooks">
            <WebhooksTab />
          </TabsContent>
          <TabsContent value="log">
            <DeliveryLogTab />
          </TabsContent>
        </Tabs>
      )}
    </>
  )
}

AlertsPage.layout = (page: ReactNode) => <AppShell>{page}</AppShell>
