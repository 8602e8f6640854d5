import {
  CliError,
  ExitCode,
  exitCodeForStatus,
  rejectedCredentialMessage,
  type TokenSource,
} from './errors.js'
import type { Output } from './output.js'
import { CLI_VERSION } from './version.js'

export interface RequestOptions {
  query?: Record<string, string | string[]>
  /** Sent as JSON. */
  body?: unknown
  /** Sent form-encoded (the OAuth endpoints, RFC 8628 §3.1). */
  form?: Record<string, string>
  /** Spinner text while waiting (TTY only). */
  spinner?: string
  /** Send the bearer credential (default true). */
  auth?: boolean
  /** Give up when no answer has come after this many ms (default: wait). */
  timeoutMs?: number
}

export interface ApiResponse<T> {
  status: number
  body: T
  headers: Headers
}

/**
 * Talks to the Adrelay server: JSON in and out, the bearer credential, a spinner on waits.
 * Any non-2xx answer becomes a `CliError` with the server's code and message and the exit
 * code it maps to (401 → 3, quota_exceeded and key_quota_exceeded → 4, 404 → 5, 422 → 2).
 * A 401 says which credential was refused and what to do, from `tokenSource` (where the
 * token came from) and the token's prefix.
 */
export class ApiClient {
  constructor(
    readonly baseUrl: string,
    readonly token: string | null,
    readonly output: Output,
    readonly tokenSource?: TokenSource
  ) {}

  async request<T = unknown>(
    method: string,
    path: string,
    options: RequestOptions = {}
  ): Promise<ApiResponse<T>> {
    const response = await this.raw(method, path, options)
    const text = await response.text()
    const body = parseJson(text)
    if (!response.ok) {
      const error = serverError(response.status, body, text)
      if (response.status === 401 && this.token && this.tokenSource) {
        throw new CliError(
          error.code,
          rejectedCredentialMessage(this.token, this.tokenSource),
          error.exitCode,
          error.details
        )
      }
      throw error
    }
    return { status: response.status, body: body as T, headers: response.headers }
  }

  /** The response as it came (for the OAuth endpoints, whose errors have their own shape). */
  async raw(method: string, path: string, options: RequestOptions = {}): Promise<Response> {
    const url = new URL(this.baseUrl + path)
    for (const [name, value] of Object.entries(options.query ?? {})) {
      for (const item of Array.isArray(value) ? value : [value]) url.searchParams.append(name, item)
    }
    const headers: Record<string, string> = {
      'Accept': 'application/json',
      'User-Agent': `adrelay-cli/${CLI_VERSION} node/${process.versions.node}`,
    }
    if (options.auth !== false && this.token) headers.Authorization = `Bearer ${this.token}`
    let body: string | undefined
    if (options.form) {
      headers['Content-Type'] = 'application/x-www-form-urlencoded'
      body = new URLSearchParams(options.form).toString()
    } else if (options.body !== undefined) {
      headers['Content-Type'] = 'application/json'
      body = JSON.stringify(options.body)
    }
    const signal = options.timeoutMs ? AbortSignal.timeout(options.timeoutMs) : undefined
    const send = () => fetch(url, { method, headers, body, signal })
    try {
      return options.spinner ? await this.output.spin(options.spinner, send) : await send()
    } catch (error) {
      const cause = (error as { cause?: { code?: string; message?: string } }).cause
      const reason =
        (error as Error).name === 'TimeoutError'
          ? `no answer within ${options.timeoutMs} ms`
          : (cause?.code ?? cause?.message ?? (error as Error).message)
      throw new CliError(
        'network_error',
        `Could not reach ${this.baseUrl} (${reason}).`,
        ExitCode.error
      )
    }
  }
}

function parseJson(text: string): unknown {
  if (!text) return null
  try {
    return JSON.parse(text)
  } catch {
    return null
  }
}

/** `{error: {code, message, ...}}` → CliError; anything else → `http_<status>`. */
export function serverError(status: number, body: unknown, text: string): CliError {
  const error = (body as { error?: unknown } | null)?.error
  if (error && typeof error === 'object' && typeof (error as any).code === 'string') {
    const { code, message, ...details } = error as Record<string, unknown>
    let shown = String(message ?? code)
    if (status === 401) shown += ' Run `adrelay login` to sign in again.'
    return new CliError(code as string, shown, exitCodeForStatus(status, code as string), details)
  }
  return new CliError(
    `http_${status}`,
    `The server answered ${status}${text ? `: ${text.slice(0, 200)}` : ''}.`,
    exitCodeForStatus(status)
  )
}
