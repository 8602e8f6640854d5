import type { ReactNode } from 'react'
import { Head, Link } from '@inertiajs/react'
import { useQuery } from '@tanstack/react-query'
import {
  AlertTriangle,
  BarChart3,
  Bell,
  Bot,
  CheckCircle2,
  CircleHelp,
  Clock,
  ExternalLink,
  KeyRound,
  LayoutPanelTop,
  Lock,
  Target,
  Users,
  Workflow,
  type LucideIcon,
} from 'lucide-react'
import AppShell, { PageHeader } from '~/layouts/app_shell'
import { Alert, AlertDescription, AlertTitle } from '~/components/ui/alert'
import { Badge } from '~/components/ui/badge'
import { Button } from '~/components/ui/button'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '~/components/ui/card'
import { Progress } from '~/components/ui/progress'
import { Skeleton } from '~/components/ui/skeleton'
import { Tabs, TabsContent, TabsList, TabsTrigger } from '~/components/ui/tabs'
import { CodeBlock } from '~/components/code_block'
import { CopyButton } from '~/components/copy_button'
import { freshN8nWorkflowCopy } from '~/lib/n8n_workflow'
import { MetaStatusError } from '~/components/meta_status_error'
import { EmbedTab } from '~/components/embed/embed_tab'
import { SignInRedirect } from '~/components/page_redirect'
import { useApiKeys } from '~/hooks/use_api_keys'
import { useMetaStatus } from '~/hooks/use_meta_connection'
import { useSessionUser } from '~/hooks/use_session_user'
import { useProductFeatures } from '~/hooks/use_product_features'
import {
  featureCards,
  groupByModule,
  remainingCalls,
  tokenDisplayName,
  usagePercentOneDecimal,
  type FeatureCardStatus,
} from '~/lib/automation_rules'
import { resolveLimit } from '~/lib/usage_rules'
import type { AccountUsage, McpClientConfig, PublishedActionInfo } from '~/types'

interface AutomationProps {
  mcpEndpoint: string
  /** The importable n8n workflow, pretty-printed JSON (app/automation/n8n_template.ts). */
  n8nWorkflow: string
  clientConfigs: McpClientConfig[]
  mcpDocsUrl: string
  apiReferenceUrl: string
  openApiUrl: string
}

const FEATURE_ICONS: Record<FeatureCardStatus['id'], LucideIcon> = {
  campaign_analytics: BarChart3,
  audience_insights: Users,
  performance_alerts: Bell,
  lead_tracking: Target,
}

function UsageCard({
  usage,
  loading,
  error,
}: {
  usage: AccountUsage | undefined
  loading: boolean
  error: Error | null
}) {
  const user = useSessionUser()
  const limit = resolveLimit(usage?.limit, user?.subscription?.plan?.requestLimit)
  const total = usage?.total ?? 0
  const percent = usagePercentOneDecimal(total, limit)
  const planName = usage?.plan?.name ?? user?.subscription?.plan?.name ?? 'Free'
  return (
    <Card data-testid="automation-usage">
      <CardHeader>
        <CardTitle as="h2">API Usage This Month</CardTitle>
        <CardDescription>
          REST calls and MCP tool calls both count against your monthly limit.
        </CardDescription>
      </CardHeader>
      <CardContent>
        {loading ? (
          <Skeleton className="h-16 w-full" />
        ) : (
          <>
            <dl className="grid gap-4 sm:grid-cols-3">
              <div>
                <dt className="text-xs font-medium uppercase tracking-wide text-slate-600">
                  Calls this month
                </dt>
                <dd
                  className="text-2xl font-bold tabular-nums text-slate-950"
                  data-testid="usage-calls"
                >
                  {total.toLocaleString('en-US')}
                </dd>
              </div>
              <div>
                <dt className="text-xs font-medium uppercase tracking-wide text-slate-600">
                  Monthly limit
                </dt>
                <dd
                  className="text-2xl font-bold tabular-nums text-slate-950"
                  data-testid="usage-limit"
                >
                  {limit.toLocaleString('en-US')}
                </dd>
                <dd className="text-xs text-slate-600" data-testid="usage-plan">
                  {planName} plan
                </dd>
              </div>
              <div>
                <dt className="text-xs font-medium uppercase tracking-wide text-slate-600">
                  Remaining
                </dt>
                <dd
                  className="text-2xl font-bold tabular-nums text-slate-950"
                  data-testid="usage-remaining"
                >
                  {remainingCalls(total, limit).toLocaleString('en-US')}
                </dd>
              </div>
            </dl>
            <div className="mt-4 flex items-center gap-3">
              <Progress
                value={percent}
                aria-label="Share of the monthly limit used"
                className="flex-1"
              />
              <span
                className="w-16 text-right text-sm font-medium tabular-nums text-slate-800"
                data-testid="usage-percent"
              >
                {percent.toFixed(1)}%
              </span>
            </div>
          </>
        )}
        {error && (
          <p role="alert" className="mt-3 text-sm text-red-700">
            {error.message}
          </p>
        )}
      </CardContent>
    </Card>
  )
}

function FeatureCard({ card }: { card: FeatureCardStatus }) {
  const Icon = FEATURE_ICONS[card.id]
  const ready = card.tone === 'ready'
  return (
    <Card data-testid={`feature-${card.id}`}>
      <CardHeader className="flex-row items-start justify-between gap-3">
        <div className="flex items-center gap-3">
          <span
            aria-hidden="true"
            className="grid size-9 place-items-center rounded-lg bg-indigo-50 text-indigo-700"
          >
            <Icon className="size-5" />
          </span>
          <CardTitle as="h3">{card.title}</CardTitle>
        </div>
        <Badge
          variant={
            ready
              ? 'success'
              : card.tone === 'soon' || card.tone === 'unknown'
                ? 'outline'
                : 'warning'
          }
          data-testid={`feature-${card.id}-status`}
        >
          {ready ? (
            <CheckCircle2 className="size-3" aria-hidden="true" />
          ) : card.tone === 'soon' ? (
            <Clock className="size-3" aria-hidden="true" />
          ) : card.tone === 'unknown' ? (
            <CircleHelp className="size-3" aria-hidden="true" />
          ) : (
            <Lock className="size-3" aria-hidden="true" />
          )}
          {card.status}
        </Badge>
      </CardHeader>
      <CardContent>
        <p className="text-sm text-slate-600">{card.description}</p>
      </CardContent>
    </Card>
  )
}

/**
 * The yellow notice pointing to /integrations while the Meta tools cannot work: no connection,
 * or one Meta no longer accepts (`reconnect`: the token expired or was revoked).
 */
function MetaNotice({ reconnect }: { reconnect: boolean }) {
  return (
    <Alert variant="warning" data-testid="meta-notice">
      <AlertTriangle aria-hidden="true" />
      <div>
        <AlertTitle>
          {reconnect ? 'Meta connection needs renewing' : 'Meta account not connected'}
        </AlertTitle>
        <AlertDescription>
          {reconnect
            ? 'Meta no longer accepts this connection (the token expired or was revoked), so the Meta tools cannot reach your ad accounts. '
            : 'The Meta tools need a connected Meta ads account. '}
          <Link href="/integrations" className="font-semibold underline underline-offset-4">
            {reconnect
              ? 'Reconnect it on the Integrations page'
              : 'Connect it on the Integrations page'}
          </Link>
          .
        </AlertDescription>
      </div>
    </Alert>
  )
}

function ApiAccessTab({ props }: { props: AutomationProps }) {
  const keys = useApiKeys(true)
  const actions = useQuery<PublishedActionInfo[]>({ queryKey: ['/api/automation/actions'] })
  return (
    <div className="grid gap-6">
      <Card>
        <CardHeader>
          <CardTitle as="h2">Your API Tokens</CardTitle>
          <CardDescription>
            Use one of these keys to call the API and the MCP server.
          </CardDescription>
        </CardHeader>
        <CardContent>
          {keys.isPending ? (
            <Skeleton className="h-12 w-full" />
          ) : !keys.data || keys.data.length === 0 ? (
            <div
              className="grid place-items-center gap-2 rounded-lg border border-dashed border-slate-300 py-8 text-center"
              data-testid="tokens-empty"
            >
              <KeyRound className="size-8 text-slate-400" aria-hidden="true" />
              <p className="font-medium text-slate-900">No API tokens yet</p>
              <p className="text-sm text-slate-600">
                Generate one on your{' '}
                <Link
                  href="/profile"
                  className="font-medium text-indigo-700 underline underline-offset-4"
                >
                  Profile page
                </Link>
                .
              </p>
            </div>
          ) : (
            <ul className="divide-y divide-slate-100" data-testid="token-list">
              {keys.data.map((token) => {
                const name = tokenDisplayName(token.name)
                return (
                  <li
                    key={token.id}
                    className="flex flex-wrap items-center gap-3 py-3"
                    data-testid="token-row"
                  >
                    <span className="min-w-0 flex-1">
                      <span className="block font-medium text-slate-900">{name}</span>
                      <code className="font-mono text-sm text-slate-700" data-testid="token-masked">
                        {token.token}
                      </code>
                    </span>
                    <CopyButton
                      text={token.token}
                      label={`Copy token ${name}`}
                      testId={`copy-token-${token.id}`}
                    />
                  </li>
                )
              })}
            </ul>
          )}
        </CardContent>
      </Card>

      <Card>
        <CardHeader>
          <CardTitle as="h2">Authentication</CardTitle>
          <CardDescription>
            Send your API key as a bearer token in the Authorization header of every request.
          </CardDescription>
        </CardHeader>
        <CardContent className="grid gap-3">
          <CodeBlock text="Authorization: Bearer YOUR_API_KEY" label="Authorization header" />
          <CodeBlock
            label="Example request"
            text={`curl -H "Authorization: Bearer YOUR_API_KEY" ${new URL('/api/v1/usage/get_usage', props.mcpEndpoint).toString()}`}
          />
        </CardContent>
      </Card>

      <Card>
        <CardHeader className="flex-row flex-wrap items-start justify-between gap-3">
          <div className="grid gap-1.5">
            <CardTitle as="h2">Available Endpoints</CardTitle>
            <CardDescription>
              Read-only actions are GET requests with query parameters; actions that change data are
              POST requests with a JSON body. Those that change your Meta ads only preview the
              change unless the body has <code className="font-mono">"confirm": true</code>.
            </CardDescription>
          </div>
          <div className="flex flex-wrap gap-2">
            <Button asChild variant="outline" size="sm">
              <a href={props.apiReferenceUrl}>API reference</a>
            </Button>
            <Button asChild variant="outline" size="sm">
              <a href={props.openApiUrl}>OpenAPI JSON</a>
            </Button>
          </div>
        </CardHeader>
        <CardContent>
          {actions.isPending ? (
            <Skeleton className="h-32 w-full" />
          ) : actions.isError ? (
            <p role="alert" className="text-sm text-red-700">
              {actions.error.message}
            </p>
          ) : (
            <div className="grid gap-6" data-testid="endpoint-list">
              {groupByModule(actions.data ?? []).map(([module, list]) => (
                <section key={module} aria-labelledby={`module-${module}`}>
                  <h3
                    id={`module-${module}`}
                    className="mb-2 text-sm font-semibold uppercase tracking-wide text-slate-600"
                  >
                    {module}
                  </h3>
                  <ul className="divide-y divide-slate-100 rounded-lg border border-slate-200">
                    {list.map((action) => (
                      <li key={action.name} className="grid gap-1 p-3" data-testid="endpoint-row">
                        <div className="flex flex-wrap items-center gap-2">
                          <span
                            className={
                              action.method === 'GET'
                                ? 'rounded-md bg-emerald-100 px-2 py-0.5 font-mono text-xs font-semibold text-emerald-800'
                                : 'rounded-md bg-indigo-100 px-2 py-0.5 font-mono text-xs font-semibold text-indigo-800'
                            }
                          >
                            {action.method}
                          </span>
                          <code className="break-all font-mono text-sm text-slate-900">
                            {action.path}
                          </code>
                          {action.requiredPlan && (
                            <Badge variant="outline">
                              {action.requiredPlan.charAt(0).toUpperCase() +
                                action.requiredPlan.slice(1)}{' '}
                              plan or higher
                            </Badge>
                          )}
                        </div>
                        <p className="text-sm text-slate-700">
                          <span className="font-medium">{action.title}.</span> MCP tool{' '}
                          <code className="font-mono">{action.name}</code>
                        </p>
                      </li>
                    ))}
                  </ul>
                </section>
              ))}
            </div>
          )}
        </CardContent>
      </Card>
    </div>
  )
}

function McpTab({ props, meta }: { props: AutomationProps; meta: MetaConnection }) {
  return (
    <div className="grid gap-6">
      {meta.failed ? (
        <MetaStatusError />
      ) : (
        !meta.loading && !meta.connected && <MetaNotice reconnect={meta.reconnectRequired} />
      )}

      <Card>
        <CardHeader className="flex-row flex-wrap items-start justify-between gap-3">
          <div className="grid gap-1.5">
            <CardTitle as="h2">MCP Server</CardTitle>
            <CardDescription>
              Every API action is also an MCP tool. Works with n8n's MCP Client Tool node and with
              any MCP client (Claude, Cursor and others) over Streamable HTTP.
            </CardDescription>
          </div>
          <Badge variant="success" data-testid="mcp-active">
            <CheckCircle2 className="size-3" aria-hidden="true" />
            Active
          </Badge>
        </CardHeader>
        <CardContent className="grid gap-4">
          <div className="grid gap-1.5">
            <p className="text-sm font-medium text-slate-900" id="mcp-endpoint-label">
              MCP endpoint
            </p>
            <div className="flex flex-wrap items-center gap-2">
              <code
                aria-labelledby="mcp-endpoint-label"
                className="min-w-0 flex-1 break-all rounded-lg border border-slate-200 bg-slate-50 px-3 py-2 font-mono text-sm"
                data-testid="mcp-endpoint"
              >
                {props.mcpEndpoint}
              </code>
              <CopyButton
                text={props.mcpEndpoint}
                label="Copy MCP endpoint"
                testId="copy-mcp-endpoint"
              />
            </div>
          </div>
          <dl className="grid gap-3 text-sm sm:grid-cols-3">
            <div>
              <dt className="font-medium text-slate-900">Authentication</dt>
              <dd className="text-slate-700">
                Bearer token: send one of your API keys as "Authorization: Bearer YOUR_API_KEY".
              </dd>
            </div>
            <div>
              <dt className="font-medium text-slate-900">Transport</dt>
              <dd className="text-slate-700">Streamable HTTP (in n8n: HTTP Streamable)</dd>
            </div>
            <div>
              <dt className="font-medium text-slate-900">Compatible with</dt>
              <dd className="text-slate-700">n8n, Claude, Cursor and any MCP client</dd>
            </div>
          </dl>
          <p className="text-sm">
            <a
              href={props.mcpDocsUrl}
              target="_blank"
              rel="noopener noreferrer"
              className="inline-flex items-center gap-1 font-medium text-indigo-700 underline-offset-4 hover:underline"
            >
              MCP documentation
              <ExternalLink className="size-3.5" aria-hidden="true" />
              <span className="sr-only">(opens in a new tab)</span>
            </a>
          </p>
        </CardContent>
      </Card>

      <Card>
        <CardHeader className="flex-row flex-wrap items-start justify-between gap-3">
          <div className="grid gap-1.5">
            <CardTitle as="h2">n8n Workflow Template</CardTitle>
            <CardDescription>
              A chat trigger, an AI agent set up as a Meta ads analyst, a chat model and the Adrelay
              MCP Client Tool. In n8n, paste it into a workflow, then give the MCP node a Bearer
              Auth credential holding your API key and the chat model your OpenAI credential.
            </CardDescription>
          </div>
          <CopyButton
            text={() => freshN8nWorkflowCopy(props.n8nWorkflow)}
            label="Copy n8n workflow template"
            testId="copy-n8n-template"
          >
            Copy Template
          </CopyButton>
        </CardHeader>
        <CardContent>
          <CodeBlock
            text={props.n8nWorkflow}
            label="n8n workflow template (JSON)"
            testId="n8n-template"
          />
        </CardContent>
      </Card>

      <Card>
        <CardHeader>
          <CardTitle as="h2">MCP Clients</CardTitle>
          <CardDescription>Replace YOUR_ADRELAY_API_KEY with one of your API keys.</CardDescription>
        </CardHeader>
        <CardContent className="grid gap-5">
          {props.clientConfigs.map((config) => (
            <section key={config.id} aria-labelledby={`client-${config.id}`} className="grid gap-2">
              <div className="flex items-center justify-between gap-2">
                <h3 id={`client-${config.id}`} className="text-sm font-semibold text-slate-900">
                  {config.label}
                </h3>
                <CopyButton
                  text={config.text}
                  label={`Copy ${config.label} configuration`}
                  testId={`copy-client-${config.id}`}
                />
              </div>
              <CodeBlock text={config.text} label={`${config.label} configuration`} />
            </section>
          ))}
        </CardContent>
      </Card>
    </div>
  )
}

/** What the page needs of the Meta connection (GET /api/meta/status, the shared query). */
interface MetaConnection {
  /** Connected and accepted by Meta: the Meta tools can work. */
  connected: boolean
  /** Connected, but Meta no longer accepts the token (expired or revoked). */
  reconnectRequired: boolean
  loading: boolean
  /** The status could not be loaded (the query asks again on the next visit). */
  failed: boolean
}

/**
 * Automation (/dashboard, spec §2): tabs Overview, API Access and MCP Integration. The endpoint
 * list comes from the action registry (GET /api/automation/actions); the MCP endpoint, n8n
 * template and client snippets from the server (app/automation/n8n_template.ts); the plan
 * gates from the session user's `features`.
 */
export default function Automation(props: AutomationProps) {
  const user = useSessionUser()
  const usage = useQuery<AccountUsage>({ queryKey: ['/api/usage'], enabled: Boolean(user) })
  const metaStatus = useMetaStatus(Boolean(user))
  const productFeatures = useProductFeatures()

  if (!user) return <SignInRedirect title="Automation" />

  const meta: MetaConnection = {
    connected: Boolean(metaStatus.data?.connected && !metaStatus.data.reconnectRequired),
    reconnectRequired: Boolean(metaStatus.data?.connected && metaStatus.data.reconnectRequired),
    loading: metaStatus.isPending,
    failed: metaStatus.isError,
  }
  const cards = featureCards(meta.failed ? null : meta.connected, user.features, productFeatures)

  return (
    <>
      <Head title="Automation" />
      <PageHeader
        title="Automation"
        description="Automate your Meta ads from n8n, MCP clients and your own scripts with your API key"
      />
      <Tabs defaultValue="overview">
        <TabsList aria-label="Automation sections">
          <TabsTrigger value="overview">
            <Bot className="size-4" aria-hidden="true" />
            Overview
          </TabsTrigger>
          <TabsTrigger value="api">
            <KeyRound className="size-4" aria-hidden="true" />
            API Access
          </TabsTrigger>
          <TabsTrigger value="mcp">
            <Workflow className="size-4" aria-hidden="true" />
            MCP Integration
          </TabsTrigger>
          <TabsTrigger value="embed">
            <LayoutPanelTop className="size-4" aria-hidden="true" />
            Embed
          </TabsTrigger>
        </TabsList>

        <TabsContent value="overview" className="grid gap-6">
          <UsageCard usage={usage.data} loading={usage.isPending} error={usage.error} />
          <section aria-labelledby="features-title" className="grid gap-3">
            <h2 id="features-title" className="text-lg font-semibold text-slate-950">
              Features
            </h2>
            {meta.failed && <MetaStatusError />}
            <div className="grid gap-4 md:grid-cols-2">
              {meta.loading
                ? Array.from({ length: 4 }, (_, index) => (
                    <Skeleton key={index} className="h-32 w-full" />
                  ))
                : cards.map((card) => <FeatureCard key={card.id} card={card} />)}
            </div>
          </section>
        </TabsContent>

        <TabsContent value="api">
          <ApiAccessTab props={props} />
        </TabsContent>

        <TabsContent value="mcp">
          <McpTab props={props} meta={meta} />
        </TabsContent>

        <TabsContent value="embed">
          <EmbedTab unlocked={user.features.includes('embed_widgets')} />
        </TabsContent>
      </Tabs>
    </>
  )
}

Automation.layout = (page: ReactNode) => <AppShell>{page}</AppShell>
