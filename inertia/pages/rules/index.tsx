import { lazy, Suspense, useEffect, useRef, useState } from 'react'
import { Head, Link, usePage } from '@inertiajs/react'
import { AlertTriangle, Download, Lock, Play, Plus } from 'lucide-react'
import AppShell, { PageHeader } from '~/layouts/app_shell'
import { Alert, AlertDescription, AlertTitle } from '~/components/ui/alert'
import { Badge } from '~/components/ui/badge'
import { Button, buttonVariants } from '~/components/ui/button'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '~/components/ui/card'
import { Skeleton } from '~/components/ui/skeleton'
import { Tabs, TabsContent, TabsList, TabsTrigger } from '~/components/ui/tabs'
import { ConfirmDialog } from '~/components/confirm_dialog'
import { SignInRedirect } from '~/components/page_redirect'
import { DialogLoading } from '~/components/dialog_loading'
import type { RuleDraft } from '~/components/rules/rule_builder'
import { useSessionUser } from '~/hooks/use_session_user'
import { useMetaAdAccounts, useMetaStatus } from '~/hooks/use_meta_connection'
import {
  useDecideItem,
  useDeleteRule,
  useRuleApprovals,
  useRuleRun,
  useRuleRuns,
  useRuleTemplates,
  useRules,
  useRunRule,
  useUpdateRule,
} from '~/hooks/use_rules'
import { formatDateTime } from '~/lib/format'
import { cn } from '~/lib/utils'
import {
  MODE_LABELS,
  accountDigits,
  describeActions,
  describeChange,
  describeConditions,
  emptyDefinition,
  rulesPageStart,
  scopeMoney,
  statusVariant,
  type RulesTab,
} from '~/lib/rules'
import type { MetaAdAccount, RuleRunItemView, RuleRunView, RuleSummary } from '~/types'

// Opened from New rule / Edit: loaded on first open.
const RuleBuilder = lazy(() =>
  import('~/components/rules/rule_builder').then((module) => ({ default: module.RuleBuilder }))
)

function LoadingRows() {
  return (
    <div className="grid gap-3" role="status" aria-label="Loading">
      <Skeleton className="h-20 w-full" />
      <Skeleton className="h-20 w-full" />
    </div>
  )
}

function LoadError({ what, onRetry }: { what: string; onRetry: () => void }) {
  return (
    <Alert variant="destructive" role="alert">
      <AlertTriangle aria-hidden="true" />
      <div>
        <AlertTitle>Could not load {what}</AlertTitle>
        <AlertDescription>
          <Button variant="link" className="h-auto p-0" onClick={onRetry}>
            Try again
          </Button>
        </AlertDescription>
      </div>
    </Alert>
  )
}

function Empty({ children }: { children: React.ReactNode }) {
  return (
    <p className="rounded-lg border border-dashed border-slate-300 p-6 text-center text-sm text-slate-600">
      {children}
    </p>
  )
}

function RuleCard({
  rule,
  accounts,
  onEdit,
  onHistory,
}: {
  rule: RuleSummary
  accounts: MetaAdAccount[] | undefined
  onEdit: () => void
  onHistory: () => void
}) {
  const money = scopeMoney(rule.definition, accounts)
  const digits = money.kind === 'ok' ? money.digits : null
  const update = useUpdateRule()
  const run = useRunRule()
  const remove = useDeleteRule()
  const [confirmDelete, setConfirmDelete] = useState(false)
  return (
    <Card data-testid={`rule-${rule.id}`}>
      <CardHeader className="gap-2">
        <div className="flex flex-wrap items-start justify-between gap-2">
          <CardTitle className="min-w-0 break-words text-base">{rule.name}</CardTitle>
          <div className="flex flex-wrap gap-1">
            <Badge variant={rule.enabled ? 'success' : 'secondary'}>
              {rule.enabled ? 'Enabled' : 'Disabled'}
            </Badge>
            <Badge variant={rule.mode === 'auto' ? 'default' : 'outline'}>
              {MODE_LABELS[rule.mode]}
            </Badge>
          </div>
        </div>
        <CardDescription className="break-words">
          If {describeConditions(rule.definition, digits)} →{' '}
          {describeActions(rule.definition, digits)}
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-3">
        <dl className="grid gap-2 text-sm sm:grid-cols-3">
          <div>
            <dt className="text-slate-600">Schedule</dt>
            <dd className="font-medium">{rule.scheduleText}</dd>
          </div>
          <div>
            <dt className="text-slate-600">Last run</dt>
            <dd className="font-medium">
              {formatDateTime(rule.lastRunAt)}
              {rule.lastRunStatus && (
                <Badge className="ml-2" variant={statusVariant(rule.lastRunStatus)}>
                  {rule.lastRunStatus}
                </Badge>
              )}
            </dd>
          </div>
          <div>
            <dt className="text-slate-600">Next run</dt>
            <dd className="font-medium">{rule.enabled ? formatDateTime(rule.nextRunAt) : '—'}</dd>
          </div>
        </dl>
        <div className="flex flex-wrap gap-2">
          <Button
            size="sm"
            variant={rule.enabled ? 'outline' : 'default'}
            disabled={update.isPending}
            onClick={() => update.mutate({ ruleId: rule.id, enabled: !rule.enabled })}
          >
            {rule.enabled ? 'Disable' : 'Enable'}
          </Button>
          <Button
            size="sm"
            variant="outline"
            disabled={run.isPending}
            onClick={() => run.mutate({ ruleId: rule.id })}
          >
            <Play aria-hidden="true" /> Run now
          </Button>
          <Button size="sm" variant="outline" onClick={onEdit}>
            Edit
          </Button>
          <Button size="sm" variant="ghost" onClick={onHistory}>
            History
          </Button>
          <Button
            size="sm"
            variant="ghost"
            className="text-red-700"
            onClick={() => setConfirmDelete(true)}
          >
            Delete
          </Button>
        </div>
      </CardContent>
      <ConfirmDialog
        open={confirmDelete}
        onOpenChange={setConfirmDelete}
        title="Delete this rule?"
        description="Its history and pending approvals are deleted too. Changes it already made at Meta stay."
        confirmLabel="Delete"
        onConfirm={() => remove.mutate(rule.id)}
      />
    </Card>
  )
}

function ItemRow({
  item,
  accounts,
  actions,
}: {
  item: RuleRunItemView
  accounts: MetaAdAccount[] | undefined
  actions?: React.ReactNode
}) {
  const values = Object.entries(item.metrics)
  return (
    <li className="grid gap-1 border-t border-slate-100 py-2 text-sm first:border-t-0">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <span className="min-w-0 break-words font-medium">{item.objectName || item.objectId}</span>
        <Badge variant={statusVariant(item.status)}>{item.status.replace('_', ' ')}</Badge>
      </div>
      <span className="break-words text-slate-700">
        {describeChange(item, accountDigits(item.adAccountId, accounts))}
      </span>
      {values.length > 0 && (
        <span className="break-words text-xs text-slate-600">
          {values.map(([key, value]) => `${key} = ${value ?? '∞ / n.a.'}`).join(' · ')}
        </span>
      )}
      {item.reason && <span className="break-words text-xs text-slate-600">{item.reason}</span>}
      {item.errorMessage && (
        <span className="break-words text-xs text-red-700">Meta: {item.errorMessage}</span>
      )}
      {actions && <div className="flex flex-wrap gap-2">{actions}</div>}
    </li>
  )
}

function HistoryTab({
  ruleId,
  rules,
  accounts,
  linkedRun,
  onRuleChange,
}: {
  ruleId: number | null
  rules: RuleSummary[]
  accounts: MetaAdAccount[] | undefined
  /** The run a link pointed at (`?run=`): marked, scrolled to, and read alone if older. */
  linkedRun: number | null
  onRuleChange: (id: number | null) => void
}) {
  const runs = useRuleRuns(ruleId, true)
  const listed = runs.data?.runs.some((run) => run.id === linkedRun) ?? false
  const older = useRuleRun(ruleId, linkedRun, runs.isSuccess && !listed)
  const olderRun = older.data?.runs.find((run) => run.id === linkedRun)
  const shown: RuleRunView[] = runs.data
    ? olderRun && !listed
      ? [olderRun, ...runs.data.runs]
      : runs.data.runs
    : []
  const scrolled = useRef(false)
  const found = shown.some((run) => run.id === linkedRun)
  useEffect(() => {
    if (!found || scrolled.current) return
    scrolled.current = true
    const card = globalThis.document?.querySelector(`[data-testid="rule-run-${linkedRun}"]`)
    card?.scrollIntoView?.({ block: 'start' })
  }, [found, linkedRun])
  const decide = useDecideItem()
  return (
    <div className="grid gap-4">
      <div className="flex flex-wrap items-end gap-2">
        <label className="grid gap-1.5 text-sm">
          Rule
          <select
            className="h-10 rounded-lg border border-slate-300 bg-white px-3 text-sm"
            value={ruleId ?? ''}
            onChange={(e) => onRuleChange(e.target.value ? Number(e.target.value) : null)}
          >
            <option value="">All rules</option>
            {rules.map((rule) => (
              <option key={rule.id} value={rule.id}>
                {rule.name}
              </option>
            ))}
          </select>
        </label>
        <a
          className={buttonVariants({ variant: 'outline' })}
          href={`/api/rules/history.csv${ruleId ? `?ruleId=${ruleId}` : ''}`}
        >
          <Download aria-hidden="true" /> Export CSV
        </a>
      </div>
      {runs.isPending ? (
        <LoadingRows />
      ) : runs.isError ? (
        <LoadError what="the run history" onRetry={() => runs.refetch()} />
      ) : shown.length === 0 ? (
        <Empty>
          No runs yet. Runs appear here when a rule runs on its schedule or with Run now.
        </Empty>
      ) : (
        shown.map((run) => (
          <Card
            key={run.id}
            data-testid={`rule-run-${run.id}`}
            aria-current={run.id === linkedRun ? 'true' : undefined}
            className={cn(run.id === linkedRun && 'ring-2 ring-indigo-500')}
          >
            <CardHeader className="gap-1">
              <div className="flex flex-wrap items-center justify-between gap-2">
                <CardTitle className="text-sm">
                  {rules.find((rule) => rule.id === run.ruleId)?.name ?? `Rule ${run.ruleId}`} ·{' '}
                  {formatDateTime(run.startedAt)}
                  {run.id === linkedRun && (
                    <span className="ml-2 font-normal text-indigo-700">(from your alert)</span>
                  )}
                </CardTitle>
                <div className="flex flex-wrap gap-1">
                  <Badge variant="outline">{MODE_LABELS[run.mode]}</Badge>
                  <Badge variant={statusVariant(run.status)}>{run.status}</Badge>
                </div>
              </div>
              <CardDescription>
                {run.evaluated} evaluated · {run.matched} matched · {run.acted} changed at Meta
                {run.reason ? ` · ${run.reason}` : ''}
              </CardDescription>
            </CardHeader>
            {run.items && run.items.length > 0 && (
              <CardContent>
                <ul>
                  {run.items.map((item) => (
                    <ItemRow
                      key={item.id}
                      item={item}
                      accounts={accounts}
                      actions={
                        item.status === 'executed' && item.field ? (
                          <Button
                            size="sm"
                            variant="outline"
                            disabled={decide.isPending}
                            onClick={() => decide.mutate({ itemId: item.id, decision: 'revert' })}
                          >
                            Revert
                          </Button>
                        ) : undefined
                      }
                    />
                  ))}
                </ul>
              </CardContent>
            )}
          </Card>
        ))
      )}
    </div>
  )
}

function ApprovalsTab({ accounts }: { accounts: MetaAdAccount[] | undefined }) {
  const approvals = useRuleApprovals(true)
  const decide = useDecideItem()
  if (approvals.isPending) return <LoadingRows />
  if (approvals.isError)
    return <LoadError what="the approvals" onRetry={() => approvals.refetch()} />
  if (approvals.data.items.length === 0) return <Empty>Nothing waits for your approval.</Empty>
  return (
    <Card>
      <CardContent className="pt-4">
        <ul>
          {approvals.data.items.map((item) => (
            <ItemRow
              key={item.id}
              item={item}
              accounts={accounts}
              actions={
                <>
                  <Button
                    size="sm"
                    disabled={decide.isPending}
                    onClick={() => decide.mutate({ itemId: item.id, decision: 'approve' })}
                  >
                    Approve
                  </Button>
                  <Button
                    size="sm"
                    variant="outline"
                    disabled={decide.isPending}
                    onClick={() => decide.mutate({ itemId: item.id, decision: 'reject' })}
                  >
                    Reject
                  </Button>
                </>
              }
            />
          ))}
        </ul>
      </CardContent>
    </Card>
  )
}

function RulesContent({ openBuilder }: { openBuilder: (draft: RuleDraft) => void }) {
  const user = useSessionUser()!
  const allowed = user.features.includes('automated_rules')
  const meta = useMetaStatus(allowed)
  const rules = useRules(allowed)
  const templates = useRuleTemplates(allowed)
  // Links from alerts name the tab, rule and run to open (`/rules?tab=approvals`,
  // `/rules?rule=7&run=42`); read once, for the starting state.
  const { url } = usePage()
  const [start] = useState(() => rulesPageStart(url))
  const [tab, setTab] = useState<RulesTab>(start.tab)
  const [historyRule, setHistoryRule] = useState<number | null>(start.ruleId)
  const accounts = useMetaAdAccounts(allowed && meta.data?.connected === true)
  const adAccounts = accounts.data?.adAccounts
  if (!allowed) {
    return (
      <Card>
        <CardHeader>
          <CardTitle className="flex items-center gap-2">
            <Lock className="size-4" aria-hidden="true" /> Automated rules
          </CardTitle>
          <CardDescription>
            Pause losers, scale winners and guard spend on a schedule. Available on the Trafficker
            (up to 25 rules) and Agency (up to 250 rules) plans.
          </CardDescription>
        </CardHeader>
        <CardContent>
          <Link href="/subscription" className={buttonVariants()}>
            Upgrade
          </Link>
        </CardContent>
      </Card>
    )
  }

  const connected = meta.data?.connected
  return (
    <>
      {meta.data && !connected && (
        <Alert className="mb-4">
          <AlertTriangle aria-hidden="true" />
          <div>
            <AlertTitle>Connect Meta first</AlertTitle>
            <AlertDescription>
              Rules read and change your Meta ads.{' '}
              <Link href="/integrations" className="underline">
                Connect your Meta account
              </Link>
              .
            </AlertDescription>
          </div>
        </Alert>
      )}
      <Tabs value={tab} onValueChange={(value) => setTab(value as RulesTab)}>
        <TabsList className="flex w-full flex-wrap justify-start">
          <TabsTrigger value="rules">Rules</TabsTrigger>
          <TabsTrigger value="templates">Templates</TabsTrigger>
          <TabsTrigger value="history">History</TabsTrigger>
          <TabsTrigger value="approvals">Approvals</TabsTrigger>
        </TabsList>
        <TabsContent value="rules" className="mt-4 grid gap-4">
          {rules.isPending ? (
            <LoadingRows />
          ) : rules.isError ? (
            <LoadError what="your rules" onRetry={() => rules.refetch()} />
          ) : rules.data.rules.length === 0 ? (
            <Empty>
              No rules yet. Start from a template or create one; new rules are dry runs until you
              change their mode.
            </Empty>
          ) : (
            rules.data.rules.map((rule) => (
              <RuleCard
                key={rule.id}
                rule={rule}
                accounts={adAccounts}
                onEdit={() =>
                  openBuilder({
                    ruleId: rule.id,
                    name: rule.name,
                    mode: rule.mode,
                    definition: rule.definition,
                  })
                }
                onHistory={() => {
                  setHistoryRule(rule.id)
                  setTab('history')
                }}
              />
            ))
          )}
        </TabsContent>
        <TabsContent value="templates" className="mt-4">
          {templates.isPending ? (
            <LoadingRows />
          ) : templates.isError ? (
            <LoadError what="the templates" onRetry={() => templates.refetch()} />
          ) : (
            <div className="grid gap-4 md:grid-cols-2">
              {templates.data.templates.map((template) => (
                <Card key={template.id} data-testid={`template-${template.id}`}>
                  <CardHeader>
                    <CardTitle className="text-base">{template.name}</CardTitle>
                    <CardDescription>{template.description}</CardDescription>
                  </CardHeader>
                  <CardContent>
                    <Button
                      size="sm"
                      variant="outline"
                      onClick={() =>
                        openBuilder({
                          name: template.name,
                          mode: template.mode,
                          template: template.id,
                          definition: template.definition,
                        })
                      }
                    >
                      Use template
                    </Button>
                  </CardContent>
                </Card>
              ))}
            </div>
          )}
        </TabsContent>
        <TabsContent value="history" className="mt-4">
          {tab === 'history' && (
            <HistoryTab
              ruleId={historyRule}
              rules={rules.data?.rules ?? []}
              accounts={adAccounts}
              linkedRun={historyRule === start.ruleId ? start.runId : null}
              onRuleChange={setHistoryRule}
            />
          )}
        </TabsContent>
        <TabsContent value="approvals" className="mt-4">
          {tab === 'approvals' && <ApprovalsTab accounts={adAccounts} />}
        </TabsContent>
      </Tabs>
      <div className="sr-only" aria-live="polite">
        {rules.data ? `${rules.data.rules.length} rules` : ''}
      </div>
    </>
  )
}

export default function RulesPage() {
  const user = useSessionUser()
  const [draft, setDraft] = useState<RuleDraft | null>(null)
  const [builderKey, setBuilderKey] = useState(0)
  if (!user) return <SignInRedirect title="Rules" />
  const openBuilder = (next: RuleDraft) => {
    setDraft(next)
    setBuilderKey((key) => key + 1)
  }
  return (
    <AppShell>
      <Head title="Rules" />
      <PageHeader
        title="Rules"
        description="Automated rules that watch your Meta ads on a schedule and act when their conditions match."
        actions={
          user.features.includes('automated_rules') ? (
            <Button
              onClick={() =>
                openBuilder({ name: '', mode: 'dry_run', definition: emptyDefinition() })
              }
            >
              <Plus aria-hidden="true" /> New rule
            </Button>
          ) : undefined
        }
      />
      <RulesContent openBuilder={openBuilder} />
      {draft && (
        <Suspense fallback={<DialogLoading />}>
          <RuleBuilder
            key={builderKey}
            draft={draft}
            open={draft !== null}
            onOpenChange={(open) => !open && setDraft(null)}
          />
        </Suspense>
      )}
    </AppShell>
  )
}
