/**
 * The script-tag build (issue 17): React and the components in one file that defines
 * `<adrelay-quota-meter>`, `<adrelay-usage-chart>`, `<adrelay-recent-calls>`,
 * `<adrelay-key-list>`, `<adrelay-campaign-performance>` and `<adrelay-rule-activity>`. Each renders in its own shadow
 * root (the host page's CSS cannot reach in; `--adrelay-*` custom properties still inherit).
 *
 *   <script src="https://<adrelay>/widgets/<version>/adrelay-widgets.js"
 *           integrity="sha384-…" crossorigin="anonymous"></script>
 *   <script>
 *     AdrelayWidgets.configure({ fetchClientSecret: () => fetch('/adrelay-session', {method: 'POST'})
 *       .then((r) => r.json()) })
 *   </script>
 *   <adrelay-quota-meter theme="auto"></adrelay-quota-meter>
 *
 * Attributes: `theme` (light, dark, auto), `title`, and per element `limit`
 * (recent-calls, rule-activity), `ad-account-id` and `date-preset` (campaign-performance). Instead of
 * `configure`, an element may name `client-secret-url`: a URL of the portal that answers
 * POST with `{clientSecret, expiresAt}`.
 */
import { createRoot, type Root } from 'react-dom/client'
import type { ComponentType } from 'react'
import { AdrelayEmbedProvider } from './provider.js'
import { QuotaMeter } from './components/quota_meter.js'
import { UsageChart } from './components/usage_chart.js'
import { RecentCalls } from './components/recent_calls.js'
import { KeyList } from './components/key_list.js'
import { CampaignPerformance } from './components/campaign_performance.js'
import { RuleActivity } from './components/rule_activity.js'
import type { ClientSecretAnswer } from './client.js'
import type { AdrelayTheme, Appearance } from './theme.js'

export interface ElementsConfig {
  fetchClientSecret: () => Promise<ClientSecretAnswer>
  /** Default: the origin this script was loaded from */
  baseUrl?: string
  appearance?: Appearance
}

const scriptOrigin = (() => {
  const script = typeof document !== 'undefined' ? document.currentScript : null
  try {
    return script instanceof HTMLScriptElement && script.src ? new URL(script.src).origin : ''
  } catch {
    return ''
  }
})()

let config: ElementsConfig | null = null
const waiting = new Set<AdrelayElement>()

/**
 * One secret for every element on the page: calls made within 5 s of each other (elements
 * starting together, or all refreshing after the same 401) share one `fetchClientSecret`.
 */
function sharedFetcher(fetchClientSecret: () => Promise<ClientSecretAnswer>) {
  let last: { at: number; promise: Promise<ClientSecretAnswer> } | null = null
  return () => {
    if (!last || Date.now() - last.at > 5000) {
      last = { at: Date.now(), promise: fetchClientSecret() }
      last.promise.catch(() => {
        last = null
      })
    }
    return last.promise
  }
}

/** Sets how every element gets its client secret; elements waiting for it render now. */
export function configure(next: ElementsConfig) {
  config = { ...next, fetchClientSecret: sharedFetcher(next.fetchClientSecret) }
  for (const element of waiting) element.render()
  waiting.clear()
}

function fromUrl(url: string) {
  return sharedFetcher(async () => {
    const response = await fetch(url, { method: 'POST', credentials: 'include' })
    if (!response.ok) throw new Error(`${url} answered ${response.status}`)
    return (await response.json()) as ClientSecretAnswer
  })
}

const urlFetchers = new Map<string, () => Promise<ClientSecretAnswer>>()

abstract class AdrelayElement extends HTMLElement {
  static observedAttributes = [
    'theme',
    'title',
    'limit',
    'ad-account-id',
    'date-preset',
    'client-secret-url',
    'base-url',
  ]
  #root: Root | null = null
  #container: HTMLDivElement | null = null

  abstract component(): ComponentType<any>

  /** The component's props from the element's attributes. */
  props(): Record<string, unknown> {
    const title = this.getAttribute('title')
    return title ? { title } : {}
  }

  connectedCallback() {
    if (!this.shadowRoot) {
      const shadow = this.attachShadow({ mode: 'open' })
      this.#container = document.createElement('div')
      shadow.appendChild(this.#container)
    }
    this.render()
  }

  disconnectedCallback() {
    waiting.delete(this)
    this.#root?.unmount()
    this.#root = null
  }

  attributeChangedCallback() {
    if (this.isConnected) this.render()
  }

  render() {
    const url = this.getAttribute('client-secret-url')
    let fetchClientSecret = config?.fetchClientSecret
    if (url) {
      if (!urlFetchers.has(url)) urlFetchers.set(url, fromUrl(url))
      fetchClientSecret = urlFetchers.get(url)
    }
    if (!fetchClientSecret || !this.#container) {
      waiting.add(this)
      return
    }
    const theme = this.getAttribute('theme') as AdrelayTheme | null
    const appearance: Appearance = {
      ...config?.appearance,
      theme: theme ?? config?.appearance?.theme ?? 'light',
    }
    const baseUrl = this.getAttribute('base-url') ?? config?.baseUrl ?? scriptOrigin
    const Component = this.component()
    this.#root ??= createRoot(this.#container)
    this.#root.render(
      <AdrelayEmbedProvider
        fetchClientSecret={fetchClientSecret}
        baseUrl={baseUrl}
        appearance={appearance}
      >
        <Component {...this.props()} />
      </AdrelayEmbedProvider>
    )
  }
}

class QuotaMeterElement extends AdrelayElement {
  component() {
    return QuotaMeter
  }
}
class UsageChartElement extends AdrelayElement {
  component() {
    return UsageChart
  }
}
class RecentCallsElement extends AdrelayElement {
  component() {
    return RecentCalls
  }
  props() {
    const limit = Number(this.getAttribute('limit'))
    return { ...super.props(), ...(limit > 0 ? { limit } : {}) }
  }
}
class KeyListElement extends AdrelayElement {
  component() {
    return KeyList
  }
}
class CampaignPerformanceElement extends AdrelayElement {
  component() {
    return CampaignPerformance
  }
  props() {
    return {
      ...super.props(),
      adAccountId: this.getAttribute('ad-account-id') ?? undefined,
      datePreset: this.getAttribute('date-preset') ?? undefined,
    }
  }
}
class RuleActivityElement extends AdrelayElement {
  component() {
    return RuleActivity
  }
  props() {
    const limit = Number(this.getAttribute('limit'))
    return { ...super.props(), ...(limit > 0 ? { limit } : {}) }
  }
}

/** Tag name → element class; defined once even if the script is included twice. */
export const ELEMENTS: Record<string, CustomElementConstructor> = {
  'adrelay-quota-meter': QuotaMeterElement,
  'adrelay-usage-chart': UsageChartElement,
  'adrelay-recent-calls': RecentCallsElement,
  'adrelay-key-list': KeyListElement,
  'adrelay-campaign-performance': CampaignPerformanceElement,
  'adrelay-rule-activity': RuleActivityElement,
}

if (typeof customElements !== 'undefined') {
  for (const [name, element] of Object.entries(ELEMENTS)) {
    if (!customElements.get(name)) customElements.define(name, element)
  }
}
