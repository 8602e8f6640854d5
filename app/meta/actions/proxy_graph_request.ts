import { inject } from '@adonisjs/core'
import { AppError } from '#shared/errors'
import { assertPlanHasFeature, type PlanId } from '#accounts/plan_catalog'
import { MetaAccess, type MetaUserSession } from '#meta/services/meta_access'
import { META_WRITE_FEATURE } from '#meta/tools/schemas'

/** Edges of an ad account the proxy forwards (reads and, for POST, creation). */
export const ACCOUNT_EDGES = new Set([
  'campaigns',
  'adsets',
  'ads',
  'insights',
  'adcreatives',
  'adimages',
  'advideos',
  'customaudiences',
  'adspixels',
  'adrules_library',
  'activities',
  'ads_volume',
  'delivery_estimate',
  'reachestimate',
])
/** Edges of a campaign / ad set / ad / creative the proxy forwards. */
export const OBJECT_EDGES = new Set([
  'insights',
  'adsets',
  'ads',
  'adcreatives',
  'copies',
  'previews',
])
/** Parameters a caller may not set: the proxy owns authentication and the HTTP method. */
export const FORBIDDEN_PARAMS = new Set([
  'access_token',
  'appsecret_proof',
  'method',
  'batch',
  'callback',
  'suppress_http_code',
  'debug',
  'format',
  'pretty',
  'include_headers',
  'redirect',
])
const MAX_PARAMS_BYTES = 64 * 1024
const USAGE_HEADERS = [
  'x-app-usage',
  'x-ad-account-usage',
  'x-business-use-case-usage',
  'x-fb-ads-insights-throttle',
]

/** Who calls the proxy: the API key's owner and the plan the key is entitled to. */
export interface ProxyCaller {
  userId: number
  planId: PlanId
}

export interface ProxyInput {
  method: string
  path: string
  params?: Record<string, unknown>
}

const invalid = (code: string, message: string) => new AppError(code, message, 400)

/**
 * The proxy's own refusals, one function per code (the OpenAPI document lists them from
 * here as the examples of the operation's 400 and 403 answers).
 */
export const proxyRefusals = {
  invalidMethod: () => invalid('meta_proxy_invalid_method', 'method must be GET or POST.'),
  invalidParams: () =>
    invalid('meta_proxy_invalid_params', 'params must be an object of Graph API parameters.'),
  paramsTooLarge: () => invalid('meta_proxy_invalid_params', 'params are larger than 64 KB.'),
  paramNotAllowed: (name: string) =>
    invalid(
      'meta_proxy_param_not_allowed',
      `The parameter "${name}" cannot be set through the proxy.`
    ),
  invalidPath: () =>
    invalid(
      'meta_proxy_invalid_path',
      'path must be act_<id>, act_<id>/<edge>, <object id> or <object id>/<edge> (no query string, no host).'
    ),
  pathNotAllowed: (edge: string) =>
    new AppError(
      'meta_proxy_path_not_allowed',
      `The edge "${edge}" is not available through the proxy.`,
      403
    ),
}

/**
 * `POST /internal/meta/proxy`: forwards one Graph API call with the key owner's stored Meta
 * token, for integrators (n8n) that need a Graph endpoint no action covers.
 *
 * Guard rails: GET or POST only; a POST (a write at Meta) needs the same plan feature as the
 * published write actions (`META_WRITE_FEATURE`, checked before anything else); `path` is `act_<id>[/<edge>]` or `<object id>[/<edge>]` with
 * allow-listed edges (an optional leading `/` and `vNN.N/` are ignored: the version and host are
 * Adrelay's); the ad account must be one the user's token sees, and an object id must belong to
 * one of those accounts; authentication and method-override parameters are refused; the
 * Graph client pins the host, follows no redirects and caps the response size. Paging URLs in
 * the answer are stripped of the token.
 *
 * Errors: 403 `plan_upgrade_required` (POST on a plan without the write feature);
 * 400 `meta_proxy_invalid_method` | `meta_proxy_invalid_path` |
 * `meta_proxy_invalid_params` | `meta_proxy_param_not_allowed`; 403 `meta_proxy_path_not_allowed`
 * | `meta_object_not_owned`; plus the Graph client's Meta error codes.
 */
@inject()
export class ProxyGraphRequest {
  constructor(private meta: MetaAccess) {}

  async execute(caller: ProxyCaller, input: ProxyInput) {
    const method = String(input.method ?? '').toUpperCase()
    if (method !== 'GET' && method !== 'POST') {
      throw proxyRefusals.invalidMethod()
    }
    if (method === 'POST') {
      assertPlanHasFeature(
        caller.planId,
        META_WRITE_FEATURE,
        'Writing to Meta through the proxy (POST /internal/meta/proxy with method POST)'
      )
    }
    const params = input.params ?? {}
    if (typeof params !== 'object' || Array.isArray(params)) {
      throw proxyRefusals.invalidParams()
    }
    if (Buffer.byteLength(JSON.stringify(params)) > MAX_PARAMS_BYTES) {
      throw proxyRefusals.paramsTooLarge()
    }
    for (const name of Object.keys(params)) {
      if (FORBIDDEN_PARAMS.has(name.toLowerCase()) || !/^[A-Za-z0-9_]+$/.test(name)) {
        throw proxyRefusals.paramNotAllowed(name)
      }
    }

    const path = String(input.path ?? '')
      .trim()
      .replace(/^\/+/, '')
      .replace(/^v\d+\.\d+\//, '')
    const match = /^(act_\d{1,20}|\d{1,25})(?:\/([a-z_]+))?$/.exec(path)
    if (!match) {
      throw proxyRefusals.invalidPath()
    }
    const [, node, edge] = match
    const isAccount = node.startsWith('act_')
    if (edge && !(isAccount ? ACCOUNT_EDGES : OBJECT_EDGES).has(edge)) {
      throw proxyRefusals.pathNotAllowed(edge)
    }

    const session = await this.meta.forUser(caller.userId)
    const account = await this.#owner(session, node)
    const response = await session.request({
      method,
      path,
      params,
      adAccountId: account,
      maxRetries: method === 'GET' ? undefined : 0,
    })
    const headers: Record<string, string> = {}
    for (const name of USAGE_HEADERS) {
      const value = response.headers.get(name)
      if (value) headers[name] = value
    }
    return { body: redactTokens(response.body), headers }
  }

  async #owner(session: MetaUserSession, node: string) {
    try {
      const account = await session.ownerOf(node, 'path')
      return account.id
    } catch (error) {
      if (error instanceof AppError && error.code === 'meta_object_not_owned') {
        throw new AppError(error.code, error.message, 403, error.details)
      }
      throw error
    }
  }
}

/** Removes `access_token` / `appsecret_proof` from any URL in a Graph answer (paging.next). */
export function redactTokens(value: unknown): unknown {
  if (typeof value === 'string') {
    if (!/access_token=|appsecret_proof=/.test(value)) return value
    try {
      const url = new URL(value)
      url.searchParams.delete('access_token')
      url.searchParams.delete('appsecret_proof')
      return url.toString()
    } catch {
      return value.replace(/(access_token|appsecret_proof)=[^&\s]*/g, '$1=REDACTED')
    }
  }
  if (Array.isArray(value)) return value.map(redactTokens)
  if (value && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, redactTokens(item)]))
  }
  return value
}
