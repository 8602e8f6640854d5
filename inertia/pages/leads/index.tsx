import { useState, type ReactNode } from 'react'
import { Head, Link } from '@inertiajs/react'
import { ChevronLeft, ChevronRight, Download, Inbox, Loader2, Trash2 } from 'lucide-react'
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
import {
  useCreateLeadForwarding,
  useDeleteLeadForwarding,
  useLeadDeliveries,
  useLeadForms,
  useLeadForwardings,
  useLeads,
} from '~/hooks/use_leads'
import { ApiError } from '~/lib/api'
import { formatDateTime } from '~/lib/format'
import { cn } from '~/lib/utils'
import type { CreatedLeadForwarding, LeadFormList, LeadsPageProps } from '~/types'

type LeadForm = LeadFormList['forms'][number]

function Loading() {
  return (
    <div className="grid gap-3" role="status" aria-label="Loading">
      <Skeleton className="h-12" />
      <Skeleton className="h-12" />
      <Skeleton className="h-12" />
    </div>
  )
}

function LoadError({ what, error, retry }: { what: string; error: unknown; retry: () => void }) {
  const detail = error instanceof ApiError ? error.serverMessage : undefined
  return (
    <div
      role="alert"
      className="rounded-lg border border-red-200 bg-red-50 p-4 text-sm text-red-800"
    >
      <p>{what} could not be loaded.</p>
      {detail && <p className="mt-1 [overflow-wrap:anywhere]">{detail}</p>}
      <Button variant="outline" size="sm" className="mt-2" onClick={retry}>
        Try again
      </Button>
    </div>
  )
}

function Empty({ children }: { children: ReactNode }) {
  return (
    <div className="py-10 text-center text-sm text-slate-600">
      <Inbox className="mx-auto mb-2 size-6 text-slate-400" aria-hidden="true" />
      {children}
    </div>
  )
}

/** Why the Meta-backed tabs cannot load, or null when they can. */
function MetaNotice({ meta }: { meta: LeadsPageProps['meta'] }) {
  if (meta.status === 'not_connected') {
    return (
      <Card data-testid="leads-meta-notice">
        <CardHeader>
          <CardTitle>Connect Meta to see your leads</CardTitle>
          <CardDescription>
            Leads come from the Lead Ads forms of the Facebook Pages your ad accounts promote.
          </CardDescription>
        </CardHeader>
        <CardContent>
          <Link href="/integrations" className="font-medium text-indigo-700 hover:underline">
            Go to Integrations
          </Link>
        </CardContent>
      </Card>
    )
  }
  if (meta.status === 'reconnect_required' || meta.leadAccess === 'missing') {
    return (
      <Card data-testid="leads-meta-notice" className="border-amber-300 bg-amber-50">
        <CardHeader>
          <CardTitle>Reconnect Meta to allow lead access</CardTitle>
          <CardDescription className="text-amber-900">
            {meta.status === 'reconnect_required'
              ? 'Meta no longer accepts your connection.'
              : 'Your Meta connection was made without the leads_retrieval permission.'}{' '}
            Reconnecting asks Meta for leads_retrieval, pages_show_list, pages_read_engagement and
            pages_manage_ads.
          </CardDescription>
        </CardHeader>
        <CardContent>
          {/* A full-page visit: the connect flow redirects to Meta. */}
          <Button asChild>
            <a href="/meta/oauth/start">Reconnect Meta</a>
          </Button>
        </CardContent>
      </Card>
    )
  }
  return null
}

function FormsTab({ enabled }: { enabled: boolean }) {
  const { data, isPending, isError, error, refetch } = useLeadForms(enabled, true)
  if (isPending) return <Loading />
  if (isError) return <LoadError what="Lead forms" error={error} retry={() => refetch()} />
  return (
    <Card>
      <CardHeader>
        <CardTitle>Lead forms</CardTitle>
        <CardDescription>
          Instant forms on the Pages your ad accounts promote. New leads are fetched every 15
          minutes and when you open the Leads tab.
        </CardDescription>
      </CardHeader>
      <CardContent>
        {data.forms.length === 0 ? (
          <Empty>No lead forms on your Pages yet.</Empty>
        ) : (
          <ul className="divide-y divide-slate-100" data-testid="lead-forms">
            {data.forms.map((form) => (
              <li key={form.id} className="grid gap-1 py-3 text-sm sm:grid-cols-[1fr_auto]">
                <div className="min-w-0">
                  <p className="font-medium text-slate-900 [overflow-wrap:anywhere]">
                    {form.name}{' '}
                    {form.status !== 'ACTIVE' && <Badge variant="secondary">{form.status}</Badge>}
                  </p>
                  <p className="text-slate-600 [overflow-wrap:anywhere]">
                    {form.pageName} · form {form.id}
                  </p>
                </div>
                <p className="text-slate-700 sm:text-right">
                  {form.storedLeads} lead{form.storedLeads === 1 ? '' : 's'} in Adrelay
                  {form.leadsCount !== null && ` · ${form.leadsCount} on Meta`}
                  <br />
                  <span className="text-slate-500">
                    Last lead: {form.lastLeadAt ? formatDateTime(form.lastLeadAt) : 'none yet'}
                  </span>
                </p>
              </li>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  )
}

function LeadsTab({ enabled, retentionDays }: { enabled: boolean; retentionDays: number }) {
  const forms = useLeadForms(enabled)
  const [formId, setFormId] = useState('')
  // Cursors of the pages before the current one (a stack), and the current page's cursor.
  const [history, setHistory] = useState<Array<number | null>>([])
  const [before, setBefore] = useState<number | null>(null)
  const { data, isPending, isError, error, refetch, isFetching } = useLeads(enabled, formId, before)
  const formName = (id: string) => forms.data?.forms.find((form) => form.id === id)?.name ?? id
  const exportHref = `/api/leads/export.csv${formId ? `?formId=${formId}` : ''}`

  function chooseForm(id: string) {
    setFormId(id)
    setHistory([])
    setBefore(null)
  }

  return (
    <Card>
      <CardHeader className="flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between">
        <div className="min-w-0">
          <CardTitle>Leads</CardTitle>
          <CardDescription>
            Newest first, with each person’s answers. Kept {retentionDays} days.
          </CardDescription>
        </div>
        <div className="flex flex-wrap items-end gap-2">
          <Field id="leads-form-filter" label="Form">
            <select
              id="leads-form-filter"
              value={formId}
              onChange={(event) => chooseForm(event.target.value)}
              className="h-10 max-w-full rounded-lg border border-slate-300 bg-white px-3 text-sm"
            >
              <option value="">All forms</option>
              {(forms.data?.forms ?? []).map((form: LeadForm) => (
                <option key={form.id} value={form.id}>
                  {form.name}
                </option>
              ))}
            </select>
          </Field>
          <Button variant="outline" asChild>
            <a href={exportHref} download>
              <Download aria-hidden="true" />
              Export CSV
            </a>
          </Button>
        </div>
      </CardHeader>
      <CardContent>
        {isPending ? (
          <Loading />
        ) : isError ? (
          <LoadError what="Leads" error={error} retry={() => refetch()} />
        ) : data.leads.length === 0 && history.length === 0 ? (
          <Empty>
            No leads yet{formId ? ' on this form' : ''}. They appear here as people submit your
            forms.
          </Empty>
        ) : (
          <>
            <div className="overflow-x-auto">
              <table className="w-full text-sm" data-testid="leads-table">
                <thead>
                  <tr className="text-left text-slate-600">
                    <th className="py-2 pr-3 font-medium">Received</th>
                    <th className="py-2 pr-3 font-medium">Form</th>
                    <th className="py-2 font-medium">Answers</th>
                  </tr>
                </thead>
                <tbody className="divide-y divide-slate-100 align-top">
                  {data.leads.map((lead) => (
                    <tr key={lead.id} data-testid="lead-row">
                      <td className="py-2 pr-3 text-slate-700">
                        {formatDateTime(lead.createdTime)}
                      </td>
                      <td className="py-2 pr-3 text-slate-700 [overflow-wrap:anywhere]">
                        {formName(lead.formId)}
                      </td>
                      <td className="py-2">
                        <dl className="grid gap-0.5">
                          {lead.fieldData.map((field) => (
                            <div key={field.name} className="[overflow-wrap:anywhere]">
                              <dt className="inline text-slate-500">{field.name}: </dt>
                              <dd className="inline text-slate-900">{field.values.join(', ')}</dd>
                            </div>
                          ))}
                        </dl>
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
            {(history.length > 0 || data.nextCursor !== null) && (
              <nav
                aria-label="Leads pages"
                className="mt-4 flex items-center justify-end gap-2 text-sm"
              >
                {isFetching && <Loader2 className="size-4 animate-spin" aria-label="Loading" />}
                <Button
                  variant="outline"
                  size="sm"
                  disabled={history.length === 0}
                  onClick={() => {
                    setBefore(history[history.length - 1] ?? null)
                    setHistory(history.slice(0, -1))
                  }}
                >
                  <ChevronLeft aria-hidden="true" />
                  Newer
                </Button>
                <Button
                  variant="outline"
                  size="sm"
                  disabled={data.nextCursor === null}
                  onClick={() => {
                    setHistory([...history, before])
                    setBefore(data.nextCursor)
                  }}
                >
                  Older
                  <ChevronRight aria-hidden="true" />
                </Button>
              </nav>
            )}
          </>
        )}
      </CardContent>
    </Card>
  )
}

function ForwardingTab({ formsEnabled }: { formsEnabled: boolean }) {
  const forms = useLeadForms(formsEnabled)
  const { data, isPending, isError, error, refetch } = useLeadForwardings(true)
  const [created, setCreated] = useState<CreatedLeadForwarding | null>(null)
  const [name, setName] = useState('')
  const [url, setUrl] = useState('')
  const [allForms, setAllForms] = useState(true)
  const [chosen, setChosen] = useState<string[]>([])
  const [deleting, setDeleting] = useState<number | null>(null)
  const create = useCreateLeadForwarding((answer) => {
    setCreated(answer)
    setName('')
    setUrl('')
    setChosen([])
    setAllForms(true)
  })
  const remove = useDeleteLeadForwarding()
  const formName = (id: string) => forms.data?.forms.find((form) => form.id === id)?.name ?? id

  return (
    <div className="grid gap-6 [&>*]:min-w-0">
      <Card>
        <CardHeader>
          <CardTitle>Forward leads to a webhook</CardTitle>
          <CardDescription>
            Each new lead, with its answers, is POSTed as JSON to n8n, Zapier or your CRM, signed
            with HMAC-SHA256 (header Adrelay-Signature). Failed calls are retried with backoff.
          </CardDescription>
        </CardHeader>
        <CardContent>
          <form
            className="grid gap-4"
            onSubmit={(event) => {
              event.preventDefault()
              create.mutate({
                name: name.trim() || 'Lead webhook',
                url: url.trim(),
                ...(allForms ? {} : { formIds: chosen }),
              })
            }}
          >
            <div className="grid gap-4 sm:grid-cols-2">
              <Field id="forwarding-name" label="Name">
                <Input
                  id="forwarding-name"
                  value={name}
                  onChange={(event) => setName(event.target.value)}
                />
              </Field>
              <Field id="forwarding-url" label="URL">
                <Input
                  id="forwarding-url"
                  type="url"
                  required
                  placeholder="https://n8n.example.com/webhook/…"
                  value={url}
                  onChange={(event) => setUrl(event.target.value)}
                />
              </Field>
            </div>
            <fieldset className="grid gap-2 text-sm">
              <legend className="mb-1 font-medium text-slate-900">Forms</legend>
              <label className="flex items-center gap-2">
                <input
                  type="radio"
                  name="forwarding-scope"
                  className="size-4 accent-indigo-600"
                  checked={allForms}
                  onChange={() => setAllForms(true)}
                />
                Every form
              </label>
              <label className="flex items-center gap-2">
                <input
                  type="radio"
                  name="forwarding-scope"
                  className="size-4 accent-indigo-600"
                  checked={!allForms}
                  disabled={!forms.data || forms.data.forms.length === 0}
                  onChange={() => setAllForms(false)}
                />
                Chosen forms
              </label>
              {!allForms && (
                <div className="ml-6 grid gap-1">
                  {(forms.data?.forms ?? []).map((form) => (
                    <label key={form.id} className="flex min-w-0 items-center gap-2">
                      <input
                        type="checkbox"
                        className="size-4 shrink-0 accent-indigo-600"
                        checked={chosen.includes(form.id)}
                        onChange={(event) =>
                          setChosen(
                            event.target.checked
                              ? [...chosen, form.id]
                              : chosen.filter((id) => id !== form.id)
                          )
                        }
                      />
                      <span className="[overflow-wrap:anywhere]">
                        {form.name} <span className="text-slate-500">({form.pageName})</span>
                      </span>
                    </label>
                  ))}
                </div>
              )}
            </fieldset>
            <div>
              <Button
                type="submit"
                disabled={
                  create.isPending || url.trim() === '' || (!allForms && chosen.length === 0)
                }
              >
                {create.isPending && <Loader2 className="animate-spin" aria-hidden="true" />}
                Add Destination
              </Button>
            </div>
          </form>
          {created && (
            <div
              className="mt-4 rounded-lg border border-amber-300 bg-amber-50 p-4 text-sm"
              data-testid="forwarding-secret"
            >
              <p className="font-medium text-amber-900">
                Signing secret for {created.forwarding.name}: copy it now, it is not shown again.
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
          <CardTitle>Destinations</CardTitle>
        </CardHeader>
        <CardContent>
          {isPending ? (
            <Loading />
          ) : isError ? (
            <LoadError what="Destinations" error={error} retry={() => refetch()} />
          ) : data.forwardings.length === 0 ? (
            <p className="py-6 text-center text-sm text-slate-600">No destinations yet</p>
          ) : (
            <ul className="divide-y divide-slate-100" data-testid="forwardings">
              {data.forwardings.map((forwarding) => (
                <li key={forwarding.id} className="flex items-center gap-3 py-3">
                  <div className="min-w-0 flex-1">
                    <p className="font-medium text-slate-900 [overflow-wrap:anywhere]">
                      {forwarding.name}
                    </p>
                    <p className="text-xs text-slate-600 [overflow-wrap:anywhere]">
                      {forwarding.urlDisplay} ·{' '}
                      {forwarding.formIds === null
                        ? 'every form'
                        : forwarding.formIds.map(formName).join(', ')}
                    </p>
                  </div>
                  <Button
                    variant="ghost"
                    size="icon"
                    aria-label={`Delete ${forwarding.name}`}
                    onClick={() => setDeleting(forwarding.id)}
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
        title="Delete destination?"
        description="It will receive no more leads."
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
}

function DeliveryLogTab() {
  const { data, isPending, isError, error, refetch } = useLeadDeliveries(true)
  if (isPending) return <Loading />
  if (isError) return <LoadError what="The delivery log" error={error} retry={() => refetch()} />
  return (
    <Card>
      <CardHeader>
        <CardTitle>Delivery log</CardTitle>
        <CardDescription>
          Each lead sent to each destination, with retries (6 attempts over about 15 minutes).
          Answers are not kept here.
        </CardDescription>
      </CardHeader>
      <CardContent>
        {data.deliveries.length === 0 ? (
          <p className="py-6 text-center text-sm text-slate-600">Nothing forwarded yet</p>
        ) : (
          <ul className="divide-y divide-slate-100" data-testid="lead-deliveries">
            {data.deliveries.map((delivery) => (
              <li key={delivery.id} className="grid gap-1 py-3 text-sm">
                <p className="font-medium text-slate-900 [overflow-wrap:anywhere]">
                  Lead {delivery.leadId} → {delivery.forwardingName ?? '(deleted destination)'}
                </p>
                <p className="text-slate-600">
                  <span className={cn('font-medium', STATUS_STYLES[delivery.status])}>
                    {delivery.status}
                  </span>{' '}
                  · {delivery.attempts} attempt{delivery.attempts === 1 ? '' : 's'}
                  {delivery.lastStatusCode !== null && ` · HTTP ${delivery.lastStatusCode}`} ·{' '}
                  {formatDateTime(delivery.createdAt)}
                </p>
                {delivery.lastError && (
                  <p className="text-xs text-red-700 [overflow-wrap:anywhere]">
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

export default function LeadsPage({ entitled, meta, retentionDays }: LeadsPageProps) {
  const user = useSessionUser()
  if (!user) return <SignInRedirect title="Leads" />
  const metaReady =
    meta.status === 'connected' && (meta.leadAccess === 'granted' || meta.leadAccess === 'unknown')
  return (
    <>
      <Head title="Leads" />
      <PageHeader
        title="Leads"
        description="Leads from your Meta Lead Ads forms, their export, and forwarding to your tools."
      />
      {!entitled ? (
        <Card data-testid="leads-upgrade">
          <CardHeader>
            <CardTitle>Lead Tracking comes with the Agency plan</CardTitle>
            <CardDescription>
              Collect Meta Lead Ads leads, export them as CSV and forward them to n8n or your CRM.
            </CardDescription>
          </CardHeader>
          <CardContent>
            <Link href="/subscription" className="font-medium text-indigo-700 hover:underline">
              See plans
            </Link>
          </CardContent>
        </Card>
      ) : (
        <div className="grid gap-6 [&>*]:min-w-0">
          <MetaNotice meta={meta} />
          <Tabs defaultValue={metaReady ? 'leads' : 'forwarding'}>
            <TabsList>
              <TabsTrigger value="leads" disabled={!metaReady}>
                Leads
              </TabsTrigger>
              <TabsTrigger value="forms" disabled={!metaReady}>
                Forms
              </TabsTrigger>
              <TabsTrigger value="forwarding">Forwarding</TabsTrigger>
              <TabsTrigger value="log">Delivery log</TabsTrigger>
            </TabsList>
            <TabsContent value="leads">
              <LeadsTab enabled={metaReady} retentionDays={retentionDays} />
            </TabsContent>
            <TabsContent value="forms">
              <FormsTab enabled={metaReady} />
            </TabsContent>
            <TabsContent value="forwarding">
              <ForwardingTab formsEnabled={metaReady} />
            </TabsContent>
            <TabsContent value="log">
              <DeliveryLogTab />
            </TabsContent>
          </Tabs>
        </div>
      )}
    </>
  )
}

LeadsPage.layout = (page: ReactNode) => <AppShell>{page}</AppShell>
