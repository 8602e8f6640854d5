import { createHash, createHmac } from 'node:crypto'
import { setTimeout as delay } from 'node:timers/promises'
import { AppError } from '#shared/errors'
import { UsageThrottle, type ThrottleTarget } from '#meta/services/usage_throttle'
import { PUBLIC_FETCH_ERRORS, readCappedBody } from '#shared/public_http'

export type GraphMethod = 'GET' | 'POST' | 'DELETE'
export type GraphParams = Record<string, unknown>

/** Where the client sends requests and how it behaves. */
export interface GraphClientOptions {
  /** Graph API origin, e.g. `https://graph.facebook.com` (or the sandbox's loopback URL). */
  graphUrl: string
  /** Version path segment, e.g. `v25.0`. */
  version: string
  appId: string
  appSecret: string
  timeoutMs: number
  /** Retries after the first attempt, transient faults only. */
  maxRetries: number
  /** First backoff delay in ms; doubles per attempt (with jitter). */
  backoffBaseMs?: number
  /** Largest response body accepted, in bytes. */
  maxResponseBytes: number
  throttle?: UsageThrottle
  /** Injected so tests can observe pacing without waiting. */
  sleep?: (ms: number) => Promise<void>
}

/** One Graph API call. */
export interface GraphRequest {
  method?: GraphMethod
  /** Path after the version, e.g. `me`, `act_123/campaigns`, `oauth/access_token`. */
  path: string
  params?: GraphParams
  /** User or app access token; sent with its `appsecret_proof`. Omit for the OAuth endpoints. */
  accessToken?: string
  /** The ad account the call concerns, for throttling (`act_<id>` or `<id>`). */
  adAccountId?: string | null
  /** Overrides the client's timeout for this call, in milliseconds. */
  timeoutMs?: number
  /** Overrides the client's retry count for this call. */
  maxRetries?: number
}

export interface GraphResponse<T = any> {
  status: number
  body: T
  headers: Headers
}

/** A page of an edge (`data` + cursor of the next page, null on the last page). */
export interface GraphPage<T = any> {
  data: T[]
  after: string | null
}

/** Meta's error object (`{"error": {...}}`). */
export interface MetaErrorBody {
  message?: string
  type?: string
  code?: number
  error_subcode?: number
  is_transient?: boolean
  error_user_title?: string
  error_user_msg?: string
  fbtrace_id?: string
}

const PATH_PATTERN = /^[A-Za-z0-9_]+(\/[A-Za-z0-9_]+)*$/

/** Meta error codes that mean throttling (Graph API "Rate Limiting", Marketing API "Rate Limiting"). */
export function isRateLimitCode(code: number | undefined) {
  return (
    code === 4 ||
    code === 17 ||
    code === 613 ||
    (code !== undefined && code >= 80000 && code <= 80014)
  )
}

/**
 * The one Graph API client every Meta call goes through (OAuth endpoints, the Meta actions,
 * the integrator proxy).
 *
 * - Host pinned: requests only ever go to `graphUrl/version/<path>`; paths are validated
 *   (letters, digits, `_`, `/`), redirects are never followed, bodies are size-capped.
 * - `appsecret_proof` = HMAC-SHA256(app secret, access token) on every call with a token
 *   (Graph API "Securing Requests").
 * - Retries with exponential backoff only for transient faults: network errors, timeouts and
 *   HTTP 5xx on reads, and Meta errors flagged `is_transient` (or codes 1/2) on any method.
 * - Paces itself from the usage headers (UsageThrottle) and refuses calls while Meta says
 *   access is blocked, per bucket as Meta scopes it (app, token, ad account, business use
 *   case): one customer's limit never blocks another's calls.
 * - Maps Meta errors to AppError codes: 190 → `meta_token_invalid` (409); 4/17/613/80000-80014
 *   → `meta_rate_limited` (429, `retryAfterSeconds`, Retry-After); 10 and 200-299 →
 *   `meta_permission_denied` (403); anything else → `meta_error` (Meta's message, `fbtraceId`;
 *   400 for Meta 4xx, 502 otherwise). Network failures after retries → `meta_unavailable`
 *   (503). Every Meta error carries `metaCode`, `metaSubcode`, `fbtraceId` and Meta's user-facing
 *   `metaUserTitle` / `metaUserMessage` (error_user_title / error_user_msg) in its details.
 *
 * Tokens never appear in errors or logs.
 */
export class GraphClient {
  readonly throttle: UsageThrottle

  constructor(readonly options: GraphClientOptions) {
    this.throttle = options.throttle ?? new UsageThrottle()
  }

  get version() {
    return this.options.version
  }

  get appId() {
    return this.options.appId
  }

  /** `APP_ID|APP_SECRET`, the app access token used for debug_token. */
  get appAccessToken() {
    return `${this.options.appId}|${this.options.appSecret}`
  }

  /** HMAC-SHA256 of the access token keyed with the app secret, hex. */
  appSecretProof(accessToken: string) {
    return createHmac('sha256', this.options.appSecret).update(accessToken).digest('hex')
  }

  async get<T = any>(
    path: string,
    params: GraphParams,
    accessToken?: string,
    adAccountId?: string | null
  ) {
    const response = await this.request<T>({
      method: 'GET',
      path,
      params,
      accessToken,
      adAccountId,
    })
    return response.body
  }

  async post<T = any>(
    path: string,
    params: GraphParams,
    accessToken?: string,
    adAccountId?: string | null
  ) {
    const response = await this.request<T>({
      method: 'POST',
      path,
      params,
      accessToken,
      adAccountId,
    })
    return response.body
  }

  /**
   * Reads one page of an edge; `after` is the cursor from the previous page.
   * Returns the next cursor only when Meta says there is a next page (`paging.next`).
   */
  async page<T = any>(
    request: GraphRequest & { limit?: number; after?: string | null }
  ): Promise<GraphPage<T>> {
    const params = { ...request.params }
    if (request.limit) params.limit = request.limit
    if (request.after) params.after = request.after
    const { body } = await this.request<{ data?: T[]; paging?: any }>({
      ...request,
      method: 'GET',
      params,
    })
    const next = body?.paging?.next ? (body.paging?.cursors?.after ?? null) : null
    return { data: Array.isArray(body?.data) ? body.data : [], after: next }
  }

  /** Follows cursor pagination (cursors, never `paging.next` URLs, so the host stays pinned). */
  async *paginate<T = any>(
    request: GraphRequest & { limit?: number },
    maxPages = 50
  ): AsyncGenerator<T[]> {
    let after: string | null = null
    for (let pageNumber = 0; pageNumber < maxPages; pageNumber++) {
      const result: GraphPage<T> = await this.page<T>({ ...request, after })
      yield result.data
      if (!result.after) return
      after = result.after
    }
  }

  /** Collects every item of an edge (bounded by `maxPages`). */
  async all<T = any>(request: GraphRequest & { limit?: number }, maxPages = 50): Promise<T[]> {
    const items: T[] = []
    for await (const data of this.paginate<T>(request, maxPages)) items.push(...data)
    return items
  }

  /** Performs one call with pacing and retries; throws AppError on failure. */
  async request<T = any>(request: GraphRequest): Promise<GraphResponse<T>> {
    const method = request.method ?? 'GET'
    const path = request.path.replace(/^\/+/, '')
    if (!PATH_PATTERN.test(path)) {
      throw new AppError('meta_invalid_path', 'The Graph API path is not allowed.', 400)
    }
    const target: ThrottleTarget = {
      tokenScope: request.accessToken
        ? createHash('sha256').update(request.accessToken).digest('hex').slice(0, 16)
        : null,
      adAccountId: request.adAccountId,
      path,
    }
    const scopes = this.throttle.scopesFor(target)
    const sleep = this.options.sleep ?? ((ms: number) => delay(ms))
    const maxRetries = request.maxRetries ?? this.options.maxRetries

    for (let attempt = 0; ; attempt++) {
      const plan = this.throttle.plan(scopes)
      if (plan.blockedForSeconds > 0) throw rateLimited(plan.blockedForSeconds)
      if (plan.delayMs > 0) await sleep(plan.delayMs)

      let response: GraphResponse<any>
      try {
        response = await this.#send(method, path, request)
      } catch (error) {
        if (error instanceof AppError) throw error
        // Network failure or timeout: safe to repeat only for reads.
        if (method === 'GET' && attempt < maxRetries) {
          await sleep(this.#backoff(attempt))
          continue
        }
        throw new AppError('meta_unavailable', 'Meta did not answer. Try again in a moment.', 503)
      }

      this.throttle.observe(response.headers, target)
      if (response.status >= 200 && response.status < 300 && !response.body?.error) {
        return response as GraphResponse<T>
      }

      const metaError: MetaErrorBody | undefined = response.body?.error
      const transient =
        metaError?.is_transient === true ||
        metaError?.code === 1 ||
        metaError?.code === 2 ||
        (!metaError && response.status >= 500 && method === 'GET')
      if (transient && !isRateLimitCode(metaError?.code) && attempt < maxRetries) {
        await sleep(this.#backoff(attempt))
        continue
      }
      const mapped = mapMetaError(response.status, metaError)
      if (mapped.code === 'meta_rate_limited') {
        // Blocks only the bucket the error is about (app, token, ad account or business use
        // case), for Meta's own estimate when this response's usage headers gave one.
        const retryAfterSeconds = this.throttle.blockAfterError(
          Number(metaError?.code),
          target,
          Number(mapped.details.retryAfterSeconds)
        )
        throw rateLimited(retryAfterSeconds, mapped.message, {
          metaCode: mapped.details.metaCode,
          metaSubcode: mapped.details.metaSubcode,
          fbtraceId: mapped.details.fbtraceId,
        })
      }
      throw mapped
    }
  }

  #backoff(attempt: number) {
    const base = (this.options.backoffBaseMs ?? 250) * 2 ** attempt
    return Math.round(base / 2 + Math.random() * base)
  }

  async #send(
    method: GraphMethod,
    path: string,
    request: GraphRequest
  ): Promise<GraphResponse<any>> {
    const url = new URL(`${this.options.graphUrl}/${this.options.version}/${path}`)
    const params = new URLSearchParams()
    for (const [name, value] of Object.entries(request.params ?? {})) {
      if (value === undefined || value === null) continue
      params.set(name, typeof value === 'object' ? JSON.stringify(value) : String(value))
    }
    if (request.accessToken) {
      params.set('access_token', request.accessToken)
      params.set('appsecret_proof', this.appSecretProof(request.accessToken))
    }

    let body: string | undefined
    const headers: Record<string, string> = { accept: 'application/json' }
    if (method === 'POST') {
      body = params.toString()
      headers['content-type'] = 'application/x-www-form-urlencoded'
    } else {
      url.search = params.toString()
    }

    const response = await fetch(url, {
      method,
      headers,
      body,
      redirect: 'manual',
      signal: AbortSignal.timeout(request.timeoutMs ?? this.options.timeoutMs),
    })

    if (response.status >= 300 && response.status < 400) {
      await response.body?.cancel().catch(() => {})
      throw new AppError(
        'meta_redirect_refused',
        'Meta answered with a redirect, which is not followed.',
        502
      )
    }
    const text = await readCapped(response, this.options.maxResponseBytes)
    let parsed: any
    try {
      parsed = text.length > 0 ? JSON.parse(text) : {}
    } catch {
      if (response.status >= 500)
        return { status: response.status, body: {}, headers: response.headers }
      throw new AppError('meta_error', 'Meta answered with something that is not JSON.', 502)
    }
    return { status: response.status, body: parsed, headers: response.headers }
  }
}

/** The body as text, through the shared size cap (#shared/public_http). */
async function readCapped(response: Response, maxBytes: number): Promise<string> {
  const declared = Number(response.headers.get('content-length'))
  try {
    const body = await readCappedBody(
      response.body as AsyncIterable<Uint8Array> | null,
      maxBytes,
      Number.isFinite(declared) && response.headers.has('content-length') ? declared : null
    )
    return body.toString('utf8')
  } catch (error) {
    if (error instanceof AppError && error.code === PUBLIC_FETCH_ERRORS.tooLarge) {
      throw tooLarge(maxBytes)
    }
    throw error
  }
}

function tooLarge(maxBytes: number) {
  return new AppError(
    'meta_response_too_large',
    `Meta's response is larger than ${maxBytes} bytes; ask for fewer fields or a smaller limit.`,
    502
  )
}

function rateLimited(
  retryAfterSeconds: number,
  message?: string,
  details: Record<string, unknown> = {}
) {
  const seconds = Math.max(1, Math.ceil(retryAfterSeconds))
  return new AppError(
    'meta_rate_limited',
    message ?? `Meta's rate limit for this account is reached. Try again in ${seconds} seconds.`,
    429,
    { retryAfterSeconds: seconds, ...details },
    { 'Retry-After': String(seconds) }
  )
}

/**
 * Maps Meta's error body to an AppError (see GraphClient). Exported for the proxy and tests.
 */
export function mapMetaError(httpStatus: number, error: MetaErrorBody | undefined): AppError {
  const code = Number(error?.code)
  const details = {
    metaCode: Number.isFinite(code) ? code : null,
    metaSubcode: error?.error_subcode ?? null,
    fbtraceId: error?.fbtrace_id ?? null,
    // Meta's text written for the person using the ad account (Graph API "Handling Errors").
    metaUserTitle: error?.error_user_title ?? null,
    metaUserMessage: error?.error_user_msg ?? null,
  }
  const metaMessage = error?.error_user_msg || error?.message || 'Meta returned an error.'
  if (code === 190) {
    return new AppError(
      'meta_token_invalid',
      'The Meta access token is no longer valid (expired, revoked or password changed). Reconnect Meta on the Integrations page.',
      409,
      details
    )
  }
  if (isRateLimitCode(code)) {
    return rateLimited(60, `Meta rate limit reached (${metaMessage}).`, details)
  }
  if (code === 10 || (code >= 200 && code <= 299)) {
    return new AppError(
      'meta_permission_denied',
      `Meta refused: the connected account lacks the permission for this (${metaMessage}).`,
      403,
      details
    )
  }
  return new AppError(
    'meta_error',
    metaMessage,
    httpStatus >= 400 && httpStatus < 500 ? 400 : 502,
    details
  )
}
