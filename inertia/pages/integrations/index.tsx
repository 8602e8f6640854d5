import { useEffect, useRef, useState, type ReactNode } from 'react'
import { Head, router } from '@inertiajs/react'
import { useQueryClient } from '@tanstack/react-query'
import {
  AlertTriangle,
  CheckCircle2,
  Clock,
  FlaskConical,
  Link2,
  Loader2,
  RefreshCw,
  Unplug,
} from 'lucide-react'
import AppShell, { PageHeader } from '~/layouts/app_shell'
import { Alert, AlertDescription, AlertTitle } from '~/components/ui/alert'
import { Badge } from '~/components/ui/badge'
import { Button } from '~/components/ui/button'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '~/components/ui/card'
import { Skeleton } from '~/components/ui/skeleton'
import { ConfirmDialog } from '~/components/confirm_dialog'
import { MetaStatusError } from '~/components/meta_status_error'
import { SignInRedirect } from '~/components/page_redirect'
import { toast } from '~/hooks/use_toast'
import { useSessionUser } from '~/hooks/use_session_user'
import { useProductFeatures } from '~/hooks/use_product_features'
import {
  META_STATUS_KEY,
  useDisconnectMeta,
  useMetaAdAccounts,
  useMetaStatus,
} from '~/hooks/use_meta_connection'
import { isUnauthorizedError } from '~/lib/call_errors'
import { formatMoney } from '~/lib/format'
import { connectionErrorMessage, expiresLabel, tokenTypeLabel } from '~/lib/meta'
import type { MetaStatus, ProductFeatureAvailability } from '~/types'

/** Where "Connect Meta Account" and "Reconnect" go: a full-page redirect (spec §4). */
const OAUTH_START = '/meta/oauth/start'

/** What connecting Meta gives; a benefit naming a `feature` says Coming Soon until it exists. */
const BENEFITS: Array<{ text: string; feature?: keyof ProductFeatureAvailability }> = [
  { text: 'See every ad account, campaign, ad set and ad in one place' },
  {
    text: 'Pause underperformers and scale winners automatically, by your own rules',
    feature: 'automated_rules',
  },
  { text: 'Track spend, ROAS and results in real time' },
  { text: 'Guard your budget with spending limits' },
]

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="grid gap-0.5 sm:grid-cols-[9rem_1fr] sm:gap-4">
      <dt className="text-sm text-slate-600">{label}</dt>
      <dd className="text-sm font-medium break-all text-slate-900">{children}</dd>
    </div>
  )
}

function MetaLogo() {
  return (
    <span
      aria-hidden="true"
      className="flex size-10 items-center justify-center rounded-lg bg-[#0866ff] text-lg font-bold text-white"
    >
      f
    </span>
  )
}

/** Shows the toast for `?success=` / `?error=` once, then cleans the address bar. */
function useReturnToast(onConnected: () => void) {
  const handled = useRef(false)
  useEffect(() => {
    if (handled.current || typeof window === 'undefined') return
    handled.current = true
    const url = new URL(window.location.href)
    const success = url.searchParams.get('success')
    const error = url.searchParams.get('error')
    // Deferred one tick: the Toaster (a sibling rendered after the page) subscribes in its own
    // effect, which runs after this one on the first render.
    if (success === 'meta_connected') {
      setTimeout(
        () => toast({ title: 'Connected!', description: 'Your Meta ads account is connected.' }),
        0
      )
      onConnected()
    } else if (error) {
      setTimeout(
        () =>
          toast({
            title: 'Connection Failed',
            description: connectionErrorMessage(error),
            variant: 'destructive',
          }),
        0
      )
    }
    if (success || error) {
      url.searchParams.delete('success')
      url.searchParams.delete('error')
      // A client-side replace keeps Inertia's own history entry in step with the address bar.
      router.replace({
        url: url.pathname + url.search + url.hash,
        preserveState: true,
        preserveScroll: true,
      })
    }
  }, [onConnected])
}

function ConnectedDetails({ status }: { status: MetaStatus }) {
  const accounts = useMetaAdAccounts(!status.reconnectRequired)
  return (
    <div className="grid gap-5">
      <dl className="grid gap-3">
        <Row label="Account name">{status.name ?? '—'}</Row>
        <Row label="User ID">
          <code className="font-mono">{status.userId}</code>
        </Row>
        <Row label="Token Type">{tokenTypeLabel(status.isLongLived)}</Row>
        <Row label="Expires">{expiresLabel(status.expiresAt)}</Row>
      </dl>

      {status.reconnectRequired ? (
        <Alert variant="destructive" role="alert">
          <AlertTriangle aria-hidden="true" />
          <div>
            <AlertTitle>Reconnect needed</AlertTitle>
            <AlertDescription>
              Meta no longer accepts this connection (the token expired or was revoked). Reconnect
              to keep your automations running.
            </AlertDescription>
          </div>
        </Alert>
      ) : (
        status.expiresSoon && (
          <Alert variant="warning">
            <AlertTriangle aria-hidden="true" />
            <AlertDescription>
              Your Meta token expires soon. Consider reconnecting to refresh it.
            </AlertDescription>
          </Alert>
        )
      )}

      {!status.reconnectRequired && (
        <section aria-labelledby="meta-ad-accounts" className="grid gap-2">
          <h3 id="meta-ad-accounts" className="text-sm font-semibold text-slate-900">
            Ad accounts
          </h3>
          {accounts.isLoading ? (
            <Skeleton className="h-16 w-full" />
          ) : accounts.isError ? (
            <p className="text-sm text-slate-600">The ad accounts could not be loaded right now.</p>
          ) : accounts.data && accounts.data.adAccounts.length > 0 ? (
            <ul
              className="divide-y divide-slate-200 rounded-lg border border-slate-200"
              data-testid="meta-ad-accounts"
            >
              {accounts.data.adAccounts.map((account) => (
                <li
                  key={account.id}
                  className="flex flex-col gap-1 p-3 sm:flex-row sm:items-center sm:justify-between"
                >
                  <div className="min-w-0">
                    <p className="truncate text-sm font-medium text-slate-900">{account.name}</p>
                    <p className="font-mono text-xs text-slate-600">{account.id}</p>
                  </div>
                  <div className="flex flex-wrap items-center gap-2 text-xs text-slate-700">
                    <span>{account.currency}</span>
                    <span aria-hidden="true">·</span>
                    <span>Spent {formatMoney(account.amountSpent, account.currency)}</span>
                    {account.spendCap !== null && (
                      <>
                        <span aria-hidden="true">·</span>
                        <span>Limit {formatMoney(account.spendCap, account.currency)}</span>
                      </>
                    )}
                    <Badge variant={account.status === 'ACTIVE' ? 'success' : 'warning'}>
                      {account.status}
                    </Badge>
                  </div>
                </li>
              ))}
            </ul>
          ) : (
            <p className="text-sm text-slate-600">
              This Meta account has no ad accounts you can manage.
            </p>
          )}
        </section>
      )}
    </div>
  )
}

/**
 * The Meta card. `failed`: the status could not be loaded (the page's alert says so); the card
 * then claims neither Connected nor Not Connected and offers no connect or disconnect.
 */
function MetaCard({
  status,
  loading,
  failed,
}: {
  status: MetaStatus | undefined
  loading: boolean
  failed: boolean
}) {
  const [connecting, setConnecting] = useState(false)
  const disconnect = useDisconnectMeta()
  const [confirmDisconnect, setConfirmDisconnect] = useState(false)
  const productFeatures = useProductFeatures()
  const connect = () => {
    setConnecting(true)
    window.location.href = OAUTH_START
  }
  const connected = Boolean(status?.connected)

  return (
    <Card data-testid="meta-card">
      <CardHeader className="flex-row items-start gap-4">
        <MetaLogo />
        <div className="grid flex-1 gap-1">
          <div className="flex flex-wrap items-center gap-2">
            <CardTitle as="h2">Meta</CardTitle>
            {!loading &&
              !failed &&
              (connected ? (
                <Badge variant="success">
                  <CheckCircle2 aria-hidden="true" className="size-3" />
                  Connected
                </Badge>
              ) : (
                <Badge variant="secondary">Not Connected</Badge>
              ))}
            {status?.reconnectRequired && <Badge variant="destructive">Reconnect needed</Badge>}
            {status?.sandbox && (
              <Badge
                variant="warning"
                title="A local sandbox stands in for Meta: nothing reaches Facebook."
              >
                <FlaskConical aria-hidden="true" className="size-3" />
                Sandbox
              </Badge>
            )}
          </div>
          <CardDescription>Facebook and Instagram ads</CardDescription>
        </div>
      </CardHeader>
      <CardContent className="grid gap-5">
        {loading ? (
          <div className="grid gap-2" aria-busy="true">
            <Skeleton className="h-4 w-2/3" />
            <Skeleton className="h-4 w-1/2" />
          </div>
        ) : failed ? (
          <p className="text-sm text-slate-600" data-testid="meta-card-unavailable">
            The connection's details appear here once its status loads.
          </p>
        ) : connected && status ? (
          <>
            <ConnectedDetails status={status} />
            <div className="flex flex-wrap gap-2">
              <Button
                type="button"
                variant="outline"
                className="border-red-300 text-red-700 hover:bg-red-50"
                onClick={() => setConfirmDisconnect(true)}
                disabled={disconnect.isPending}
              >
                {disconnect.isPending ? (
                  <Loader2 className="animate-spin" aria-hidden="true" />
                ) : (
                  <Unplug aria-hidden="true" />
                )}
                Disconnect
              </Button>
              <Button
                type="button"
                variant={status.reconnectRequired ? 'default' : 'outline'}
                onClick={connect}
                disabled={connecting}
              >
                {connecting ? (
                  <Loader2 className="animate-spin" aria-hidden="true" />
                ) : (
                  <RefreshCw aria-hidden="true" />
                )}
                Reconnect
              </Button>
            </div>
          </>
        ) : (
          <>
            <ul className="grid gap-2 text-sm text-slate-700">
              {BENEFITS.map(({ text, feature }) => {
                const soon = feature !== undefined && !productFeatures[feature]
                return (
                  <li key={text} className="flex gap-2">
                    {soon ? (
                      <Clock aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-slate-400" />
                    ) : (
                      <CheckCircle2
                        aria-hidden="true"
                        className="mt-0.5 size-4 shrink-0 text-emerald-600"
                      />
                    )}
                    <span>
                      {text}
                      {soon && (
                        <>
                          {' '}
                          <Badge variant="outline" data-testid={`benefit-${feature}-soon`}>
                            Coming Soon
                          </Badge>
                        </>
                      )}
                    </span>
                  </li>
                )
              })}
            </ul>
            <div>
              <Button type="button" onClick={connect} disabled={connecting}>
                {connecting ? (
                  <Loader2 className="animate-spin" aria-hidden="true" />
                ) : (
                  <Link2 aria-hidden="true" />
                )}
                {connecting ? 'Connecting...' : 'Connect Meta Account'}
              </Button>
            </div>
          </>
        )}
      </CardContent>
      <ConfirmDialog
        open={confirmDisconnect}
        onOpenChange={setConfirmDisconnect}
        title="Disconnect Meta?"
        description={
          <>
            Adrelay deletes its stored Meta access token and asks Meta to remove its access. Your
            API keys, MCP clients and workflows get <code>meta_not_connected</code> until you
            connect again. Nothing changes in your ad accounts.
          </>
        }
        confirmLabel="Disconnect"
        onConfirm={() => disconnect.mutate()}
      />
    </Card>
  )
}

function ComingSoonCard({
  name,
  description,
  mark,
  color,
}: {
  name: string
  description: string
  mark: string
  color: string
}) {
  return (
    <Card aria-disabled="true" className="opacity-60 grayscale" data-testid={`coming-soon-${name}`}>
      <CardHeader className="flex-row items-start gap-4">
        <span
          aria-hidden="true"
          className={`flex size-10 items-center justify-center rounded-lg text-sm font-bold text-white ${color}`}
        >
          {mark}
        </span>
        <div className="grid flex-1 gap-1">
          <div className="flex flex-wrap items-center gap-2">
            <CardTitle as="h2">{name}</CardTitle>
            <Badge variant="outline">Coming Soon</Badge>
          </div>
          <CardDescription>{description}</CardDescription>
        </div>
      </CardHeader>
    </Card>
  )
}

/** Integrations (spec §2): the Meta connection, and Google Ads / TikTok Ads coming soon. */
export default function Integrations({ metaSandbox }: { metaSandbox?: boolean }) {
  const user = useSessionUser()
  const queryClient = useQueryClient()
  const status = useMetaStatus(Boolean(user))

  useReturnToast(() => {
    void queryClient.invalidateQueries({ queryKey: META_STATUS_KEY })
  })

  if (!user) return <SignInRedirect title="Integrations" />

  return (
    <>
      <Head title="Integrations" />
      <PageHeader
        title="Integrations"
        description="Connect your advertising accounts to automate your campaigns."
      />
      <div className="grid gap-6">
        {status.isError && !isUnauthorizedError(status.error) && <MetaStatusError />}
        <MetaCard
          status={
            status.data
              ? { ...status.data, sandbox: status.data.sandbox || Boolean(metaSandbox) }
              : undefined
          }
          loading={status.isLoading}
          failed={status.isError && !status.data}
        />
        <div className="grid gap-6 md:grid-cols-2">
          <ComingSoonCard
            name="Google Ads"
            description="Search, Display and YouTube campaigns"
            mark="G"
            color="bg-[#4285f4]"
          />
          <ComingSoonCard
            name="TikTok Ads"
            description="TikTok in-feed and Spark Ads"
            mark="T"
            color="bg-slate-900"
          />
        </div>
      </div>
    </>
  )
}

Integrations.layout = (page: ReactNode) => <AppShell>{page}</AppShell>
