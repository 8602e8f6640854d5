import type { ReactNode } from 'react'
import { Head, Link } from '@inertiajs/react'
import { CodeBlock } from '~/components/code_block'
import { CopyButton } from '~/components/copy_button'
import type { WidgetBundleInfo } from '~/types'

/*
| The @adrelay/widgets reference (issue 17): every component, hook, event and CSS variable.
| The tables mirror widgets/src (index.ts exports, theme.ts CSS_VARIABLES, events.ts).
*/

const COMPONENTS: [string, string, string, string][] = [
  [
    '<QuotaMeter />',
    '<adrelay-quota-meter>',
    'quota',
    'Used / limit this month, what is left and when it resets; the account’s quota or the client key’s limit. Fires adrelay:quota-threshold at 80 % and 100 %.',
  ],
  [
    '<UsageChart />',
    '<adrelay-usage-chart>',
    'usage',
    'Calls per day this month (failed calls marked) and the most called actions.',
  ],
  [
    '<RecentCalls limit={10} />',
    '<adrelay-recent-calls limit="10">',
    'recent_calls',
    'The latest calls: method, endpoint, status, duration, time.',
  ],
  [
    '<KeyList />',
    '<adrelay-key-list>',
    'keys',
    'Keys in the session’s scope, masked, with last use and usage against their limit.',
  ],
  [
    '<CampaignPerformance adAccountId datePreset />',
    '<adrelay-campaign-performance ad-account-id date-preset>',
    'campaign_performance',
    'Spend, impressions, clicks, CTR, results (purchases), cost per result and ROAS of an allowed ad account, with daily spend; period picker (7, 14, 30 days).',
  ],
  [
    '<RuleActivity limit={10} />',
    '<adrelay-rule-activity limit="10">',
    'rule_activity',
    'The latest runs of your automated rules: rule name, mode, start time, status, objects evaluated / matched / acted on, and each change (object name and id, before → after; budgets and bids in minor units). A session with ad accounts shows only rules scoped to those accounts; a session without shows every rule.',
  ],
]

const HOOKS: [string, string][] = [
  ['useQuota()', '{scope, used, limit, remaining, period, resetsAt}'],
  [
    'useUsage()',
    '{period, daily: [{date, calls, successful, failed}], byAction: [{action, calls}]}',
  ],
  ['useRecentCalls({limit})', '[{method, endpoint, statusCode, responseTimeMs, createdAt}]'],
  ['useKeys()', '[{name, label, token (masked), lastUsedAt, usage, monthlyLimit}]'],
  [
    'useCampaignPerformance({adAccountId, datePreset})',
    '{adAccountId, currency, datePreset, totals, daily}; money in minor units',
  ],
  [
    'useRuleActivity({limit})',
    '[{id, ruleName, mode, trigger, status, startedAt, finishedAt, evaluated, matched, acted, changes: [{adAccountId, objectType, objectId, objectName, action, field, before, after, status}]}]',
  ],
  ['useEmbedSession()', '{id, components, adAccountIds, key, poweredBy, expiresAt}'],
]

const EVENTS: [string, string][] = [
  [
    'adrelay:quota-threshold',
    '{threshold: 80 | 100, used, limit, percent}: usage reached a threshold',
  ],
  [
    'adrelay:session-expired',
    '{code}: the session expired and fetchClientSecret could not renew it',
  ],
  ['adrelay:error', '{code, message, status}: a read failed (e.g. embed_session_revoked)'],
]

const VARIABLES: [string, string, string][] = [
  ['--adrelay-color-primary', 'colorPrimary', 'Meters, bars, focus rings (#4f46e5 / dark #a5b4fc)'],
  ['--adrelay-color-background', 'colorBackground', 'Widget background (#ffffff / #0f172a)'],
  ['--adrelay-color-text', 'colorText', 'Text (#0f172a / #f1f5f9)'],
  ['--adrelay-color-text-muted', 'colorTextMuted', 'Secondary text (#475569 / #cbd5e1)'],
  ['--adrelay-color-border', 'colorBorder', 'Borders and tracks (#e2e8f0 / #334155)'],
  ['--adrelay-color-danger', 'colorDanger', 'Errors, failed calls, 100 % (#b91c1c / #fca5a5)'],
  ['--adrelay-color-warning', 'colorWarning', 'From 80 % (#b45309 / #fcd34d)'],
  ['--adrelay-color-success', 'colorSuccess', 'Successful calls (#15803d / #86efac)'],
  ['--adrelay-font-family', 'fontFamily', 'Font stack (system UI)'],
  ['--adrelay-font-size', 'fontSize', 'Base size (14px)'],
  ['--adrelay-border-radius', 'borderRadius', 'Corner radius (8px)'],
  ['--adrelay-spacing-unit', 'spacingUnit', 'Spacing unit (4px)'],
]

/** A reference table, scrollable (and focusable, so keyboards can scroll it) in its own box. */
function Table({ label, head, rows }: { label: string; head: string[]; rows: ReactNode[][] }) {
  return (
    <div
      className="overflow-x-auto rounded-lg border border-slate-200 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-indigo-500"
      role="region"
      aria-label={label}
      tabIndex={0}
    >
      <table className="w-full min-w-[36rem] text-left text-sm">
        <thead className="bg-slate-50 text-slate-700">
          <tr>
            {head.map((cell) => (
              <th key={cell} scope="col" className="px-3 py-2 font-medium">
                {cell}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row, index) => (
            <tr key={index} className="border-t border-slate-100 align-top">
              {row.map((cell, cellIndex) => (
                <td key={cellIndex} className="px-3 py-2 text-slate-800">
                  {cell}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  )
}

const code = (text: string) => <code className="font-mono text-xs break-all">{text}</code>

/** /docs/widgets: how to embed, and every component, hook, event and CSS variable. */
export default function WidgetsDocs({
  bundle,
  appOrigin,
}: {
  bundle: WidgetBundleInfo | null
  appOrigin: string
}) {
  const scriptTag = bundle
    ? `<script src="${appOrigin}${bundle.path}"\n        integrity="${bundle.integrity}"\n        crossorigin="anonymous"></script>`
    : 'The script-tag build is not available on this server (npm run build:widgets).'
  return (
    <>
      <Head title="Widgets reference" />
      <header className="flex flex-wrap items-center justify-between gap-3 border-b border-slate-200 bg-white px-4 py-3 sm:px-6">
        <p className="text-sm text-slate-700">@adrelay/widgets reference</p>
        <nav aria-label="Widgets reference" className="flex gap-4 text-sm">
          <Link className="font-medium text-indigo-700 underline" href="/docs/api">
            API reference
          </Link>
          <Link className="font-medium text-indigo-700 underline" href="/dashboard">
            Automation
          </Link>
        </nav>
      </header>
      <main
        id="main-content"
        className="mx-auto grid max-w-4xl grid-cols-1 gap-8 px-4 py-8 sm:px-6"
      >
        <section className="grid min-w-0 grid-cols-1 gap-3">
          <h1 className="text-2xl font-semibold text-slate-950">Embeddable widgets</h1>
          <p className="text-slate-700">
            Show your clients their Adrelay figures inside your own portal. Your server mints a
            short-lived embed session with your API key ({code('POST /api/v1/embed/sessions')}, paid
            plans) and hands its client secret to the page; the widgets read only what the session
            allows, only from the origins it names. Embed reads do not count against your quota and
            are rate limited per session (120 a minute).
          </p>
        </section>

        <section className="grid min-w-0 grid-cols-1 gap-3" aria-labelledby="script-tag">
          <h2 id="script-tag" className="text-lg font-semibold text-slate-950">
            Script tag
          </h2>
          <p className="text-slate-700">
            The build defines custom elements rendered in a shadow root, React included
            {bundle ? `, version ${bundle.version}` : ''}. Its URL never changes content (cached as
            immutable); the integrity hash lets the browser check it.
          </p>
          <div className="flex justify-end">
            <CopyButton text={scriptTag} label="Copy script tag" />
          </div>
          <CodeBlock text={scriptTag} label="Script tag" testId="widgets-script-tag" />
          <CodeBlock
            label="Configure"
            text={`<script>\n  AdrelayWidgets.configure({\n    fetchClientSecret: () => fetch('/adrelay-session', { method: 'POST' }).then((r) => r.json()),\n    appearance: { theme: 'auto' },\n  })\n</script>\n<adrelay-quota-meter></adrelay-quota-meter>`}
          />
        </section>

        <section className="grid min-w-0 grid-cols-1 gap-3" aria-labelledby="react">
          <h2 id="react" className="text-lg font-semibold text-slate-950">
            React
          </h2>
          <p className="text-slate-700">
            {code('npm install @adrelay/widgets')} (React 18 or 19). Wrap the components in{' '}
            {code('<AdrelayEmbedProvider baseUrl fetchClientSecret appearance>')}: it asks{' '}
            {code('fetchClientSecret')} for a secret on first use, before the session expires (a
            minute before, or halfway through a session shorter than two minutes), and again on a
            401; a revoked session (403) shows the error state. When the session has expired and{' '}
            {code('fetchClientSecret')} cannot give a new secret (it throws, e.g. your portal’s own
            login lapsed), the widgets show the expired state, fire{' '}
            {code('adrelay:session-expired')}, and the hooks’ {code('error')} is{' '}
            {code('embed_session_expired')} (401); the next read (every minute, or Try again) asks
            again.
          </p>
          <Table
            label="Components"
            head={['React', 'Custom element', 'Session component', 'Shows']}
            rows={COMPONENTS.map(([react, element, component, shows]) => [
              code(react),
              code(element),
              code(component),
              shows,
            ])}
          />
          <p className="text-slate-700">
            Every component takes a {code('title')}; elements take {code('theme')} (light, dark,
            auto) and {code('title')} attributes.
          </p>
        </section>

        <section className="grid min-w-0 grid-cols-1 gap-3" aria-labelledby="hooks">
          <h2 id="hooks" className="text-lg font-semibold text-slate-950">
            Headless hooks
          </h2>
          <p className="text-slate-700">
            Each returns {code('{data, error, isLoading, refetch}')}, refetches every minute and
            when the secret changes; {code('error')} is an {code('EmbedError')} with a stable{' '}
            {code('code')} and {code('status')}.
          </p>
          <Table
            label="Hooks"
            head={['Hook', 'data']}
            rows={HOOKS.map(([hook, data]) => [code(hook), data])}
          />
        </section>

        <section className="grid min-w-0 grid-cols-1 gap-3" aria-labelledby="events">
          <h2 id="events" className="text-lg font-semibold text-slate-950">
            DOM events
          </h2>
          <p className="text-slate-700">
            Dispatched on the widget, bubbling and composed (they leave the shadow root):{' '}
            {code("document.addEventListener('adrelay:quota-threshold', (event) => …)")}.
          </p>
          <Table
            label="Events"
            head={['Event', 'detail']}
            rows={EVENTS.map(([name, detail]) => [code(name), detail])}
          />
        </section>

        <section className="grid min-w-0 grid-cols-1 gap-3" aria-labelledby="theming">
          <h2 id="theming" className="text-lg font-semibold text-slate-950">
            Theming
          </h2>
          <p className="text-slate-700">
            Set these custom properties on the host page (they inherit into the shadow root), on an
            element, or through {code('appearance.variables')}. {code('appearance.theme')}:{' '}
            {code('light')}, {code('dark')} or {code('auto')} (follows the system).
          </p>
          <Table
            label="CSS variables"
            head={['CSS variable', 'appearance.variables', 'Used for (light / dark default)']}
            rows={VARIABLES.map(([variable, key, use]) => [code(variable), code(key), use])}
          />
          <p className="text-slate-700">
            Every widget shows “Powered by Adrelay”; on the Agency plan a session minted with{' '}
            {code('hidePoweredBy: true')} hides it.
          </p>
        </section>
      </main>
    </>
  )
}
