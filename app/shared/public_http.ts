import http from 'node:http'
import https from 'node:https'
import { isIP } from 'node:net'
import ipaddr from 'ipaddr.js'
import { RequestFilteringHttpAgent, RequestFilteringHttpsAgent } from 'request-filtering-agent'
import { AppError } from '#shared/errors'

/**
 * Outbound HTTP under Adrelay's server-side request forgery (SSRF) rules, shared by every
 * place where the server fetches something on a user's behalf (the integrator proxy's size
 * cap, `upload_ad_image`'s `url`):
 *
 * - only `http:` and `https:` URLs, without user name or password;
 * - the address actually connected to must be a public unicast address: loopback, private
 *   (RFC 1918, RFC 4193), link-local (169.254/16 incl. cloud metadata, fe80::/10), carrier-grade
 *   NAT, multicast, reserved and unspecified addresses are refused. The check runs on the
 *   resolved address at connect time (request-filtering-agent), so a DNS name that resolves
 *   (or re-resolves: DNS rebinding) to a private address is refused too;
 * - redirects are followed only up to `maxRedirects`, each hop checked by the same rules
 *   (the Graph API client, which talks to one pinned host, sets 0: never followed);
 * - the body is capped at `maxBytes` (declared `content-length` first, then while streaming),
 *   and the whole exchange at `timeoutMs`.
 *
 * `allowedOrigins` (e.g. `http://127.0.0.1:4100`) lists exact origins exempt from the address
 * rule: for development against a local file server. Production leaves it empty.
 */
export interface PublicFetchOptions {
  /** Largest body accepted, in bytes. */
  maxBytes: number
  /** Whole request (all hops) time limit, in milliseconds. */
  timeoutMs: number
  /** Redirects followed (each re-checked); 0 refuses any redirect. */
  maxRedirects: number
  /** `Accept` header sent. */
  accept?: string
  /** Exact origins (`scheme://host:port`) exempt from the public-address rule. */
  allowedOrigins?: readonly string[]
  /**
   * Skip the public-address rule for every origin (development and tests delivering to a
   * local receiver). Production callers leave it unset.
   */
  allowPrivateAddresses?: boolean
}

/** What `postPublicUrl` sends. */
export interface PublicPostOptions extends PublicFetchOptions {
  /** Request body (JSON text, usually). */
  body: string
  /** Extra request headers (`content-type` defaults to application/json). */
  headers?: Record<string, string>
}

/** The answer of `fetchPublicUrl`. */
export interface PublicFetchResult {
  /** The URL that produced the body (after redirects). */
  url: string
  status: number
  /** Lower-cased `content-type` without parameters, or null. */
  contentType: string | null
  body: Buffer
}

/** Stable codes of the refusals (HTTP 422: the URL the user gave is at fault). */
export const PUBLIC_FETCH_ERRORS = {
  invalid: 'url_invalid',
  notAllowed: 'url_not_allowed',
  tooManyRedirects: 'url_too_many_redirects',
  tooLarge: 'url_content_too_large',
  failed: 'url_fetch_failed',
} as const

const strictHttp = new RequestFilteringHttpAgent({ keepAlive: false })
const strictHttps = new RequestFilteringHttpsAgent({ keepAlive: false })
const openHttp = new http.Agent({ keepAlive: false })
const openHttps = new https.Agent({ keepAlive: false })

/**
 * Checks a URL's shape before any connection: http(s), no credentials, a host, and an
 * IP-literal host that is public. Names are checked after resolution (see fetchPublicUrl).
 * @throws AppError 422 `url_invalid` | `url_not_allowed`
 */
export function assertPublicUrlShape(raw: string, allowedOrigins: readonly string[] = []): URL {
  let url: URL
  try {
    url = new URL(raw)
  } catch {
    throw new AppError(PUBLIC_FETCH_ERRORS.invalid, `"${truncate(raw)}" is not a URL.`, 422)
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new AppError(
      PUBLIC_FETCH_ERRORS.notAllowed,
      'Only http and https URLs can be fetched.',
      422
    )
  }
  if (url.username || url.password) {
    throw new AppError(
      PUBLIC_FETCH_ERRORS.notAllowed,
      'URLs with a user name or password are not fetched.',
      422
    )
  }
  // RFC 1035 §2.3.4: a name is at most 253 characters (without the root dot), a label 63; a
  // longer one can never resolve, and it would not fit the stored display columns either.
  const name = url.hostname.replace(/\.$/, '')
  if (name.length > 253 || name.split('.').some((label) => label.length > 63)) {
    throw new AppError(
      PUBLIC_FETCH_ERRORS.invalid,
      'The host name is too long (at most 253 characters, 63 between dots).',
      422
    )
  }
  if (allowedOrigins.includes(url.origin)) return url
  const host = url.hostname.replace(/^\[|\]$/g, '')
  if (
    host === '' ||
    host.toLowerCase() === 'localhost' ||
    host.toLowerCase().endsWith('.localhost')
  ) {
    throw notAllowed(url)
  }
  if (isIP(host) && !isPublicAddress(host)) throw notAllowed(url)
  return url
}

/**
 * Fetches `raw` under the rules above and returns the final URL, status, content type and
 * body. Non-2xx answers are returned, not thrown (the caller decides).
 * @throws AppError 422 `url_invalid` | `url_not_allowed` | `url_too_many_redirects` |
 *   `url_content_too_large`; 502 `url_fetch_failed` (network error, timeout)
 */
export async function fetchPublicUrl(
  raw: string,
  options: PublicFetchOptions
): Promise<PublicFetchResult> {
  const deadline = Date.now() + options.timeoutMs
  let url = assertPublicUrlShape(raw, options.allowedOrigins)
  for (let hop = 0; ; hop++) {
    const response = await requestOnce(url, options, deadline)
    if (response.status >= 300 && response.status < 400 && response.location) {
      response.discard()
      if (hop >= options.maxRedirects) {
        throw new AppError(
          PUBLIC_FETCH_ERRORS.tooManyRedirects,
          options.maxRedirects === 0
            ? 'The URL answered with a redirect, which is not followed.'
            : `The URL redirected more than ${options.maxRedirects} times.`,
          422
        )
      }
      url = assertPublicUrlShape(new URL(response.location, url).toString(), options.allowedOrigins)
      continue
    }
    const body = await readCappedBody(response.stream, options.maxBytes, response.declaredLength)
    return { url: url.toString(), status: response.status, contentType: response.contentType, body }
  }
}

/**
 * POSTs `options.body` to `raw` under the same rules as `fetchPublicUrl` (public addresses
 * only unless `allowPrivateAddresses`, checked at connect time; redirects are never followed
 * for a POST). Used by alert webhooks. Non-2xx answers are returned, not thrown; the answer
 * body is read up to `maxBytes`.
 * @throws AppError 422 `url_invalid` | `url_not_allowed` | `url_too_many_redirects` |
 *   `url_content_too_large`; 502 `url_fetch_failed` (network error, timeout)
 */
export async function postPublicUrl(
  raw: string,
  options: PublicPostOptions
): Promise<PublicFetchResult> {
  const deadline = Date.now() + options.timeoutMs
  const url = options.allowPrivateAddresses
    ? assertPublicUrlShape(raw, [new URL(raw).origin])
    : assertPublicUrlShape(raw, options.allowedOrigins)
  const response = await requestOnce(url, options, deadline, {
    method: 'POST',
    body: options.body,
    headers: { 'content-type': 'application/json', ...options.headers },
  })
  const body = await readCappedBody(response.stream, options.maxBytes, response.declaredLength)
  return { url: url.toString(), status: response.status, contentType: response.contentType, body }
}

/**
 * Reads a body stream into one Buffer, refusing more than `maxBytes` (a declared length over
 * the cap is refused before reading). Used by fetchPublicUrl and the Graph API client.
 * @throws AppError 422 `url_content_too_large` (callers may map it to their own code)
 */
export async function readCappedBody(
  stream: AsyncIterable<Uint8Array> | null | undefined,
  maxBytes: number,
  declaredLength?: number | null
): Promise<Buffer> {
  const cancel = () => {
    const candidate = stream as any
    if (typeof candidate?.cancel === 'function') candidate.cancel().catch(() => {})
    else if (typeof candidate?.destroy === 'function') candidate.destroy()
  }
  if (declaredLength !== undefined && declaredLength !== null && declaredLength > maxBytes) {
    cancel()
    throw tooLarge(maxBytes)
  }
  if (!stream) return Buffer.alloc(0)
  const chunks: Uint8Array[] = []
  let total = 0
  for await (const chunk of stream) {
    total += chunk.byteLength
    if (total > maxBytes) {
      cancel()
      throw tooLarge(maxBytes)
    }
    chunks.push(chunk)
  }
  return Buffer.concat(chunks)
}

/** True for a public unicast IPv4/IPv6 address (what request-filtering-agent lets through). */
export function isPublicAddress(address: string): boolean {
  return classify(address) === 'unicast'
}

/* ------------------------------------------------------------------ internals */

interface OneResponse {
  status: number
  location: string | null
  contentType: string | null
  declaredLength: number | null
  stream: http.IncomingMessage
  discard(): void
}

function requestOnce(
  url: URL,
  options: PublicFetchOptions,
  deadline: number,
  post?: { method: 'POST'; body: string; headers: Record<string, string> }
) {
  const exempt =
    options.allowPrivateAddresses === true ||
    (options.allowedOrigins?.includes(url.origin) ?? false)
  const secure = url.protocol === 'https:'
  const agent = secure ? (exempt ? openHttps : strictHttps) : exempt ? openHttp : strictHttp
  const remaining = deadline - Date.now()
  if (remaining <= 0) return Promise.reject(timedOut())
  return new Promise<OneResponse>((resolve, reject) => {
    const request = (secure ? https : http).request(
      url,
      {
        method: post?.method ?? 'GET',
        agent,
        headers: {
          'accept': options.accept ?? '*/*',
          'user-agent': 'Adrelay/1.0',
          ...post?.headers,
          ...(post ? { 'content-length': String(Buffer.byteLength(post.body)) } : {}),
        },
        timeout: remaining,
      },
      (response) => {
        const declared = Number(response.headers['content-length'])
        resolve({
          status: response.statusCode ?? 0,
          location: response.headers.location ?? null,
          contentType:
            String(response.headers['content-type'] ?? '')
              .split(';')[0]
              .trim()
              .toLowerCase() || null,
          declaredLength: Number.isFinite(declared) ? declared : null,
          stream: response,
          discard: () => response.resume(),
        })
      }
    )
    const timer = setTimeout(() => request.destroy(timedOut()), remaining)
    request.end(post?.body)
    request.once('close', () => clearTimeout(timer))
    request.once('timeout', () => request.destroy(timedOut()))
    request.once('error', (error: any) => {
      if (error instanceof AppError) return reject(error)
      // request-filtering-agent refuses a private address with this message.
      if (/is not allowed\. Because/.test(String(error?.message))) return reject(notAllowed(url))
      reject(
        new AppError(
          PUBLIC_FETCH_ERRORS.failed,
          `The URL could not be fetched (${error?.code ?? 'network error'}).`,
          502
        )
      )
    })
  })
}

/**
 * POSTs `body` as JSON to `raw` under the same rules as fetchPublicUrl (public addresses only,
 * checked at connect time; `allowedOrigins` exempt), never following a redirect, and returns
 * the status (the answer's body is discarded). Used for webhooks a user configures.
 * @throws AppError 422 `url_invalid` | `url_not_allowed`; 502 `url_fetch_failed` (network
 *   error, timeout)
 */
export function postPublicJson(
  raw: string,
  body: unknown,
  options: {
    timeoutMs: number
    allowedOrigins?: readonly string[]
    headers?: Record<string, string>
  }
): Promise<{ status: number }> {
  const url = assertPublicUrlShape(raw, options.allowedOrigins)
  const exempt = options.allowedOrigins?.includes(url.origin) ?? false
  const secure = url.protocol === 'https:'
  const agent = secure ? (exempt ? openHttps : strictHttps) : exempt ? openHttp : strictHttp
  const payload = Buffer.from(JSON.stringify(body))
  return new Promise((resolve, reject) => {
    const request = (secure ? https : http).request(
      url,
      {
        method: 'POST',
        agent,
        headers: {
          'content-type': 'application/json',
          'content-length': String(payload.length),
          'user-agent': 'Adrelay/1.0',
          ...options.headers,
        },
        timeout: options.timeoutMs,
      },
      (response) => {
        response.resume()
        resolve({ status: response.statusCode ?? 0 })
      }
    )
    const timer = setTimeout(() => request.destroy(timedOut()), options.timeoutMs)
    request.once('close', () => clearTimeout(timer))
    request.once('timeout', () => request.destroy(timedOut()))
    request.once('error', (error: any) => {
      if (error instanceof AppError) return reject(error)
      if (/is not allowed\. Because/.test(String(error?.message))) return reject(notAllowed(url))
      reject(
        new AppError(
          PUBLIC_FETCH_ERRORS.failed,
          `The URL could not be reached (${error?.code ?? 'network error'}).`,
          502
        )
      )
    })
    request.end(payload)
  })
}

function classify(address: string): string {
  // ipaddr.js is what request-filtering-agent classifies with: one definition of "public".
  try {
    return ipaddr.process(address).range()
  } catch {
    return 'invalid'
  }
}

function notAllowed(url: URL) {
  return new AppError(
    PUBLIC_FETCH_ERRORS.notAllowed,
    `${url.host} is not a public internet address (loopback, private, link-local and reserved addresses are not fetched).`,
    422,
    { host: url.host }
  )
}

function timedOut() {
  return new AppError(PUBLIC_FETCH_ERRORS.failed, 'The URL did not answer in time.', 502)
}

function tooLarge(maxBytes: number) {
  return new AppError(
    PUBLIC_FETCH_ERRORS.tooLarge,
    `The content is larger than ${Math.round(maxBytes / 1024)} KB.`,
    422,
    { maxBytes }
  )
}

function truncate(value: string) {
  return value.length > 80 ? `${value.slice(0, 77)}...` : value
}
