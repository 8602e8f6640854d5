import { createElement, useId, useState } from 'react'
import { Link } from '@inertiajs/react'
import { useMutation, useQuery } from '@tanstack/react-query'
import { Eye, Loader2, Lock } from 'lucide-react'
import { Badge } from '~/components/ui/badge'
import { Button } from '~/components/ui/button'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '~/components/ui/card'
import { Label } from '~/components/ui/label'
import { CodeBlock } from '~/components/code_block'
import { CopyButton } from '~/components/copy_button'
import { useApiKeys } from '~/hooks/use_api_keys'
import { useMetaAdAccounts, useMetaStatus } from '~/hooks/use_meta_connection'
import { api } from '~/lib/api'
import {
  EMBED_COMPONENT_INFO,
  parseOrigins,
  reactSnippet,
  scriptTagSnippet,
  serverSnippet,
  type EmbedChoices,
} from '~/lib/embed_snippets'
import type { CreatedEmbedSession, EmbedComponent, WidgetBundleInfo } from '~/types'

declare global {
  interface Window {
    AdrelayWidgets?: {
      configure: (config: { fetchClientSecret: () => Promise<unknown>; baseUrl?: string }) => void
    }
  }
}

const ALL_COMPONENTS = Object.keys(EMBED_COMPONENT_INFO) as EmbedComponent[]

/** Loads the script-tag build once (with its integrity), resolving when it has run. */
function loadBundle(bundle: WidgetBundleInfo): Promise<void> {
  const existing = document.querySelector<HTMLScriptElement>('script[data-adrelay-bundle]')
  if (existing && window.AdrelayWidgets) return Promise.resolve()
  return new Promise((resolve, reject) => {
    const script = existing ?? document.createElement('script')
    script.addEventListener('load', () => resolve())
    script.addEventListener('error', () => reject(new Error('The widgets could not be loaded.')))
    if (!existing) {
      script.src = bundle.path
      script.integrity = bundle.integrity
      script.crossOrigin = 'anonymous'
      script.dataset.adrelayBundle = ''
      document.head.appendChild(script)
    }
  })
}

/**
 * The Automation page's Embed tab (issue 17): choose components, a client key and ad
 * accounts, list the portal's origins, preview the widgets live (a 10-minute session for
 * this app's own origin) and copy the server, React and script-tag snippets. Paid plans;
 * the Free plan sees it as a premium feature.
 */
export function EmbedTab({ unlocked }: { unlocked: boolean }) {
  if (!unlocked) {
    return (
      <Card>
        <CardHeader>
          <CardTitle as="h2" className="flex items-center gap-2">
            <Lock className="size-4" aria-hidden="true" />
            Embeddable widgets
            <Badge variant="secondary">Premium</Badge>
          </CardTitle>
          <CardDescription>
            Show your clients their quota, usage, recent calls, keys and campaign performance in
            your own client portal. Available on the Trafficker and Agency plans.
          </CardDescription>
        </CardHeader>
        <CardContent>
          <Button asChild>
            <Link href="/subscription">Upgrade Plan</Link>
          </Button>
        </CardContent>
      </Card>
    )
  }
  return <EmbedBuilder />
}

function EmbedBuilder() {
  const formId = useId()
  const [components, setComponents] = useState<EmbedComponent[]>(['quota', 'usage'])
  const [keyId, setKeyId] = useState<number | null>(null)
  const [adAccountIds, setAdAccountIds] = useState<string[]>([])
  const [originsText, setOriginsText] = useState('')
  const keys = useApiKeys()
  const metaStatus = useMetaStatus()
  const adAccounts = useMetaAdAccounts(metaStatus.data?.connected ?? false)
  const bundle = useQuery<WidgetBundleInfo>({ queryKey: ['/api/embed/bundle'] })
  const appOrigin = typeof window === 'undefined' ? '' : window.location.origin

  const choices: EmbedChoices = {
    components,
    keyId,
    adAccountIds,
    allowedOrigins: parseOrigins(originsText),
  }
  const needsAccount = components.includes('campaign_performance') && adAccountIds.length === 0

  const [previewKey, setPreviewKey] = useState(0)
  const [previewed, setPreviewed] = useState<EmbedComponent[]>([])
  const preview = useMutation({
    mutationFn: async () => {
      if (!bundle.data) throw new Error('The widgets build is not available.')
      await loadBundle(bundle.data)
      const body = {
        components,
        keyId,
        adAccountIds: adAccountIds.length ? adAccountIds : undefined,
      }
      // Mint once now so a refused scope shows here, then hand the elements a fetcher.
      const first = await api.post<CreatedEmbedSession>('/api/embed/preview-session', body)
      let pending: CreatedEmbedSession | null = first
      window.AdrelayWidgets!.configure({
        baseUrl: appOrigin,
        fetchClientSecret: async () => {
          const secret =
            pending ?? (await api.post<CreatedEmbedSession>('/api/embed/preview-session', body))
          pending = null
          return secret
        },
      })
      return components
    },
    onSuccess: (shown) => {
      setPreviewed(shown)
      setPreviewKey((value) => value + 1)
    },
  })

  function toggle<T>(list: T[], value: T, on: boolean) {
    return on ? [...list, value] : list.filter((item) => item !== value)
  }

  return (
    <div className="grid grid-cols-1 gap-6">
      <Card className="min-w-0">
        <CardHeader>
          <CardTitle as="h2">Embed widgets in a client portal</CardTitle>
          <CardDescription>
            Your server mints a short-lived embed session with your API key; the portal shows the
            widgets with its client secret. Embed reads do not count against your quota.
          </CardDescription>
        </CardHeader>
        <CardContent className="grid grid-cols-1 gap-6">
          <fieldset className="grid min-w-0 gap-2">
            <legend className="mb-1 text-sm font-medium text-slate-900">Components</legend>
            <div className="grid gap-2 sm:grid-cols-2">
              {ALL_COMPONENTS.map((name) => (
                <label key={name} className="flex items-center gap-2 text-sm text-slate-800">
                  <input
                    type="checkbox"
                    className="size-4"
                    checked={components.includes(name)}
                    onChange={(event) =>
                      setComponents(toggle(components, name, event.target.checked))
                    }
                  />
                  {EMBED_COMPONENT_INFO[name].label}
                </label>
              ))}
            </div>
          </fieldset>

          <div className="grid gap-1.5">
            <Label htmlFor={`${formId}-key`}>Client key</Label>
            <select
              id={`${formId}-key`}
              className="h-9 max-w-full rounded-md border border-slate-300 bg-white px-2 text-sm"
              value={keyId ?? ''}
              onChange={(event) => setKeyId(event.target.value ? Number(event.target.value) : null)}
            >
              <option value="">Whole account</option>
              {keys.data?.map((key) => (
                <option key={key.id} value={key.id}>
                  {key.label ? `${key.label} (${key.name})` : key.name} · {key.token}
                </option>
              ))}
            </select>
            <p className="text-xs text-slate-600">
              Scoped to a key, the widgets show only that key&apos;s quota, calls and the key
              itself.
            </p>
          </div>

          <fieldset className="grid min-w-0 gap-2">
            <legend className="mb-1 text-sm font-medium text-slate-900">
              Ad accounts (campaign performance)
            </legend>
            {!metaStatus.data?.connected && (
              <p className="text-sm text-slate-600">
                Connect your Meta account on the Integrations page to choose ad accounts.
              </p>
            )}
            {adAccounts.isPending && metaStatus.data?.connected && (
              <p className="text-sm text-slate-600">Loading ad accounts…</p>
            )}
            {adAccounts.data?.adAccounts.map((account) => (
              <label key={account.id} className="flex items-center gap-2 text-sm text-slate-800">
                <input
                  type="checkbox"
                  className="size-4"
                  checked={adAccountIds.includes(account.id)}
                  onChange={(event) =>
                    setAdAccountIds(toggle(adAccountIds, account.id, event.target.checked))
                  }
                />
                <span className="break-all">
                  {account.name} ({account.id})
                </span>
              </label>
            ))}
          </fieldset>

          <div className="grid gap-1.5">
            <Label htmlFor={`${formId}-origins`}>Allowed origins</Label>
            <textarea
              id={`${formId}-origins`}
              className="min-h-20 rounded-md border border-slate-300 px-3 py-2 font-mono text-sm"
              placeholder="https://portal.example.com"
              value={originsText}
              onChange={(event) => setOriginsText(event.target.value)}
            />
            <p className="text-xs text-slate-600">
              One per line. Only pages on these origins can use the session (https; http only for
              localhost).
            </p>
          </div>

          <div className="flex flex-wrap items-center gap-3">
            <Button
              type="button"
              onClick={() => preview.mutate()}
              disabled={components.length === 0 || needsAccount || preview.isPending}
            >
              {preview.isPending ? (
                <Loader2 className="animate-spin" aria-hidden="true" />
              ) : (
                <Eye aria-hidden="true" />
              )}
              Show live preview
            </Button>
            {needsAccount && (
              <p className="text-sm text-amber-800">
                Choose an ad account for campaign performance.
              </p>
            )}
            {preview.isError && (
              <p role="alert" className="text-sm text-red-700">
                {preview.error.message}
              </p>
            )}
          </div>
        </CardContent>
      </Card>

      {previewed.length > 0 && (
        <Card>
          <CardHeader>
            <CardTitle as="h2">Live preview</CardTitle>
            <CardDescription>
              Your real figures through a 10-minute embed session for this page.
            </CardDescription>
          </CardHeader>
          <CardContent>
            <div key={previewKey} className="grid gap-4 md:grid-cols-2" data-testid="embed-preview">
              {previewed.map((name) =>
                createElement(EMBED_COMPONENT_INFO[name].tag, { key: name })
              )}
            </div>
          </CardContent>
        </Card>
      )}

      <SnippetCard
        title="1. Your server mints a session"
        label="Server snippet"
        text={serverSnippet(appOrigin, choices)}
      />
      <SnippetCard
        title="2a. React: @adrelay/widgets"
        label="React snippet"
        text={reactSnippet(appOrigin, choices)}
      />
      <SnippetCard
        title="2b. Any page: script tag"
        label="Script tag snippet"
        text={scriptTagSnippet(appOrigin, bundle.data ?? null, choices)}
      />
      <p className="text-sm text-slate-600">
        Every component, hook, event and CSS variable is described in the{' '}
        <Link href="/docs/widgets" className="text-indigo-700 underline">
          widgets reference
        </Link>
        .
      </p>
    </div>
  )
}

function SnippetCard({ title, label, text }: { title: string; label: string; text: string }) {
  return (
    <Card className="min-w-0">
      <CardHeader className="gap-3 sm:flex-row sm:items-center sm:justify-between">
        <CardTitle as="h3" className="text-base">
          {title}
        </CardTitle>
        <CopyButton text={text} label={`Copy ${label.toLowerCase()}`} />
      </CardHeader>
      <CardContent>
        <CodeBlock text={text} label={label} />
      </CardContent>
    </Card>
  )
}
