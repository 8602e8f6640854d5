/**
 * The one HTTP helper of the screens (spec §7, §8). Every call sends cookies; a request with a
 * body sends JSON; writes carry the CSRF token Shield put in the `XSRF-TOKEN` cookie.
 */

/** An HTTP failure: `message` is `"<status>: <body text or status text>"` (spec §8). */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly bodyText: string,
    message: string,
    /** The `Retry-After` header in seconds (RFC 9110 §10.2.3, delay-seconds form), if any. */
    readonly retryAfterSeconds: number | null = null
  ) {
    super(message)
    this.name = 'ApiError'
  }

  /** The parsed JSON body (`{error: {code, message}}` from our server), or null. */
  get body(): unknown {
    try {
      return JSON.parse(this.bodyText)
    } catch {
      return null
    }
  }

  /** The server's stable error code (`body.error.code`), if any. */
  get code(): string | undefined {
    const body = this.body as { error?: { code?: unknown } } | null
    return typeof body?.error?.code === 'string' ? body.error.code : undefined
  }

  /** The server's human-readable message (`body.error.message`), if any. */
  get serverMessage(): string | undefined {
    const body = this.body as { error?: { message?: unknown } } | null
    return typeof body?.error?.message === 'string' ? body.error.message : undefined
  }
}

/** `Retry-After` as whole seconds; null when absent or an HTTP date (we only send seconds). */
function retryAfterOf(response: Response): number | null {
  const value = response.headers.get('Retry-After')
  if (!value || !/^\d+$/.test(value.trim())) return null
  return Number(value.trim())
}

/**
 * Formats a failed response the way spec §8 says: the status code, a colon and a space, then
 * the body text, or the status text when the body is empty.
 */
export function formatHttpError(status: number, bodyText: string, statusText: string): string {
  return `${status}: ${bodyText || statusText}`
}

/** Reads the CSRF token Shield sets as the `XSRF-TOKEN` cookie (URL-encoded). */
export function readCsrfToken(
  cookie: string = typeof document === 'undefined' ? '' : document.cookie
) {
  const match = cookie.match(/(?:^|;\s*)XSRF-TOKEN=([^;]+)/)
  return match ? decodeURIComponent(match[1]) : undefined
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS'])

export interface ApiRequestOptions {
  method?: string
  /** Sent as JSON. */
  body?: unknown
  signal?: AbortSignal
}

/**
 * Calls `url` and returns its parsed JSON (or `null` for an empty body such as a 204).
 * @throws ApiError for any non-2xx response (a 401 included).
 */
export async function apiRequest<T = unknown>(
  url: string,
  options: ApiRequestOptions = {}
): Promise<T> {
  const method = (options.method ?? 'GET').toUpperCase()
  const headers: Record<string, string> = { Accept: 'application/json' }
  if (options.body !== undefined) headers['Content-Type'] = 'application/json'
  if (!SAFE_METHODS.has(method)) {
    const csrf = readCsrfToken()
    if (csrf) headers['X-XSRF-TOKEN'] = csrf
  }
  const response = await fetch(url, {
    method,
    headers,
    credentials: 'include',
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
    signal: options.signal,
  })
  const text = await response.text()
  if (!response.ok) {
    throw new ApiError(
      response.status,
      text,
      formatHttpError(response.status, text, response.statusText),
      retryAfterOf(response)
    )
  }
  if (!text) return null as T
  return JSON.parse(text) as T
}

export const api = {
  get: <T = unknown>(url: string, signal?: AbortSignal) => apiRequest<T>(url, { signal }),
  post: <T = unknown>(url: string, body: unknown = {}) =>
    apiRequest<T>(url, { method: 'POST', body }),
  put: <T = unknown>(url: string, body: unknown = {}) =>
    apiRequest<T>(url, { method: 'PUT', body }),
  patch: <T = unknown>(url: string, body: unknown = {}) =>
    apiRequest<T>(url, { method: 'PATCH', body }),
  delete: <T = unknown>(url: string) => apiRequest<T>(url, { method: 'DELETE' }),
}
