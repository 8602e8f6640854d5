import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto'
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { DateTime } from 'luxon'
import { SandboxStore, graphTime, type SandboxAd } from '#stand_ins/meta_sandbox/sandbox_store'
import { GraphError, graphError, unsupported } from '#stand_ins/meta_sandbox/sandbox_errors'
import { SandboxBuilder } from '#stand_ins/meta_sandbox/sandbox_builder'
import { SandboxLeads } from '#stand_ins/meta_sandbox/sandbox_leads'
import {
  ATTRIBUTION_WINDOW_SHARE,
  BREAKDOWN_VALUES,
  INSIGHTS_FIELDS,
  adDay,
  computeInsights,
  type Level,
} from '#stand_ins/meta_sandbox/sandbox_insights'

/** A fault queued through `POST /__sandbox/fail_next`. */
export interface SandboxFault {
  /** Meta error code (190, 613, 4, 17, 80004, 10, 200, 100, 2...). */
  code?: number
  subcode?: number
  message?: string
  type?: string
  /** HTTP status (default 400, or 500 for codes 1/2). */
  status?: number
  isTransient?: boolean
  /** Only requests whose path (without version) contains this string. */
  path?: string
  method?: string
  /** Only requests carrying these parameter values, e.g. `{grant_type: 'fb_exchange_token'}`. */
  params?: Record<string, string>
  /** How many matching requests fail (default 1). */
  times?: number
  /** Reply with a body this many bytes long instead of an error. */
  bodyBytes?: number
  /** Reply with a 302 redirect to this URL instead of an error. */
  redirectTo?: string
  /** Minutes in `estimated_time_to_regain_access` (usage headers of the failing response). */
  regainMinutes?: number
  /** Meta's user-facing `error_user_title` / `error_user_msg`. */
  userTitle?: string
  userMessage?: string
}

/** Usage reported in the rate-limit headers, set through `POST /__sandbox/usage`. */
export interface SandboxUsageOverride {
  /** call_count / total_time / total_cputime / acc_id_util_pct, in percent. */
  percent: number
  regainMinutes?: number
  /** For how many responses (default: until reset). */
  times?: number
}

export interface SandboxRequestLog {
  method: string
  path: string
  hasAccessToken: boolean
  hasAppSecretProof: boolean
  at: string
  /** The insights parameters of an insights request (no token, no proof): fields, level, ranges. */
  insights?: Record<string, string>
}

/** The parameters an insights request log keeps (never tokens or proofs). */
const LOGGED_INSIGHTS_PARAMS = ['fields', 'level', 'time_range', 'time_increment', 'date_preset']

interface TokenClaims {
  /** Meta user id */
  u: string
  /** 's' short-lived or 'l' long-lived */
  t: 's' | 'l'
  /** issued at, epoch seconds */
  i: number
  /** expires at, epoch seconds (0 = never) */
  e: number
  /** granted scopes */
  s: string[]
  n: string
}

/**
 * What `issueToken` grants unless told: the Marketing API scopes and the lead scopes an
 * Agency user's connect asks for (config/meta.ts), so tests that read leads need no OAuth.
 */
export const SANDBOX_DEFAULT_SCOPES = [
  'ads_read',
  'ads_management',
  'business_management',
  'leads_retrieval',
  'pages_show_list',
  'pages_read_engagement',
  'pages_manage_ads',
]

const LONG_LIVED_SECONDS = 5_183_944
const SHORT_LIVED_SECONDS = 3600
const LIST_FIELDS_DEFAULT = ['id']

/**
 * The look of the sandbox's pages: the app's own (slate text, indigo actions, rounded cards,
 * Inter when installed), written inline because the sandbox is served from its own loopback
 * port, outside the app's bundle. Keeps the page usable at 375 px.
 */
const SANDBOX_PAGE_CSS = `
*{box-sizing:border-box}
body{margin:0;min-height:100vh;background:linear-gradient(#eef2ff,#f8fafc);color:#0f172a;
font:14px/1.5 'Inter Variable','Inter',ui-sans-serif,system-ui,-apple-system,'Segoe UI',Roboto,sans-serif;
padding:16px;display:grid;place-items:center}
.card{width:100%;max-width:480px;background:#fff;border:1px solid #e2e8f0;border-radius:12px;
box-shadow:0 1px 3px rgb(0 0 0/.08);padding:24px}
.brand{display:flex;align-items:center;gap:8px;font-weight:600;font-size:18px;margin-bottom:16px;flex-wrap:wrap}
.brand svg{width:32px;height:32px}
.tag{font-size:11px;font-weight:600;text-transform:uppercase;letter-spacing:.04em;
background:#fef3c7;color:#92400e;border-radius:999px;padding:2px 8px}
.sandbox{margin:0 0 16px;background:#fffbeb;border:1px solid #fde68a;color:#78350f;border-radius:8px;padding:10px 12px}
h1{font-size:18px;line-height:1.3;margin:0 0 8px}
.scopes{margin:0 0 16px;padding-left:20px;color:#334155}
code{font-family:ui-monospace,SFMono-Regular,Menlo,monospace;font-size:13px;overflow-wrap:anywhere}
fieldset{border:1px solid #e2e8f0;border-radius:8px;margin:0 0 20px;padding:8px 12px}
legend{font-weight:600;padding:0 4px}
label{display:flex;gap:8px;align-items:flex-start;padding:6px 0;cursor:pointer}
small{color:#64748b}
.actions{display:flex;gap:8px;flex-wrap:wrap}
button,.secondary{display:inline-flex;align-items:center;justify-content:center;height:40px;padding:0 16px;
border-radius:8px;font:inherit;font-weight:500;text-decoration:none;cursor:pointer}
button{background:#4f46e5;color:#fff;border:0}
button:hover{background:#4338ca}
.secondary{border:1px solid #cbd5e1;color:#334155;background:#fff}
.secondary:hover{background:#f1f5f9}
:focus-visible{outline:2px solid #6366f1;outline-offset:2px}
`

/** Adrelay's mark (public/favicon.svg), inline for the same reason. */
const ADRELAY_MARK = `<svg viewBox="0 0 32 32" aria-hidden="true"><defs><linearGradient id="m" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#4f46e5"/><stop offset="1" stop-color="#7c3aed"/></linearGradient></defs><rect width="32" height="32" rx="7" fill="url(#m)"/><g transform="translate(6 6) scale(0.8333)" fill="none" stroke="#fff" stroke-width="2.4" stroke-linecap="round" stroke-linejoin="round"><path d="M15.914 4a1.5 1.5 0 00-2.474-1.561l-9 9A1.5 1.5 0 005.5 14h4.002a.5.5 0 01.471.666L8.086 20a1.5 1.5 0 002.475 1.56l9-9A1.5 1.5 0 0018.5 10h-3.997a.5.5 0 01-.472-.667z"/></g></svg>`

/**
 * The Meta sandbox: a Graph API stand-in on a loopback port, speaking the same HTTP protocol
 * as graph.facebook.com and www.facebook.com for what Adrelay uses:
 *
 * - OAuth: `GET /{v}/dialog/oauth` (a consent page with Allow / Cancel, choosing the sandbox
 *   user), `GET /{v}/oauth/access_token` (code exchange and `fb_exchange_token`),
 *   `GET /{v}/debug_token`, `GET /{v}/me`, `DELETE /{v}/me/permissions`
 * - Ads: `/me/adaccounts`, `/act_{id}` (GET, POST spend_cap), `/act_{id}/campaigns|adsets|ads`,
 *   `/{campaign}/adsets|ads`, `/{adset}/ads`, `/{id}` GET and POST (status, daily_budget,
 *   lifetime_budget, spend_cap, name), insights on every level with date_preset, time_range,
 *   time_increment, breakdowns, level, fields, action_attribution_windows
 * - Protocol details: numbers as strings, cursor paging (`paging.cursors`, `paging.next`),
 *   `X-App-Usage` / `X-Ad-Account-Usage` / `X-Business-Use-Case-Usage` /
 *   `x-fb-ads-insights-throttle` headers, Meta-shaped errors, appsecret_proof required on every
 *   call with a user token, Meta's 1885621 error for a budget on both campaign and ad set.
 *
 * Control endpoints for tests (never on Meta): `POST /__sandbox/fail_next` (queue a
 * SandboxFault), `POST /__sandbox/usage` (report high usage), `POST /__sandbox/clock`
 * (`{at: ISO}` drives the clock, `{}` back to real time), `POST /__sandbox/reset`,
 * `GET /__sandbox/requests` (what reached the sandbox, without tokens).
 *
 * Tokens are self-verifying (HMAC with the app secret), so a development restart does not
 * disconnect anyone; writes live in memory until the process stops.
 */
export class MetaSandbox {
  readonly store = new SandboxStore()
  readonly builder = new SandboxBuilder(this.store)
  /** Lead Ads forms and leads (sandbox_leads.ts). */
  readonly leads = new SandboxLeads()
  #server: Server | null = null
  #url: string | null = null
  #faults: SandboxFault[] = []
  #usage: SandboxUsageOverride | null = null
  #requests: SandboxRequestLog[] = []
  #callTimes: number[] = []
  #codes = new Map<
    string,
    {
      userId: string
      clientId: string
      redirectUri: string
      scopes: string[]
      expiresAt: number
      used: boolean
    }
  >()
  /** Meta user id → epoch seconds before which its tokens are revoked (DELETE /me/permissions). */
  #revokedBefore = new Map<string, number>()

  constructor(readonly options: { appId: string; appSecret: string; appName?: string }) {}

  /** Base URL (e.g. `http://127.0.0.1:41234`); valid after `start()`. */
  get url(): string {
    if (!this.#url) throw new Error('The Meta sandbox is not started')
    return this.#url
  }

  get isRunning() {
    return this.#server !== null
  }

  /** Starts listening on `host:port` (port 0 = any free port). */
  async start(port = 0, host = '127.0.0.1'): Promise<string> {
    if (this.#server) return this.url
    const server = createServer((request, response) => {
      void this.#handle(request, response).catch((error) => {
        if (!response.headersSent)
          this.#json(response, 500, { error: { message: String(error?.message), code: 2 } })
        else response.end()
      })
    })
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject)
      server.listen(port, host, () => resolve())
    })
    server.unref()
    const address = server.address() as AddressInfo
    this.#server = server
    this.#url = `http://${host}:${address.port}`
    return this.#url
  }

  async stop() {
    const server = this.#server
    this.#server = null
    this.#url = null
    if (server) {
      server.closeAllConnections()
      await new Promise<void>((resolve) => server.close(() => resolve()))
    }
  }

  /** Back to the seed and real time: data, clock, faults, usage, codes, revocations, request log. */
  reset() {
    this.store.clock.reset()
    this.store.reset()
    this.leads.reset()
    this.#faults = []
    this.#usage = null
    this.#requests = []
    this.#callTimes = []
    this.#codes.clear()
    this.#revokedBefore.clear()
  }

  /** Queues a fault (same as `POST /__sandbox/fail_next`). */
  failNext(fault: SandboxFault) {
    this.#faults.push({ times: 1, ...fault })
  }

  /** Sets the usage the rate-limit headers report (same as `POST /__sandbox/usage`). */
  setUsage(usage: SandboxUsageOverride | null) {
    this.#usage = usage
  }

  /** Requests received (newest last), without tokens. */
  get requests(): readonly SandboxRequestLog[] {
    return this.#requests
  }

  /**
   * Issues a user token directly (tests that need a connection without the OAuth dance).
   * `type` 'l' = long-lived (60 days), 's' = short-lived (1 hour).
   */
  issueToken(userId: string, type: 's' | 'l' = 'l', scopes = SANDBOX_DEFAULT_SCOPES) {
    const now = Math.floor(Date.now() / 1000)
    return this.#sign({
      u: userId,
      t: type,
      i: now,
      e: now + (type === 'l' ? LONG_LIVED_SECONDS : SHORT_LIVED_SECONDS),
      s: scopes,
      n: randomBytes(6).toString('base64url'),
    })
  }

  /* ------------------------------------------------------------------ plumbing */

  async #handle(request: IncomingMessage, response: ServerResponse) {
    const url = new URL(request.url ?? '/', 'http://sandbox.invalid')
    const method = (request.method ?? 'GET').toUpperCase()
    const body = method === 'GET' ? '' : await readBody(request)

    if (url.pathname.startsWith('/__sandbox/')) return this.#control(method, url, body, response)

    const params: Record<string, string> = Object.fromEntries(url.searchParams)
    if (body) {
      const contentType = String(request.headers['content-type'] ?? '')
      if (contentType.includes('application/json')) {
        for (const [name, value] of Object.entries(JSON.parse(body) as Record<string, unknown>)) {
          params[name] = typeof value === 'object' ? JSON.stringify(value) : String(value)
        }
      } else {
        Object.assign(params, Object.fromEntries(new URLSearchParams(body)))
      }
    }
    const authorization = String(request.headers.authorization ?? '')
    if (!params.access_token && /^(Bearer|OAuth)\s+/i.test(authorization)) {
      params.access_token = authorization.replace(/^(Bearer|OAuth)\s+/i, '')
    }
    const version = /^\/(v\d+\.\d+)\//.exec(url.pathname)?.[1] ?? 'v25.0'
    const path = url.pathname.replace(/^\/v\d+\.\d+/, '').replace(/^\/+|\/+$/g, '')

    this.#requests.push({
      method,
      path,
      hasAccessToken: Boolean(params.access_token),
      hasAppSecretProof: Boolean(params.appsecret_proof),
      at: new Date().toISOString(),
      ...(path.endsWith('/insights')
        ? {
            insights: Object.fromEntries(
              LOGGED_INSIGHTS_PARAMS.filter((name) => params[name] !== undefined).map((name) => [
                name,
                params[name],
              ])
            ),
          }
        : {}),
    })
    if (this.#requests.length > 500) this.#requests.shift()
    this.#callTimes.push(Date.now())

    try {
      if (method === 'GET' && path === 'dialog/oauth') return this.#dialog(params, response)
      if (method === 'GET' && path === 'dialog/oauth/confirm')
        return this.#confirm(params, response)

      const fault = this.#takeFault(method, path, params)
      if (fault) return this.#fail(fault, response, path)

      if (method === 'GET' && path === 'oauth/access_token') {
        return this.#json(response, 200, this.#accessToken(params))
      }
      if (method === 'GET' && path === 'debug_token') {
        return this.#json(response, 200, this.#debugToken(params))
      }

      const claims = this.#authenticate(params)
      const result = this.#route(method, path, params, claims, version)
      const accountId = this.store.accountOf(path.split('/')[0])
      return this.#json(
        response,
        200,
        result,
        this.#usageHeaders(accountId, path.endsWith('insights'))
      )
    } catch (error) {
      if (error instanceof GraphError) {
        return this.#json(
          response,
          error.status,
          { error: error.body },
          {
            'www-authenticate':
              error.body.code === 190
                ? `OAuth "Facebook Platform" "invalid_token" "${error.body.message}"`
                : '',
          }
        )
      }
      throw error
    }
  }

  #json(
    response: ServerResponse,
    status: number,
    body: unknown,
    headers: Record<string, string> = {}
  ) {
    const text = JSON.stringify(body)
    response.writeHead(status, {
      'content-type': 'application/json; charset=UTF-8',
      'content-length': Buffer.byteLength(text),
      'facebook-api-version': 'v25.0',
      'x-fb-trace-id': randomBytes(8).toString('base64url'),
      'x-fb-rev': '1000000',
      ...Object.fromEntries(Object.entries(headers).filter(([, value]) => value !== '')),
    })
    response.end(text)
  }

  #takeFault(method: string, path: string, params: Record<string, string>): SandboxFault | null {
    const index = this.#faults.findIndex(
      (fault) =>
        (!fault.path || path.includes(fault.path.replace(/^\/+/, ''))) &&
        (!fault.method || fault.method.toUpperCase() === method) &&
        Object.entries(fault.params ?? {}).every(([name, value]) => params[name] === value)
    )
    if (index === -1) return null
    const fault = this.#faults[index]
    fault.times = (fault.times ?? 1) - 1
    if (fault.times <= 0) this.#faults.splice(index, 1)
    return fault
  }

  #fail(fault: SandboxFault, response: ServerResponse, path: string) {
    if (fault.redirectTo) {
      response.writeHead(302, { 'location': fault.redirectTo, 'content-length': 0 })
      return response.end()
    }
    if (fault.bodyBytes) {
      const filler = 'x'.repeat(Math.max(0, fault.bodyBytes - 20))
      return this.#json(response, 200, { data: [], filler })
    }
    if (fault.status && fault.status >= 500 && fault.code === undefined) {
      response.writeHead(fault.status, { 'content-type': 'text/html', 'content-length': 0 })
      return response.end()
    }
    const code = fault.code ?? 1
    const error = graphError(code, fault.message ?? defaultMessage(code), {
      subcode: fault.subcode ?? defaultSubcode(code),
      status: fault.status,
      isTransient: fault.isTransient,
      type: fault.type,
      userTitle: fault.userTitle,
      userMessage: fault.userMessage,
    }).body
    const accountId = this.store.accountOf(path.split('/')[0])
    const headers = fault.regainMinutes
      ? this.#usageHeaders(accountId ?? '100000000001', path.endsWith('insights'), {
          percent: 100,
          regainMinutes: fault.regainMinutes,
        })
      : {}
    return this.#json(
      response,
      fault.status ?? (code === 1 || code === 2 ? 500 : 400),
      { error },
      headers
    )
  }

  #usageHeaders(accountId: string | null, insights: boolean, override?: SandboxUsageOverride) {
    const now = Date.now()
    this.#callTimes = this.#callTimes.filter((time) => now - time < 3_600_000)
    let usage = override ?? this.#usage
    if (!override && this.#usage && this.#usage.times !== undefined) {
      this.#usage.times -= 1
      if (this.#usage.times <= 0) this.#usage = null
    }
    const appPercent = Math.min(99, Math.round(this.#callTimes.length / 50))
    const percent = usage?.percent ?? appPercent
    const regain = usage?.regainMinutes ?? 0
    // A fault's usage (one ad account / business throttled) is not the app's: as on Meta,
    // X-App-Usage keeps reporting the app-wide figure.
    const appUsage = override ? appPercent : percent
    const headers: Record<string, string> = {
      'x-app-usage': JSON.stringify({
        call_count: appUsage,
        total_cputime: Math.round(appUsage / 2),
        total_time: Math.round(appUsage / 2),
      }),
    }
    if (accountId) {
      const account = this.store.accounts.get(accountId)
      headers['x-ad-account-usage'] = JSON.stringify({
        acc_id_util_pct: percent,
        reset_time_duration: regain * 60,
        ads_api_access_tier: 'standard_access',
      })
      if (account) {
        headers['x-business-use-case-usage'] = JSON.stringify({
          [account.businessId]: [
            {
              type: insights ? 'ads_insights' : 'ads_management',
              call_count: percent,
              total_cputime: Math.round(percent / 2),
              total_time: Math.round(percent / 2),
              estimated_time_to_regain_access: regain,
              ads_api_access_tier: 'standard_access',
            },
          ],
        })
      }
      if (insights) {
        headers['x-fb-ads-insights-throttle'] = JSON.stringify({
          app_id_util_pct: percent,
          acc_id_util_pct: percent,
          ads_api_access_tier: 'standard_access',
        })
      }
    }
    return headers
  }

  #control(method: string, url: URL, body: string, response: ServerResponse) {
    const payload = body ? (JSON.parse(body) as any) : {}
    const name = url.pathname.slice('/__sandbox/'.length)
    if (method === 'POST' && name === 'fail_next') {
      this.failNext(payload)
      return this.#json(response, 200, { queued: this.#faults.length })
    }
    if (method === 'POST' && name === 'usage') {
      this.setUsage(payload?.percent === undefined ? null : payload)
      return this.#json(response, 200, { ok: true })
    }
    if (method === 'POST' && name === 'clock') {
      if (payload?.at) this.store.clock.set(String(payload.at))
      else this.store.clock.reset()
      return this.#json(response, 200, { now: this.store.clock.now().toISO() })
    }
    if (method === 'POST' && name === 'reset') {
      this.reset()
      return this.#json(response, 200, { ok: true })
    }
    if (method === 'GET' && name === 'requests')
      return this.#json(response, 200, { data: this.#requests })
    return this.#json(response, 404, { error: { message: 'Unknown sandbox control endpoint' } })
  }

  /* ------------------------------------------------------------------ OAuth */

  #dialog(params: Record<string, string>, response: ServerResponse) {
    const problem =
      params.client_id !== this.options.appId
        ? 'Invalid App ID: the client_id is not this sandbox app.'
        : !/^https?:\/\//.test(params.redirect_uri ?? '')
          ? 'redirect_uri is missing or not an absolute http(s) URL.'
          : null
    if (problem)
      return this.#html(response, 400, `<h1>Sandbox OAuth error</h1><p>${escapeHtml(problem)}</p>`)

    const scopes = (params.scope ?? '').split(/[ ,]+/).filter(Boolean)
    const cancel = new URL(params.redirect_uri)
    cancel.searchParams.set('error', 'access_denied')
    cancel.searchParams.set('error_code', '200')
    cancel.searchParams.set('error_description', 'Permissions error')
    cancel.searchParams.set('error_reason', 'user_denied')
    if (params.state) cancel.searchParams.set('state', params.state)
    const hidden = ['client_id', 'redirect_uri', 'state', 'scope']
      .map(
        (name) => `<input type="hidden" name="${name}" value="${escapeHtml(params[name] ?? '')}">`
      )
      .join('')
    const users = [...this.store.users.values()]
      .map(
        (user, index) =>
          `<label><input type="radio" name="as" value="${user.id}"${index === 0 ? ' checked' : ''}> <span>${escapeHtml(user.name)} <small>(${user.adAccountIds.length} ad account${user.adAccountIds.length === 1 ? '' : 's'})</small></span></label>`
      )
      .join('')
    const appName = escapeHtml(this.options.appName ?? 'Adrelay')
    return this.#html(
      response,
      200,
      `<main class="card">
<div class="brand">${ADRELAY_MARK}<span>${appName}</span><span class="tag">Meta sandbox</span></div>
<p class="sandbox" role="note"><strong>This is the Meta sandbox, not Facebook.</strong> It stands in for Meta while ${appName} runs in development: the people, ad accounts and campaigns are made up, and nothing you do here reaches Facebook.</p>
<h1>${appName} is requesting access to:</h1>
<ul class="scopes">${scopes.map((scope) => `<li><code>${escapeHtml(scope)}</code></li>`).join('')}</ul>
<form method="get" action="oauth/confirm">${hidden}
<fieldset><legend>Continue as a sandbox person</legend>${users}</fieldset>
<div class="actions"><button type="submit" name="decision" value="allow">Allow</button>
<a class="secondary" href="${escapeHtml(cancel.toString())}">Cancel</a></div>
</form></main>`
    )
  }

  #confirm(params: Record<string, string>, response: ServerResponse) {
    if (
      params.client_id !== this.options.appId ||
      !/^https?:\/\//.test(params.redirect_uri ?? '')
    ) {
      return this.#html(response, 400, '<h1>Sandbox OAuth error</h1>')
    }
    const target = new URL(params.redirect_uri)
    if (params.decision !== 'allow') {
      target.searchParams.set('error', 'access_denied')
      target.searchParams.set('error_reason', 'user_denied')
      target.searchParams.set('error_description', 'Permissions error')
    } else {
      const userId = this.store.users.has(params.as) ? params.as : [...this.store.users.keys()][0]
      const code = `AQ${randomBytes(24).toString('base64url')}`
      this.#codes.set(code, {
        userId,
        clientId: params.client_id,
        redirectUri: params.redirect_uri,
        scopes: (params.scope ?? '').split(/[ ,]+/).filter(Boolean),
        expiresAt: Date.now() + 10 * 60_000,
        used: false,
      })
      target.searchParams.set('code', code)
    }
    if (params.state) target.searchParams.set('state', params.state)
    response.writeHead(302, { 'location': target.toString(), 'content-length': 0 })
    response.end()
  }

  #html(response: ServerResponse, status: number, html: string) {
    const text = `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Meta sandbox · Log in with Facebook</title><style>${SANDBOX_PAGE_CSS}</style></head><body>${html}</body></html>`
    response.writeHead(status, {
      'content-type': 'text/html; charset=utf-8',
      'content-length': Buffer.byteLength(text),
    })
    response.end(text)
  }

  #accessToken(params: Record<string, string>) {
    if (params.client_id !== this.options.appId) {
      throw graphError(101, 'Error validating application. Invalid application ID.')
    }
    if (!safeEqual(params.client_secret ?? '', this.options.appSecret)) {
      throw graphError(1, 'Error validating client secret.', { status: 400 })
    }
    if (params.grant_type === 'fb_exchange_token') {
      const claims = this.#verify(params.fb_exchange_token ?? '')
      if (!claims)
        throw graphError(190, 'Error validating access token: The session is invalid.', {
          subcode: 467,
        })
      const now = Math.floor(Date.now() / 1000)
      const token = this.#sign({
        ...claims,
        t: 'l',
        i: now,
        e: now + LONG_LIVED_SECONDS,
        n: randomBytes(6).toString('base64url'),
      })
      return { access_token: token, token_type: 'bearer', expires_in: LONG_LIVED_SECONDS }
    }
    const grant = this.#codes.get(params.code ?? '')
    if (!grant) throw graphError(100, 'Invalid verification code format.', { subcode: 36007 })
    if (grant.used)
      throw graphError(100, 'This authorization code has been used.', { subcode: 36009 })
    if (grant.expiresAt < Date.now())
      throw graphError(100, 'This authorization code has expired.', { subcode: 36007 })
    if (grant.redirectUri !== params.redirect_uri) {
      throw graphError(
        100,
        'Error validating verification code. Please make sure your redirect_uri is identical to the one you used in the OAuth dialog request',
        { subcode: 36008 }
      )
    }
    grant.used = true
    const now = Math.floor(Date.now() / 1000)
    const token = this.#sign({
      u: grant.userId,
      t: 's',
      i: now,
      e: now + SHORT_LIVED_SECONDS,
      s: grant.scopes,
      n: randomBytes(6).toString('base64url'),
    })
    return { access_token: token, token_type: 'bearer', expires_in: SHORT_LIVED_SECONDS }
  }

  #debugToken(params: Record<string, string>) {
    const [appId, secret] = (params.access_token ?? '').split('|')
    if (appId !== this.options.appId || !safeEqual(secret ?? '', this.options.appSecret)) {
      throw graphError(190, 'Invalid OAuth access token signature.', { subcode: undefined })
    }
    this.#checkProof(params)
    const claims = this.#verify(params.input_token ?? '')
    if (!claims) {
      return {
        data: {
          app_id: this.options.appId,
          is_valid: false,
          error: {
            code: 190,
            message: 'Error validating access token: The session is invalid.',
            subcode: 467,
          },
          scopes: [],
        },
      }
    }
    const user = this.store.users.get(claims.u)
    return {
      data: {
        app_id: this.options.appId,
        type: 'USER',
        application: this.options.appName ?? 'Adrelay',
        data_access_expires_at: claims.i + 90 * 86400,
        expires_at: claims.e,
        is_valid: true,
        issued_at: claims.i,
        scopes: claims.s,
        granular_scopes: claims.s
          .filter((scope) => scope.startsWith('ads_'))
          .map((scope) => ({ scope, target_ids: user?.adAccountIds ?? [] })),
        user_id: claims.u,
      },
    }
  }

  #sign(claims: TokenClaims) {
    const payload = Buffer.from(JSON.stringify(claims)).toString('base64url')
    const signature = createHmac('sha256', this.options.appSecret)
      .update(payload)
      .digest('base64url')
    return `EAAS${payload}.${signature}`
  }

  /** Claims of a valid, unexpired, unrevoked token; null otherwise. */
  #verify(token: string): TokenClaims | null {
    const match = /^EAAS([A-Za-z0-9_-]+)\.([A-Za-z0-9_-]+)$/.exec(token)
    if (!match) return null
    const expected = createHmac('sha256', this.options.appSecret)
      .update(match[1])
      .digest('base64url')
    if (!safeEqual(match[2], expected)) return null
    const claims = JSON.parse(Buffer.from(match[1], 'base64url').toString()) as TokenClaims
    const now = Math.floor(Date.now() / 1000)
    if (claims.e !== 0 && claims.e < now) return null
    if ((this.#revokedBefore.get(claims.u) ?? 0) >= claims.i && this.#revokedBefore.has(claims.u))
      return null
    return claims
  }

  #checkProof(params: Record<string, string>) {
    if (!params.appsecret_proof) {
      throw graphError(100, 'API calls from the server require an appsecret_proof argument', {
        type: 'GraphMethodException',
      })
    }
    const expected = createHmac('sha256', this.options.appSecret)
      .update(params.access_token ?? '')
      .digest('hex')
    if (!safeEqual(params.appsecret_proof, expected)) {
      throw graphError(100, 'Invalid appsecret_proof provided in the API argument', {
        type: 'GraphMethodException',
      })
    }
  }

  #authenticate(params: Record<string, string>): TokenClaims {
    if (!params.access_token) {
      throw graphError(
        2500,
        'An active access token must be used to query information about the current user.'
      )
    }
    const claims = this.#verify(params.access_token)
    if (!claims) {
      const revoked = /^EAAS/.test(params.access_token)
      throw graphError(
        190,
        revoked
          ? 'Error validating access token: The user has not authorized application.'
          : 'Invalid OAuth access token - Cannot parse access token',
        {
          subcode: revoked ? 458 : undefined,
          status: 400,
        }
      )
    }
    this.#checkProof(params)
    return claims
  }

  /* ------------------------------------------------------------------ Graph routes */

  #route(
    method: string,
    path: string,
    params: Record<string, string>,
    claims: TokenClaims,
    version: string
  ) {
    const user = this.store.users.get(claims.u)!
    const segments = path.split('/')
    const [node, edge, extra] = segments
    if (extra !== undefined)
      throw graphError(100, `Unknown path components: /${segments.slice(2).join('/')}`)

    if (node === 'me') {
      if (!edge && method === 'GET')
        return pick({ id: user.id, name: user.name }, fields(params, ['id', 'name']), 'User')
      if (edge === 'permissions' && method === 'DELETE') {
        this.#revokedBefore.set(user.id, Math.floor(Date.now() / 1000))
        return { success: true }
      }
      if (edge === 'permissions' && method === 'GET') {
        return { data: claims.s.map((permission) => ({ permission, status: 'granted' })) }
      }
      if (edge === 'adaccounts' && method === 'GET') {
        const accounts = user.adAccountIds.map((id) => this.#accountNode(id))
        return this.#paged(
          accounts,
          params,
          path,
          version,
          fields(params, LIST_FIELDS_DEFAULT),
          'AdAccount'
        )
      }
      throw graphError(100, `Tried accessing nonexisting field (${edge}) on node type (User)`)
    }

    const paged = (items: Array<Record<string, any>>, wanted: string[], type: string) =>
      this.#paged(items, params, path, version, wanted, type)
    if (node === 'search' && !edge && method === 'GET') return this.builder.search(params, paged)
    const visiblePages = [...this.store.pages.values()]
      .filter((page) => page.accountIds.some((id) => user.adAccountIds.includes(id)))
      .map((page) => page.id)
    const leadAnswer = this.leads.route(method, node, edge, params, visiblePages, paged, claims.s)
    if (leadAnswer !== undefined) return leadAnswer

    const accountId = this.store.accountOf(node)
    if (!accountId || !user.adAccountIds.includes(accountId)) {
      throw method === 'GET' ? unsupported(node) : unsupported(node, 'post')
    }
    const requireScope = (scope: string) => {
      if (!claims.s.includes(scope)) {
        throw graphError(200, `(#200) Requires ${scope} permission to manage the object`, {
          type: 'OAuthException',
        })
      }
    }
    requireScope(method === 'GET' ? 'ads_read' : 'ads_management')

    if (node.startsWith('act_'))
      return this.#accountRoute(method, accountId, edge, params, path, version)
    const built = this.builder.objectRoute(method, node, edge, params, paged)
    if (built !== undefined) return built
    return this.#objectRoute(method, node, edge, params, path, version)
  }

  #accountRoute(
    method: string,
    accountId: string,
    edge: string | undefined,
    params: Record<string, string>,
    path: string,
    version: string
  ) {
    if (!edge) {
      if (method === 'GET')
        return pick(this.#accountNode(accountId), fields(params, ['id']), 'AdAccount')
      if (method === 'POST') {
        const account = this.store.accounts.get(accountId)!
        if (params.spend_cap_action === 'delete') account.spendCap = 0
        else if (params.spend_cap !== undefined)
          account.spendCap = this.#budgetParam(params.spend_cap, 'spend_cap', true)
        else if (params.spend_cap_action === 'reset') {
          // Meta resets the amount counted toward the cap; the sandbox keeps no separate counter.
        } else if (params.name) account.name = params.name
        else
          throw graphError(
            100,
            '(#100) No supported parameter was given (spend_cap, spend_cap_action, name).'
          )
        return { success: true }
      }
    }
    const paged = (items: Array<Record<string, any>>, wanted: string[], type: string) =>
      this.#paged(items, params, path, version, wanted, type)
    if (method === 'POST' && edge) {
      const created = this.builder.accountPost(accountId, edge, params)
      if (created !== undefined) return created
    }
    if (method !== 'GET')
      throw graphError(100, `Unsupported post request on edge (${edge}).`, { subcode: 33 })
    const listed = edge ? this.builder.accountGet(accountId, edge, params, paged) : undefined
    if (listed !== undefined) return listed
    const inAccount = <T extends { accountId: string }>(items: Iterable<T>) =>
      [...items].filter((item) => item.accountId === accountId)
    if (edge === 'campaigns')
      return this.#listObjects(
        inAccount(this.store.campaigns.values()).map((c) => this.#campaignNode(c.id)),
        params,
        path,
        version,
        'Campaign'
      )
    if (edge === 'adsets')
      return this.#listObjects(
        inAccount(this.store.adSets.values()).map((a) => this.#adSetNode(a.id)),
        params,
        path,
        version,
        'AdSet'
      )
    if (edge === 'ads')
      return this.#listObjects(
        inAccount(this.store.ads.values()).map((a) => this.#adNode(a.id)),
        params,
        path,
        version,
        'Ad'
      )
    if (edge === 'insights')
      return this.#insights(
        accountId,
        inAccount(this.store.ads.values()),
        'account',
        params,
        path,
        version
      )
    throw graphError(100, `Tried accessing nonexisting field (${edge}) on node type (AdAccount)`)
  }

  #objectRoute(
    method: string,
    id: string,
    edge: string | undefined,
    params: Record<string, string>,
    path: string,
    version: string
  ) {
    const campaign = this.store.campaigns.get(id)
    const adSet = this.store.adSets.get(id)
    const type = campaign ? 'Campaign' : adSet ? 'AdSet' : 'Ad'
    if (!edge && method === 'GET') {
      const node = campaign
        ? this.#campaignNode(id)
        : adSet
          ? this.#adSetNode(id)
          : this.#adNode(id)
      return pick(node, fields(params, ['id']), type)
    }
    if (!edge && method === 'POST') return this.#update(id, params)
    if (method !== 'GET')
      throw graphError(100, `Unsupported ${method.toLowerCase()} request.`, { subcode: 33 })
    const accountId = this.store.accountOf(id)!
    const ads = [...this.store.ads.values()].filter((item) =>
      campaign ? item.campaignId === id : adSet ? item.adSetId === id : item.id === id
    )
    if (edge === 'insights') {
      return this.#insights(
        accountId,
        ads,
        campaign ? 'campaign' : adSet ? 'adset' : 'ad',
        params,
        path,
        version
      )
    }
    if (edge === 'adsets' && campaign) {
      return this.#listObjects(
        [...this.store.adSets.values()]
          .filter((item) => item.campaignId === id)
          .map((item) => this.#adSetNode(item.id)),
        params,
        path,
        version,
        'AdSet'
      )
    }
    if (edge === 'ads' && (campaign || adSet)) {
      return this.#listObjects(
        ads.map((item) => this.#adNode(item.id)),
        params,
        path,
        version,
        'Ad'
      )
    }
    throw graphError(100, `Tried accessing nonexisting field (${edge}) on node type (${type})`)
  }

  #budgetParam(value: string, name: string, allowZero = false) {
    const parsed = Number(value)
    if (!/^\d+$/.test(value) || !Number.isSafeInteger(parsed)) {
      throw graphError(
        100,
        `(#100) Param ${name} must be a non-negative integer (minor units of the account currency)`
      )
    }
    if (!allowZero && parsed < 100) {
      throw graphError(
        100,
        'Your budget is too low. The minimum budget for this ad set is $1.00.',
        { subcode: 1885272 }
      )
    }
    return parsed
  }

  #update(id: string, params: Record<string, string>) {
    const campaign = this.store.campaigns.get(id)
    const adSet = this.store.adSets.get(id)
    const ad = this.store.ads.get(id)
    const target = (campaign ?? adSet ?? ad)!
    const statuses = ['ACTIVE', 'PAUSED', 'ARCHIVED', 'DELETED']
    if (params.status !== undefined && !statuses.includes(params.status)) {
      throw graphError(100, `(#100) Param status must be one of {${statuses.join(', ')}}`)
    }
    const wantsBudget = params.daily_budget !== undefined || params.lifetime_budget !== undefined
    if (wantsBudget && ad)
      throw graphError(100, '(#100) Ads have no budget; set it on the ad set or campaign.')
    let daily: number | null = null
    let lifetime: number | null = null
    if (wantsBudget) {
      const holder = (campaign ?? adSet)!
      if (params.daily_budget !== undefined)
        daily = this.#budgetParam(params.daily_budget, 'daily_budget')
      if (params.lifetime_budget !== undefined)
        lifetime = this.#budgetParam(params.lifetime_budget, 'lifetime_budget')
      if (daily !== null && lifetime !== null) {
        throw graphError(100, '(#100) Only one of daily_budget and lifetime_budget can be set.')
      }
      if ((daily !== null && holder.lifetimeBudget) || (lifetime !== null && holder.dailyBudget)) {
        throw graphError(
          100,
          'You cannot switch between daily and lifetime budgets once delivery has started.',
          { subcode: 1885334 }
        )
      }
      const conflict = campaign
        ? !campaign.dailyBudget &&
          !campaign.lifetimeBudget &&
          [...this.store.adSets.values()].some(
            (item) => item.campaignId === id && (item.dailyBudget || item.lifetimeBudget)
          )
        : (() => {
            const parent = this.store.campaigns.get(adSet!.campaignId)!
            return Boolean(parent.dailyBudget || parent.lifetimeBudget)
          })()
      if (conflict) {
        throw graphError(100, 'Invalid parameter', {
          subcode: 1885621,
          type: 'OAuthException',
        })
      }
    }
    if (params.spend_cap !== undefined) {
      if (!campaign) throw graphError(100, '(#100) spend_cap is only supported on campaigns.')
      campaign.spendCap = this.#budgetParam(params.spend_cap, 'spend_cap', true) || null
    }
    if (adSet) this.builder.updateAdSet(adSet, params)
    if (ad) this.builder.updateAd(ad, params)
    if (params.status !== undefined) target.status = params.status as any
    if (params.name !== undefined) target.name = params.name
    if (daily !== null) (target as any).dailyBudget = daily
    if (lifetime !== null) (target as any).lifetimeBudget = lifetime
    target.updatedTime = graphTime(this.store.clock.now())
    return { success: true }
  }

  #accountNode(accountId: string) {
    const account = this.store.accounts.get(accountId)!
    const ads = [...this.store.ads.values()].filter((ad) => ad.accountId === accountId)
    let spent = 0
    const today = this.store.clock.now().setZone(account.timezoneName).toISODate()!
    // One look-up of each budget's sibling ads for the whole sum: without it every ad-day
    // scanned every ad of the store, so listing ad accounts grew with the square of the store
    // (most of bench:rules' 10,000-rule tick was this stand-in, not the app).
    const siblings = new Map<string, SandboxAd[]>()
    for (
      let day = DateTime.fromISO(account.createdDate);
      day.toISODate()! <= today;
      day = day.plus({ days: 1 })
    ) {
      for (const ad of ads) spent += adDay(this.store, ad, day.toISODate()!, siblings)?.spend ?? 0
    }
    const offsetHours = this.store.clock.now().setZone(account.timezoneName).offset / 60
    return {
      id: `act_${account.id}`,
      account_id: account.id,
      name: account.name,
      currency: account.currency,
      timezone_name: account.timezoneName,
      timezone_offset_hours_utc: offsetHours,
      account_status: 1,
      disable_reason: 0,
      amount_spent: String(spent),
      spend_cap: String(account.spendCap),
      balance: '0',
      business: { id: account.businessId, name: account.businessName },
      created_time: graphTime(
        DateTime.fromISO(account.createdDate, { zone: account.timezoneName }).plus({ hours: 9 })
      ),
    }
  }

  #campaignNode(id: string) {
    const campaign = this.store.campaigns.get(id)!
    const account = this.store.accounts.get(campaign.accountId)!
    return {
      id: campaign.id,
      account_id: campaign.accountId,
      name: campaign.name,
      status: campaign.status,
      configured_status: campaign.status,
      effective_status: this.store.effectiveStatus(campaign),
      objective: campaign.objective,
      buying_type: 'AUCTION',
      special_ad_categories: campaign.specialAdCategories,
      is_adset_budget_sharing_enabled: campaign.isAdsetBudgetSharingEnabled,
      daily_budget: campaign.dailyBudget === null ? undefined : String(campaign.dailyBudget),
      lifetime_budget:
        campaign.lifetimeBudget === null ? undefined : String(campaign.lifetimeBudget),
      budget_remaining: String(campaign.dailyBudget ?? campaign.lifetimeBudget ?? 0),
      bid_strategy: campaign.bidStrategy,
      spend_cap: campaign.spendCap === null ? undefined : String(campaign.spendCap),
      start_time: graphTime(DateTime.fromISO(campaign.startDate, { zone: account.timezoneName })),
      stop_time: campaign.stopDate
        ? graphTime(
            DateTime.fromISO(campaign.stopDate, { zone: account.timezoneName })
              .endOf('day')
              .startOf('second')
          )
        : undefined,
      created_time: campaign.createdTime,
      updated_time: campaign.updatedTime,
    }
  }

  #adSetNode(id: string) {
    const adSet = this.store.adSets.get(id)!
    const campaign = this.store.campaigns.get(adSet.campaignId)!
    const account = this.store.accounts.get(adSet.accountId)!
    return {
      id: adSet.id,
      account_id: adSet.accountId,
      campaign_id: adSet.campaignId,
      campaign: { id: campaign.id },
      name: adSet.name,
      status: adSet.status,
      configured_status: adSet.status,
      effective_status: this.store.effectiveStatus(adSet),
      daily_budget: adSet.dailyBudget === null ? undefined : String(adSet.dailyBudget),
      lifetime_budget: adSet.lifetimeBudget === null ? undefined : String(adSet.lifetimeBudget),
      budget_remaining: String(adSet.dailyBudget ?? adSet.lifetimeBudget ?? 0),
      optimization_goal: adSet.optimizationGoal,
      billing_event: adSet.billingEvent,
      bid_strategy: adSet.bidStrategy ?? campaign.bidStrategy,
      bid_amount: adSet.bidAmount === null ? undefined : String(adSet.bidAmount),
      bid_constraints: adSet.bidConstraints ?? undefined,
      frequency_control_specs: adSet.frequencyControlSpecs ?? undefined,
      promoted_object: adSet.promotedObject ?? undefined,
      destination_type: adSet.destinationType ?? undefined,
      is_dynamic_creative: adSet.isDynamicCreative,
      start_time:
        adSet.startTime ??
        graphTime(DateTime.fromISO(campaign.startDate, { zone: account.timezoneName })),
      end_time:
        adSet.endTime ??
        (campaign.stopDate
          ? graphTime(
              DateTime.fromISO(campaign.stopDate, { zone: account.timezoneName })
                .endOf('day')
                .startOf('second')
            )
          : undefined),
      targeting: adSet.targeting,
      created_time: adSet.createdTime,
      updated_time: adSet.updatedTime,
    }
  }

  #adNode(id: string) {
    const ad = this.store.ads.get(id)!
    return {
      id: ad.id,
      account_id: ad.accountId,
      campaign_id: ad.campaignId,
      adset_id: ad.adSetId,
      name: ad.name,
      status: ad.status,
      configured_status: ad.status,
      effective_status: this.store.effectiveStatus(ad),
      creative: { id: ad.creativeId },
      created_time: ad.createdTime,
      updated_time: ad.updatedTime,
    }
  }

  #listObjects(
    nodes: Array<Record<string, any>>,
    params: Record<string, string>,
    path: string,
    version: string,
    type: string
  ) {
    let filtered = nodes
    const effective = parseJsonParam<string[]>(params.effective_status, 'effective_status')
    if (effective) {
      filtered = filtered.filter((node) => effective.includes(node.effective_status))
    } else {
      filtered = filtered.filter((node) => !['ARCHIVED', 'DELETED'].includes(node.effective_status))
    }
    const filtering = parseJsonParam<Array<{ field: string; operator: string; value: unknown }>>(
      params.filtering,
      'filtering'
    )
    for (const filter of filtering ?? []) {
      const field = filter.field.replace(/^(campaign|adset|ad)\./, '')
      const read = (node: Record<string, any>) =>
        String(
          node[
            field === 'id' && filter.field.includes('.')
              ? `${filter.field.split('.')[0]}_id`
              : field
          ] ?? ''
        )
      const values = Array.isArray(filter.value) ? filter.value.map(String) : [String(filter.value)]
      filtered = filtered.filter((node) => {
        switch (filter.operator) {
          case 'IN':
            return values.includes(read(node))
          case 'NOT_IN':
            return !values.includes(read(node))
          case 'EQUAL':
            return read(node) === values[0]
          case 'NOT_EQUAL':
            return read(node) !== values[0]
          case 'CONTAIN':
            return read(node).toLowerCase().includes(values[0].toLowerCase())
          default:
            throw graphError(100, `(#100) Filtering operator ${filter.operator} is not supported`)
        }
      })
    }
    return this.#paged(filtered, params, path, version, fields(params, LIST_FIELDS_DEFAULT), type)
  }

  #paged(
    items: Array<Record<string, any>>,
    params: Record<string, string>,
    path: string,
    version: string,
    wanted: string[],
    type: string
  ) {
    const limit = Math.min(Math.max(Number(params.limit) || 25, 1), 500)
    const offset = params.after ? decodeCursor(params.after) : 0
    const page = items.slice(offset, offset + limit).map((item) => pick(item, wanted, type))
    const result: Record<string, unknown> = { data: page }
    if (items.length > 0) {
      const cursors = {
        before: encodeCursor(offset),
        after: encodeCursor(offset + Math.max(page.length - 1, 0)),
      }
      const paging: Record<string, unknown> = { cursors }
      if (offset + limit < items.length) {
        cursors.after = encodeCursor(offset + limit)
        const next = new URL(`${this.url}/${version}/${path}`)
        for (const [name, value] of Object.entries(params))
          if (name !== 'after' && name !== 'before') next.searchParams.set(name, value)
        next.searchParams.set('limit', String(limit))
        next.searchParams.set('after', cursors.after)
        paging.next = next.toString()
      }
      result.paging = paging
    }
    return result
  }

  #insights(
    accountId: string,
    ads: SandboxAd[],
    objectLevel: Level,
    params: Record<string, string>,
    path: string,
    version: string
  ) {
    const account = this.store.accounts.get(accountId)!
    const levels: Level[] = ['account', 'campaign', 'adset', 'ad']
    const level = (params.level ?? objectLevel) as Level
    if (!levels.includes(level))
      throw graphError(
        100,
        `(#100) level must be one of the following values: ${levels.join(', ')}`
      )
    const wanted = (params.fields ?? 'spend,impressions')
      .split(',')
      .map((field) => field.trim())
      .filter(Boolean)
    for (const field of wanted) {
      if (!INSIGHTS_FIELDS.has(field)) {
        throw graphError(
          100,
          `(#100) ${field} is not valid for fields param. please check https://developers.facebook.com/docs/marketing-api/reference/ads-insights/ for all valid values`
        )
      }
    }
    const breakdowns = parseJsonParam<string[]>(params.breakdowns, 'breakdowns', true) ?? []
    for (const breakdown of breakdowns) {
      if (!(breakdown in BREAKDOWN_VALUES)) {
        throw graphError(
          100,
          `(#100) breakdowns[0] must be one of the following values: ${Object.keys(BREAKDOWN_VALUES).join(', ')}`
        )
      }
    }
    const windows =
      parseJsonParam<string[]>(
        params.action_attribution_windows,
        'action_attribution_windows',
        true
      ) ?? []
    for (const window of windows) {
      if (!(window in ATTRIBUTION_WINDOW_SHARE) && window !== 'default') {
        throw graphError(
          100,
          `(#100) action_attribution_windows[0] must be one of the following values: ${Object.keys(ATTRIBUTION_WINDOW_SHARE).join(', ')}, default`
        )
      }
    }
    const { since, until } = this.#dateRange(account.timezoneName, account.createdDate, params)
    let timeIncrement: number | 'monthly' | 'all_days' = 'all_days'
    if (params.time_increment) {
      if (params.time_increment === 'monthly' || params.time_increment === 'all_days')
        timeIncrement = params.time_increment
      else {
        const value = Number(params.time_increment)
        if (!Number.isInteger(value) || value < 1 || value > 90) {
          throw graphError(
            100,
            '(#100) time_increment must be an integer between 1 and 90, monthly or all_days'
          )
        }
        timeIncrement = value
      }
    }
    const rows = computeInsights(this.store, {
      account,
      ads,
      level,
      since,
      until,
      timeIncrement,
      breakdowns,
      fields: wanted,
      attributionWindows: windows.filter((window) => window !== 'default'),
    })
    return this.#paged(rows, params, path, version, ['*'], 'AdsInsights')
  }

  #dateRange(zone: string, createdDate: string, params: Record<string, string>) {
    const today = this.store.clock.now().setZone(zone).startOf('day')
    const range = parseJsonParam<{ since: string; until: string }>(params.time_range, 'time_range')
    if (range) {
      const since = DateTime.fromISO(String(range.since), { zone })
      const until = DateTime.fromISO(String(range.until), { zone })
      if (!since.isValid || !until.isValid || since > until) {
        throw graphError(
          100,
          '(#100) time_range must be {since: YYYY-MM-DD, until: YYYY-MM-DD} with since <= until'
        )
      }
      if (until.diff(since, 'months').months > 37)
        throw graphError(100, '(#100) time_range is longer than 37 months')
      return { since: since.toISODate()!, until: until.toISODate()! }
    }
    const preset = params.date_preset ?? 'last_30d'
    const days = (from: DateTime, to: DateTime) => ({
      since: from.toISODate()!,
      until: to.toISODate()!,
    })
    const yesterday = today.minus({ days: 1 })
    const lastN = /^last_(\d+)d$/.exec(preset)
    if (lastN && [3, 7, 14, 28, 30, 90].includes(Number(lastN[1]))) {
      return days(today.minus({ days: Number(lastN[1]) }), yesterday)
    }
    const mondayThisWeek = today.startOf('week')
    const sundayThisWeek = today.weekday === 7 ? today : today.startOf('week').minus({ days: 1 })
    switch (preset) {
      case 'today':
        return days(today, today)
      case 'yesterday':
        return days(yesterday, yesterday)
      case 'this_month':
        return days(today.startOf('month'), today)
      case 'last_month':
        return days(
          today.minus({ months: 1 }).startOf('month'),
          today.minus({ months: 1 }).endOf('month')
        )
      case 'this_quarter':
        return days(today.startOf('quarter'), today)
      case 'last_quarter':
        return days(
          today.minus({ quarters: 1 }).startOf('quarter'),
          today.minus({ quarters: 1 }).endOf('quarter')
        )
      case 'this_year':
        return days(today.startOf('year'), today)
      case 'last_year':
        return days(
          today.minus({ years: 1 }).startOf('year'),
          today.minus({ years: 1 }).endOf('year')
        )
      case 'this_week_mon_today':
        return days(mondayThisWeek, today)
      case 'this_week_sun_today':
        return days(sundayThisWeek, today)
      case 'last_week_mon_sun':
        return days(mondayThisWeek.minus({ weeks: 1 }), mondayThisWeek.minus({ days: 1 }))
      case 'last_week_sun_sat':
        return days(sundayThisWeek.minus({ weeks: 1 }), sundayThisWeek.minus({ days: 1 }))
      case 'maximum':
      case 'data_maximum':
        return days(DateTime.fromISO(createdDate, { zone }), today)
      default:
        throw graphError(
          100,
          `(#100) date_preset must be one of the following values: today, yesterday, this_month, last_month, this_quarter, maximum, data_maximum, last_3d, last_7d, last_14d, last_28d, last_30d, last_90d, last_week_mon_sun, last_week_sun_sat, last_quarter, last_year, this_week_mon_today, this_week_sun_today, this_year`
        )
    }
  }
}

/* ------------------------------------------------------------------ helpers */

function defaultMessage(code: number) {
  switch (code) {
    case 190:
      return 'Error validating access token: Session has expired on Tuesday, 01-Jan-2030 00:00:00 PST.'
    case 4:
      return '(#4) Application request limit reached'
    case 17:
      return '(#17) User request limit reached'
    case 613:
      return '(#613) Calls to this api have exceeded the rate limit.'
    case 10:
      return '(#10) Application does not have permission for this action'
    case 200:
      return '(#200) Requires ads_management permission to manage the object'
    case 1:
      return 'An unknown error occurred'
    case 2:
      return 'Service temporarily unavailable'
    default:
      if (code >= 80000 && code <= 80014) {
        return 'There have been too many calls from this ad-account. Wait a bit and try again. For more info, please refer to https://developers.facebook.com/docs/graph-api/overview/rate-limiting#ads-management.'
      }
      return 'Invalid parameter'
  }
}

function defaultSubcode(code: number) {
  if (code === 190) return 463
  if (code === 17) return 2446079
  if (code === 613) return 1487742
  return undefined
}

function fields(params: Record<string, string>, fallback: string[]) {
  if (!params.fields) return fallback
  const result: string[] = []
  let depth = 0
  let current = ''
  for (const character of params.fields) {
    if (character === '{') depth++
    if (character === '}') depth--
    if (character === ',' && depth === 0) {
      result.push(current)
      current = ''
    } else current += character
  }
  result.push(current)
  return result.map((field) => field.replace(/\{.*\}$/, '').trim()).filter(Boolean)
}

function pick(node: Record<string, any>, wanted: string[], type: string) {
  if (wanted.includes('*')) return node
  const result: Record<string, unknown> = { id: node.id }
  for (const field of wanted) {
    if (!(field in node)) {
      throw graphError(
        100,
        `(#100) Tried accessing nonexisting field (${field}) on node type (${type})`
      )
    }
    if (node[field] !== undefined) result[field] = node[field]
  }
  if (result.id === undefined) delete result.id
  return result
}

function parseJsonParam<T>(value: string | undefined, name: string, allowCsv = false): T | null {
  if (value === undefined || value === '') return null
  try {
    return JSON.parse(value) as T
  } catch {
    if (allowCsv) return value.split(',').map((part) => part.trim()) as T
    throw graphError(100, `(#100) Param ${name} must be a JSON value`)
  }
}

function encodeCursor(offset: number) {
  return Buffer.from(`cursor:${offset}`).toString('base64url')
}

function decodeCursor(cursor: string) {
  const match = /^cursor:(\d+)$/.exec(Buffer.from(cursor, 'base64url').toString())
  if (!match) throw graphError(100, '(#100) The after cursor is invalid')
  return Number(match[1])
}

function safeEqual(a: string, b: string) {
  const left = Buffer.from(a)
  const right = Buffer.from(b)
  return left.length === right.length && timingSafeEqual(left, right)
}

function escapeHtml(value: string) {
  return value.replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`)
}

async function readBody(request: IncomingMessage) {
  const chunks: Buffer[] = []
  for await (const chunk of request) chunks.push(chunk as Buffer)
  return Buffer.concat(chunks).toString('utf8')
}
