import { useState, type ReactNode } from 'react'
import { Head } from '@inertiajs/react'
import {
  Crown,
  Download,
  KeyRound,
  Loader2,
  LogOut,
  Settings2,
  ShieldAlert,
  ShieldCheck,
  Trash2,
  UserX,
} from 'lucide-react'
import AppShell, { PageHeader } from '~/layouts/app_shell'
import { Badge } from '~/components/ui/badge'
import { Button } from '~/components/ui/button'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '~/components/ui/card'
import { Input } from '~/components/ui/input'
import { Field } from '~/components/ui/field'
import { Skeleton } from '~/components/ui/skeleton'
import { ConfirmDialog } from '~/components/confirm_dialog'
import { CopyButton } from '~/components/copy_button'
import { NewApiKey } from '~/components/new_api_key'
import { CliSessionsCard } from '~/components/cli_sessions_card'
import { ClientKeyDialog } from '~/components/client_key_dialog'
import { Progress } from '~/components/ui/progress'
import { SignInRedirect } from '~/components/page_redirect'
import { PlanModal } from '~/components/plan_modal'
import { DeleteAccountDialog } from '~/components/delete_account_dialog'
import { OWN_ACCOUNT_URL, OWN_EXPORT_URL, useDownloadData } from '~/hooks/use_account_data'
import { toast } from '~/hooks/use_toast'
import { useSessionUser } from '~/hooks/use_session_user'
import {
  REVOKE_ALL_CONFIRM,
  REVOKE_ONE_CONFIRM,
  useApiKeys,
  useGenerateApiKey,
  useRevokeAllApiKeys,
  useRevokeApiKey,
} from '~/hooks/use_api_keys'
import { tokenDisplayName } from '~/lib/automation_rules'
import { monthYearLabel } from '~/lib/usage_rules'
import type { ListedApiKey } from '~/types'

/** What a new key is called unless the user names it (spec: 'API Key'). */
const DEFAULT_KEY_NAME = 'API Key'
/** Delay before leaving the page after the account is deleted, in ms (spec §9's 2 s reload). */
const RELOAD_DELAY_MS = 2000

function formatDate(iso: string | null) {
  if (!iso) return 'Never'
  return new Date(iso).toLocaleDateString('en-US', {
    year: 'numeric',
    month: 'short',
    day: 'numeric',
  })
}

function ReadOnlyField({ id, label, value }: { id: string; label: string; value: string }) {
  return (
    <Field id={id} label={label}>
      <Input id={id} value={value} readOnly />
    </Field>
  )
}

/** This month's calls through one key, against its own limit when it has one. */
function KeyUsage({ apiKey }: { apiKey: ListedApiKey }) {
  const used = apiKey.usage.toLocaleString('en-US')
  if (apiKey.monthlyLimit === null) {
    return (
      <p className="mt-1 text-xs text-slate-600" data-testid="api-key-usage">
        {used} requests this month · no limit of its own
      </p>
    )
  }
  const percent = Math.round((apiKey.usage / apiKey.monthlyLimit) * 100)
  const text = `${used} / ${apiKey.monthlyLimit.toLocaleString('en-US')} requests this month`
  return (
    <div className="mt-2 grid max-w-sm gap-1">
      <p className="text-xs text-slate-600" data-testid="api-key-usage">
        {text} ({percent}%)
      </p>
      <Progress
        value={percent}
        aria-label={`${tokenDisplayName(apiKey.name)}: ${text}`}
        indicatorClassName={
          percent >= 100 ? 'bg-red-600' : percent >= 80 ? 'bg-amber-500' : undefined
        }
      />
    </div>
  )
}

function KeyRow({
  apiKey,
  onRevoke,
  onEdit,
  revoking,
}: {
  apiKey: ListedApiKey
  onRevoke: () => void
  onEdit: () => void
  revoking: boolean
}) {
  const name = tokenDisplayName(apiKey.name)
  return (
    <li data-testid="api-key-row" className="flex flex-col gap-3 py-4 sm:flex-row sm:items-center">
      <div className="min-w-0 flex-1">
        <p className="flex flex-wrap items-center gap-2 font-medium text-slate-900">
          <span className="break-all" data-testid="api-key-name">
            {name}
          </span>
          {apiKey.label && (
            <Badge variant="secondary" className="max-w-full truncate" data-testid="api-key-label">
              {apiKey.label}
            </Badge>
          )}
        </p>
        <code
          className="mt-1 block truncate font-mono text-sm text-slate-700"
          data-testid="api-key-masked"
        >
          {apiKey.token}
        </code>
        <p className="mt-1 text-xs text-slate-600">
          Created {formatDate(apiKey.createdAt)} · Last used {formatDate(apiKey.lastUsedAt)}
        </p>
        <KeyUsage apiKey={apiKey} />
      </div>
      <div className="flex flex-wrap gap-2">
        <CopyButton
          text={apiKey.token}
          label={`Copy token ${name}`}
          testId={`copy-key-${apiKey.id}`}
        />
        <Button
          type="button"
          variant="outline"
          size="sm"
          onClick={onEdit}
          aria-label={`Client settings of ${name}`}
        >
          <Settings2 aria-hidden="true" />
          Client
        </Button>
        <Button
          type="button"
          variant="outline"
          size="sm"
          className="border-red-300 text-red-700 hover:bg-red-50"
          onClick={onRevoke}
          disabled={revoking}
          aria-label={`Revoke ${name}`}
        >
          <Trash2 aria-hidden="true" />
          Revoke
        </Button>
      </div>
    </li>
  )
}

function StatusRow({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="flex items-center justify-between gap-4 py-2">
      <dt className="text-sm text-slate-600">{label}</dt>
      <dd className="text-sm font-medium text-slate-900">{children}</dd>
    </div>
  )
}

/** Profile settings (spec §2 Profile). Signed out: 'Unauthorized' toast, then /api/login. */
export default function Profile() {
  const user = useSessionUser()
  const keys = useApiKeys(Boolean(user))
  const [newKey, setNewKey] = useState<string | null>(null)
  const [revokeTarget, setRevokeTarget] = useState<ListedApiKey | null>(null)
  const [editTarget, setEditTarget] = useState<ListedApiKey | null>(null)
  const [confirmAllOpen, setConfirmAllOpen] = useState(false)
  const [planOpen, setPlanOpen] = useState(false)
  const [keyName, setKeyName] = useState(DEFAULT_KEY_NAME)
  const generate = useGenerateApiKey((created) => {
    setNewKey(created.token)
    setKeyName(DEFAULT_KEY_NAME)
  })
  const revoke = useRevokeApiKey()
  const revokeAll = useRevokeAllApiKeys()
  const download = useDownloadData(OWN_EXPORT_URL)
  const [deleteOpen, setDeleteOpen] = useState(false)

  if (!user) return <SignInRedirect title="Profile" />

  const keyCount = keys.data?.length ?? user.apiTokensCount

  return (
    <>
      <Head title="Profile" />
      <PageHeader
        title="Profile Settings"
        description="Manage your account settings and API keys"
      />

      <div className="grid grid-cols-1 gap-6 lg:grid-cols-3">
        <div className="grid grid-cols-1 gap-6 lg:col-span-2">
          <Card>
            <CardHeader>
              <CardTitle as="h2">Personal Information</CardTitle>
              <CardDescription>Your account details from your sign-in provider</CardDescription>
            </CardHeader>
            <CardContent className="grid gap-4">
              <div className="grid gap-4 sm:grid-cols-2">
                <ReadOnlyField id="first-name" label="First Name" value={user.firstName ?? ''} />
                <ReadOnlyField id="last-name" label="Last Name" value={user.lastName ?? ''} />
              </div>
              <Field id="email" label="Email">
                <Input
                  id="email"
                  type="email"
                  value={user.email}
                  readOnly
                  aria-describedby="email-note"
                />
                <p id="email-note" className="text-xs text-slate-600">
                  Email cannot be changed as it is linked to your OAuth account.
                </p>
              </Field>
            </CardContent>
          </Card>

          <Card>
            <CardHeader>
              <CardTitle as="h2">API Keys</CardTitle>
              <CardDescription>Manage your API keys for accessing the platform</CardDescription>
            </CardHeader>
            <CardContent className="grid grid-cols-1 gap-4">
              <form
                className="flex flex-col gap-3 sm:flex-row sm:items-end"
                aria-label="Generate a new API key"
                onSubmit={(event) => {
                  event.preventDefault()
                  generate.mutate(keyName.trim() || DEFAULT_KEY_NAME)
                }}
              >
                <Field id="new-key-name" label="Key name" className="min-w-0 flex-1">
                  <Input
                    id="new-key-name"
                    value={keyName}
                    maxLength={100}
                    onChange={(event) => setKeyName(event.target.value)}
                  />
                </Field>
                <Button type="submit" disabled={generate.isPending}>
                  {generate.isPending ? (
                    <Loader2 className="animate-spin" aria-hidden="true" />
                  ) : (
                    <KeyRound aria-hidden="true" />
                  )}
                  {generate.isPending ? 'Generating...' : 'Generate New Key'}
                </Button>
              </form>
              <NewApiKey apiKey={newKey} onDismiss={() => setNewKey(null)} />
              {keys.isPending && (
                <div className="grid gap-3" aria-label="Loading API keys" aria-busy="true">
                  <Skeleton className="h-16 w-full" />
                  <Skeleton className="h-16 w-full" />
                </div>
              )}
              {keys.isError && (
                <p role="alert" className="text-sm text-red-700">
                  {keys.error.message}
                </p>
              )}
              {keys.data && keys.data.length === 0 && (
                <div className="grid place-items-center rounded-lg border border-dashed border-slate-300 py-8 text-center">
                  <KeyRound className="mb-2 size-6 text-slate-400" aria-hidden="true" />
                  <p className="text-sm text-slate-700">No API keys yet</p>
                </div>
              )}
              {keys.data && keys.data.length > 0 && (
                <ul className="divide-y divide-slate-100" aria-label="API keys">
                  {keys.data.map((apiKey) => (
                    <KeyRow
                      key={apiKey.id}
                      apiKey={apiKey}
                      revoking={revoke.isPending && revoke.variables === apiKey.id}
                      onRevoke={() => setRevokeTarget(apiKey)}
                      onEdit={() => setEditTarget(apiKey)}
                    />
                  ))}
                </ul>
              )}
            </CardContent>
          </Card>

          <ClientKeyDialog
            apiKey={editTarget}
            quota={user.subscription.plan.requestLimit}
            onClose={() => setEditTarget(null)}
          />

          <CliSessionsCard />
        </div>

        <div className="grid grid-cols-1 content-start gap-6">
          <Card>
            <CardHeader>
              <CardTitle as="h2">Account Status</CardTitle>
            </CardHeader>
            <CardContent>
              <dl className="divide-y divide-slate-100">
                <StatusRow label="Plan">
                  <Badge
                    variant={user.entitled ? 'default' : 'secondary'}
                    data-testid="profile-plan"
                  >
                    {user.subscription.plan.name}
                  </Badge>
                </StatusRow>
                <StatusRow label="Member since">{monthYearLabel(user.createdAt)}</StatusRow>
                <StatusRow label="API Keys">
                  <span data-testid="profile-key-count">{keyCount}</span>
                </StatusRow>
              </dl>
              <Button type="button" className="mt-4 w-full" onClick={() => setPlanOpen(true)}>
                <Crown aria-hidden="true" />
                Upgrade Plan
              </Button>
            </CardContent>
          </Card>

          <Card>
            <CardHeader>
              <CardTitle as="h2">Security</CardTitle>
            </CardHeader>
            <CardContent className="grid gap-4">
              <div className="flex items-start gap-3">
                <ShieldCheck
                  className="mt-0.5 size-5 shrink-0 text-emerald-600"
                  aria-hidden="true"
                />
                <div>
                  <h3 className="text-sm font-medium text-slate-900">OAuth Login</h3>
                  <p className="text-sm text-slate-600">Google account connected</p>
                </div>
              </div>
              <div className="flex items-start gap-3">
                <ShieldAlert
                  className="mt-0.5 size-5 shrink-0 text-indigo-600"
                  aria-hidden="true"
                />
                <div>
                  <h3 className="text-sm font-medium text-slate-900">Session Security</h3>
                  <p className="text-sm text-slate-600">
                    Revoking all sessions revokes every API key and signs you out on your other
                    devices.
                  </p>
                </div>
              </div>
              <Button
                type="button"
                variant="destructive"
                onClick={() => setConfirmAllOpen(true)}
                disabled={revokeAll.isPending}
              >
                {revokeAll.isPending && <Loader2 className="animate-spin" aria-hidden="true" />}
                Revoke All Sessions
              </Button>
              <Button asChild variant="outline">
                <a href="/api/logout">
                  <LogOut aria-hidden="true" />
                  Logout
                </a>
              </Button>
            </CardContent>
          </Card>

          <Card>
            <CardHeader>
              <CardTitle as="h2">Your Data</CardTitle>
              <CardDescription className="mt-1.5">
                What Adrelay holds about you is listed on the{' '}
                <a href="/privacy" className="font-medium text-indigo-700 underline">
                  privacy page
                </a>
                .
              </CardDescription>
            </CardHeader>
            <CardContent className="grid gap-3">
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
                {download.isPending ? 'Preparing download...' : 'Download my data'}
              </Button>
              <p className="text-xs text-slate-600">
                A JSON file with your account, plan, keys and CLI sessions (never the keys
                themselves), call log, Meta connection (never the token), rules, alerts, leads,
                embeds, invitation codes and audit entries.
              </p>
              <Button type="button" variant="destructive" onClick={() => setDeleteOpen(true)}>
                <UserX aria-hidden="true" />
                Delete my account
              </Button>
            </CardContent>
          </Card>
        </div>
      </div>

      <ConfirmDialog
        open={revokeTarget !== null}
        onOpenChange={(open) => !open && setRevokeTarget(null)}
        title={`Revoke “${tokenDisplayName(revokeTarget?.name)}”?`}
        description={REVOKE_ONE_CONFIRM}
        confirmLabel="Revoke"
        onConfirm={() => {
          if (revokeTarget) revoke.mutate(revokeTarget.id)
          setRevokeTarget(null)
        }}
      />
      <ConfirmDialog
        open={confirmAllOpen}
        onOpenChange={setConfirmAllOpen}
        title="Revoke All Sessions"
        description={REVOKE_ALL_CONFIRM}
        confirmLabel="Revoke All"
        onConfirm={() => revokeAll.mutate()}
      />
      <DeleteAccountDialog
        open={deleteOpen}
        onOpenChange={setDeleteOpen}
        email={user.email}
        url={OWN_ACCOUNT_URL}
        title="Delete my account"
        confirmLabel="Delete my account"
        description={
          <>
            <p>
              This cancels your subscription at Stripe, disconnects Meta (revoking Adrelay's access
              there), and deletes your account, API keys, CLI sessions, call log and usage. It
              cannot be undone.
            </p>
            <p>Download your data first if you want to keep a copy.</p>
          </>
        }
        onDeleted={() => {
          toast({ title: 'Account Deleted', description: 'Your account and its data are gone.' })
          setTimeout(() => window.location.assign('/'), RELOAD_DELAY_MS)
        }}
      />
      <PlanModal open={planOpen} onOpenChange={setPlanOpen} />
    </>
  )
}

Profile.layout = (page: ReactNode) => <AppShell>{page}</AppShell>
