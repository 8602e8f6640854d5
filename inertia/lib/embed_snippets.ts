/**
 * The Embed tab's copy-paste snippets (issue 17), built from the user's choices. The server
 * snippet mints a session with the account's API key (never from a browser); the React and
 * script-tag snippets fetch its client secret from the portal's own endpoint.
 */
import type { EmbedComponent, WidgetBundleInfo } from '~/types'

export interface EmbedChoices {
  components: EmbedComponent[]
  keyId: number | null
  adAccountIds: string[]
  allowedOrigins: string[]
}

/** Component name → React component and custom element tag. */
export const EMBED_COMPONENT_INFO: Record<
  EmbedComponent,
  { label: string; react: string; tag: string }
> = {
  quota: { label: 'Quota meter', react: 'QuotaMeter', tag: 'adrelay-quota-meter' },
  usage: { label: 'Usage chart', react: 'UsageChart', tag: 'adrelay-usage-chart' },
  recent_calls: { label: 'Recent calls', react: 'RecentCalls', tag: 'adrelay-recent-calls' },
  keys: { label: 'Key list', react: 'KeyList', tag: 'adrelay-key-list' },
  campaign_performance: {
    label: 'Campaign performance',
    react: 'CampaignPerformance',
    tag: 'adrelay-campaign-performance',
  },
  rule_activity: {
    label: 'Rule activity',
    react: 'RuleActivity',
    tag: 'adrelay-rule-activity',
  },
}

/** Origins from a textarea: one per line, blanks dropped. */
export function parseOrigins(text: string): string[] {
  return text
    .split(/\s+/)
    .map((line) => line.trim())
    .filter(Boolean)
}

/** The session body as the server snippet posts it. */
export function sessionBody(choices: EmbedChoices) {
  return {
    components: choices.components,
    ...(choices.keyId === null ? {} : { keyId: choices.keyId }),
    ...(choices.adAccountIds.length ? { adAccountIds: choices.adAccountIds } : {}),
    allowedOrigins: choices.allowedOrigins.length
      ? choices.allowedOrigins
      : ['https://portal.example.com'],
    ttlSeconds: 3600,
  }
}

/** Node (18+) route of the portal's server that mints a session and hands the secret over. */
export function serverSnippet(appOrigin: string, choices: EmbedChoices) {
  const body = JSON.stringify(sessionBody(choices), null, 2).replace(/\n/g, '\n    ')
  return `// On your server (Express shown): never expose your API key to the browser.
app.post('/adrelay-session', async (req, res) => {
  const answer = await fetch('${appOrigin}/api/v1/embed/sessions', {
    method: 'POST',
    headers: {
      Authorization: \`Bearer \${process.env.ADRELAY_API_KEY}\`,
      'Content-Type': 'application/json',
    },
    body: JSON.stringify(${body}),
  })
  const { clientSecret, expiresAt } = await answer.json()
  res.json({ clientSecret, expiresAt })
})`
}

export function reactSnippet(appOrigin: string, choices: EmbedChoices) {
  const names = choices.components.map((name) => EMBED_COMPONENT_INFO[name].react)
  return `import { AdrelayEmbedProvider, ${names.join(', ')} } from '@adrelay/widgets'

const fetchClientSecret = () =>
  fetch('/adrelay-session', { method: 'POST' }).then((response) => response.json())

export function ClientPortal() {
  return (
    <AdrelayEmbedProvider
      baseUrl="${appOrigin}"
      fetchClientSecret={fetchClientSecret}
      appearance={{ theme: 'auto', variables: { colorPrimary: '#4f46e5' } }}
    >
${names.map((name) => `      <${name} />`).join('\n')}
    </AdrelayEmbedProvider>
  )
}`
}

export function scriptTagSnippet(
  appOrigin: string,
  bundle: WidgetBundleInfo | null,
  choices: EmbedChoices
) {
  const src = bundle
    ? `${appOrigin}${bundle.path}`
    : `${appOrigin}/widgets/<version>/adrelay-widgets.js`
  const integrity = bundle ? bundle.integrity : 'sha384-…'
  const tags = choices.components
    .map(
      (name) =>
        `<${EMBED_COMPONENT_INFO[name].tag} theme="auto"></${EMBED_COMPONENT_INFO[name].tag}>`
    )
    .join('\n')
  return `<script src="${src}"
        integrity="${integrity}"
        crossorigin="anonymous"></script>
<script>
  AdrelayWidgets.configure({
    fetchClientSecret: () =>
      fetch('/adrelay-session', { method: 'POST' }).then((response) => response.json()),
  })
</script>
${tags}`
}
