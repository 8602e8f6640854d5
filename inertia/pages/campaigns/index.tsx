import { lazy, Suspense, useEffect, useState, type ReactNode } from 'react'
import { Head, Link } from '@inertiajs/react'
import { AlertTriangle, FlaskConical, Link2, Plus, RefreshCw } from 'lucide-react'
import AppShell, { PageHeader } from '~/layouts/app_shell'
import { Alert, AlertDescription, AlertTitle } from '~/components/ui/alert'
import { Badge } from '~/components/ui/badge'
import { Button } from '~/components/ui/button'
import { buttonVariants } from '~/components/ui/button_variants'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '~/components/ui/card'
import { Skeleton } from '~/components/ui/skeleton'
import { MetaStatusError } from '~/components/meta_status_error'
import { SignInRedirect } from '~/components/page_redirect'
import {
  CampaignTree,
  type TreeObject,
  type WriteRequest,
} from '~/components/campaigns/campaign_tree'
import { FailureAlert, WritePreviewDialog } from '~/components/campaigns/write_preview'
import { useSessionUser } from '~/hooks/use_session_user'
import { useMetaAdAccounts, useMetaStatus } from '~/hooks/use_meta_connection'
import { useCampaigns } from '~/hooks/use_campaigns'
import { isUnauthorizedError } from '~/lib/call_errors'
import { actionFailure, DATE_PRESET_LABELS } from '~/lib/campaigns'
import type { PromotedObjectKind } from '~/types'

const NewCampaignWizard = lazy(() => import('~/components/campaigns/new_campaign_wizard'))
// Its daily chart brings recharts: loaded after the page has rendered (closed, it shows nothing).
const DetailDrawer = lazy(() =>
  import('~/components/campaigns/detail_drawer').then((module) => ({
    default: module.DetailDrawer,
  }))
)

/** Where Connect / Reconnect go: the OAuth start (a full-page redirect, spec §4). */
const OAUTH_START = '/meta/oauth/start'

export interface CampaignsPageProps {
  metaSandbox: boolean
  objectives: string[]
  specialAdCategories: string[]
  callToActions: string[]
  /** What an ad set of each objective promotes: a pixel, a Page, an app, or nothing. */
  promotedObjects: Record<string, PromotedObjectKind | null>
  conversionEvents: string[]
  datePresets: string[]
  imageMaxBytes: number
}

function StateCard({
  title,
  description,
  action,
  testId,
}: {
  title: string
  description: ReactNode
  action?: ReactNode
  testId: string
}) {
  return (
    <Card data-testid={testId}>
      <CardHeader>
        <CardTitle as="h2">{title}</CardTitle>
        <CardDescription>{description}</CardDescription>
      </CardHeader>
      {action && <CardContent>{action}</CardContent>}
    </Card>
  )
}

function ConnectButton({ label }: { label: string }) {
  return (
    <a href={OAUTH_START} className={buttonVariants()}>
      {label === 'Reconnect' ? <RefreshCw aria-hidden="true" /> : <Link2 aria-hidden="true" />}
      {label}
    </a>
  )
}

/** The ad account picker: remembered per browser so a reload keeps the account. */
function useSelectedAccount(accountIds: string[] | undefined) {
  const [selected, setSelected] = useState<string | null>(null)
  useEffect(() => {
    if (!accountIds || accountIds.length === 0) return
    if (selected && accountIds.includes(selected)) return
    const remembered =
      typeof window === 'undefined' ? null : window.localStorage.getItem('adrelay.adAccount')
    setSelected(remembered && accountIds.includes(remembered) ? remembered : accountIds[0])
  }, [accountIds, selected])
  const choose = (id: string) => {
    setSelected(id)
    window.localStorage.setItem('adrelay.adAccount', id)
  }
  return [selected, choose] as const
}

/**
 * Campaigns (issue 15): an ad account's campaigns → ad sets → ads with delivery switches,
 * budgets editable in place, insights columns per date preset, a detail drawer with a daily
 * chart, duplicate and archive, and the New campaign wizard. Every write is previewed (the exact
 * Graph requests, before → after) and confirmed, through the same published actions as the API.
 */
export default function Campaigns(props: CampaignsPageProps) {
  const user = useSessionUser()
  const status = useMetaStatus(Boolean(user))
  const ready = Boolean(status.data?.connected && !status.data.reconnectRequired)
  const accounts = useMetaAdAccounts(ready)
  const accountIds = accounts.data?.adAccounts.map((account) => account.id)
  const [adAccountId, setAdAccountId] = useSelectedAccount(accountIds)
  const account = accounts.data?.adAccounts.find((item) => item.id === adAccountId)
  const campaigns = useCampaigns(ready ? adAccountId : null)
  const [datePreset, setDatePreset] = useState('last_7d')
  const [write, setWrite] = useState<WriteRequest | null>(null)
  const [details, setDetails] = useState<TreeObject | null>(null)
  const [wizardOpen, setWizardOpen] = useState(false)

  if (!user) return <SignInRedirect title="Campaigns" />

  const canWrite = user.features.includes('automation_tools')
  const sandbox = props.metaSandbox || Boolean(status.data?.sandbox)

  let body: ReactNode
  if (status.isLoading) {
    body = (
      <div className="grid gap-3" aria-busy="true" data-testid="campaigns-loading">
        <Skeleton className="h-10 w-64" />
        <Skeleton className="h-64 w-full" />
      </div>
    )
  } else if (status.isError) {
    body = isUnauthorizedError(status.error) ? null : <MetaStatusError />
  } else if (!status.data?.connected) {
    body = (
      <StateCard
        testId="campaigns-not-connected"
        title="Connect your Meta ads account"
        description="Campaigns shows your Meta campaigns, ad sets and ads once your Meta ads account is connected."
        action={<ConnectButton label="Connect Meta Account" />}
      />
    )
  } else if (status.data.reconnectRequired) {
    body = (
      <StateCard
        testId="campaigns-reconnect"
        title="Reconnect needed"
        description="Meta no longer accepts this connection (the token expired or was revoked). Reconnect to see and manage your campaigns."
        action={<ConnectButton label="Reconnect" />}
      />
    )
  } else if (accounts.isLoading) {
    body = <Skeleton className="h-64 w-full" data-testid="campaigns-loading" />
  } else if (accounts.isError) {
    body = <FailureAlert failure={actionFailure(accounts.error)} />
  } else if (!accountIds || accountIds.length === 0) {
    body = (
      <StateCard
        testId="campaigns-no-accounts"
        title="No ad accounts"
        description="This Meta account has no ad accounts you can manage. Ask the account's admin to give you access in Meta Business Settings."
      />
    )
  } else {
    body = (
      <div className="grid min-w-0 grid-cols-1 gap-4">
        <div className="flex flex-col gap-3 sm:flex-row sm:flex-wrap sm:items-end">
          <div className="grid min-w-0 gap-1.5">
            <label htmlFor="ad-account" className="text-sm font-medium text-slate-800">
              Ad account
            </label>
            <select
              id="ad-account"
              value={adAccountId ?? ''}
              onChange={(event) => setAdAccountId(event.target.value)}
              className="h-10 w-full max-w-full min-w-0 truncate rounded-lg border border-slate-300 bg-white px-3 text-sm sm:w-80"
            >
              {accounts.data!.adAccounts.map((item) => (
                <option key={item.id} value={item.id}>
                  {item.name} ({item.id}, {item.currency})
                </option>
              ))}
            </select>
          </div>
          <div className="grid gap-1.5">
            <label htmlFor="date-preset" className="text-sm font-medium text-slate-800">
              Period
            </label>
            <select
              id="date-preset"
              value={datePreset}
              onChange={(event) => setDatePreset(event.target.value)}
              className="h-10 w-full rounded-lg border border-slate-300 bg-white px-3 text-sm sm:w-44"
            >
              {props.datePresets.map((preset) => (
                <option key={preset} value={preset}>
                  {DATE_PRESET_LABELS[preset] ?? preset}
                </option>
              ))}
            </select>
          </div>
        </div>

        {!canWrite && (
          <Alert variant="info" data-testid="campaigns-read-only">
            <AlertTriangle aria-hidden="true" />
            <div>
              <AlertTitle>Read-only on the Free plan</AlertTitle>
              <AlertDescription>
                Pausing, budgets, duplicates and new campaigns need a paid plan.{' '}
                <Link href="/subscription" className="font-medium underline">
                  See plans
                </Link>
              </AlertDescription>
            </div>
          </Alert>
        )}

        {campaigns.isLoading ? (
          <Skeleton className="h-64 w-full" data-testid="campaigns-loading" />
        ) : campaigns.isError ? (
          <FailureAlert failure={actionFailure(campaigns.error)} />
        ) : campaigns.data && campaigns.data.campaigns.length === 0 ? (
          <StateCard
            testId="campaigns-empty"
            title="No campaigns yet"
            description={`${account?.name ?? 'This ad account'} has no campaigns. Create one with New campaign: it starts paused until you publish it.`}
          />
        ) : campaigns.data && adAccountId ? (
          <CampaignTree
            adAccountId={adAccountId}
            campaigns={campaigns.data.campaigns}
            datePreset={datePreset}
            handlers={{ onWrite: setWrite, onDetails: setDetails }}
          />
        ) : null}
      </div>
    )
  }

  return (
    <>
      <Head title="Campaigns" />
      <PageHeader
        title={
          <span className="flex flex-wrap items-center gap-2">
            Campaigns
            {sandbox && (
              <Badge
                variant="warning"
                title="A local sandbox stands in for Meta: nothing reaches Facebook."
              >
                <FlaskConical aria-hidden="true" className="size-3" />
                Sandbox
              </Badge>
            )}
          </span>
        }
        description="Your Meta campaigns, ad sets and ads. Every change is previewed before it reaches Meta."
        actions={
          ready && adAccountId && account && canWrite ? (
            <Button type="button" onClick={() => setWizardOpen(true)}>
              <Plus aria-hidden="true" />
              New campaign
            </Button>
          ) : undefined
        }
      />
      {body}
      {write && (
        <WritePreviewDialog
          open={write !== null}
          onOpenChange={(open) => !open && setWrite(null)}
          title={write.title}
          action={write.action}
          input={write.input}
          confirmLabel={write.confirmLabel}
          successTitle={write.successTitle}
          destructive={write.destructive}
        />
      )}
      <Suspense fallback={null}>
        <DetailDrawer object={details} datePreset={datePreset} onClose={() => setDetails(null)} />
      </Suspense>
      {wizardOpen && adAccountId && account && (
        <Suspense fallback={null}>
          <NewCampaignWizard
            open={wizardOpen}
            onOpenChange={setWizardOpen}
            adAccountId={adAccountId}
            currency={account.currency}
            objectives={props.objectives}
            specialAdCategories={props.specialAdCategories}
            callToActions={props.callToActions}
            promotedObjects={props.promotedObjects}
            conversionEvents={props.conversionEvents}
            imageMaxBytes={props.imageMaxBytes}
          />
        </Suspense>
      )}
    </>
  )
}

Campaigns.layout = (page: ReactNode) => <AppShell>{page}</AppShell>
