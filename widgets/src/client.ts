import type { EmbedComponent, EmbedSessionInfo } from './types.js'

/**
 * What `fetchClientSecret` may answer: the client secret your server got from
 * `POST /api/v1/embed/sessions`, alone or with its `expiresAt` (ISO 8601).
 */
export type ClientSecretAnswer = string | { clientSecret: string; expiresAt?: string }

/** An Adrelay error answer (`{"error": {"code", "message"}}`) or a network failure. */
export class EmbedError extends Error {
  constructor(
    /** Stable code: `embed_session_expired`, `embed_session_revoked`, `network_error`, … */
    readonly code: string,
    message: string,
    /** HTTP status, 0 for a network failure */
    readonly status: number
  ) {
    super(message)
    this.name = 'EmbedError'
  }
}

/** Paths a widget reads, under `/embed/v1/<session id>/`. */
export type EmbedPath = 'session' | EmbedComponent

/** Refresh this long before `expiresAt` (ms). */
export const REFRESH_MARGIN_MS = 60_000

/**
 * Holds the current client secret and reads the embed endpoints with it. Fetches a secret
 * through `fetchClientSecret` on first use, again `REFRESH_MARGIN_MS` before the session
 * expires, and once more on a 401 (expired or unknown secret) before retrying the read.
 * Concurrent reads share one secret request. A 403 (revoked, origin or scope refused) is
 * final: no refresh.
 */
export class EmbedClient {
  #secret: Promise<string> | null = null
  #expiresAtMs: number | null = null
  #timer: ReturnType<typeof setTimeout> | null = null
  #listeners = new Set<() => void>()
  /** Bumped every time a new secret is obtained; hooks refetch when it changes. */
  generation = 0

  constructor(
    readonly baseUrl: string,
    private fetchClientSecret: () => Promise<ClientSecretAnswer>,
    private onSessionExpired: () => void = () => {}
  ) {}

  /** Calls `listener` whenever a new secret arrives; returns the unsubscribe function. */
  subscribe(listener: () => void) {
    this.#listeners.add(listener)
    return () => {
      this.#listeners.delete(listener)
    }
  }

  /** Stops the refresh timer (the provider unmounted). */
  close() {
    if (this.#timer) clearTimeout(this.#timer)
    this.#timer = null
  }

  #refresh(): Promise<string> {
    const next = Promise.resolve()
      .then(() => this.fetchClientSecret())
      .then((answer) => {
        const secret = typeof answer === 'string' ? answer : answer.clientSecret
        if (!secret || !secret.includes('_secret_')) {
          throw new EmbedError(
            'invalid_client_secret',
            'fetchClientSecret must resolve to the clientSecret of an embed session.',
            0
          )
        }
        const expiresAt = typeof answer === 'string' ? undefined : answer.expiresAt
        this.#schedule(expiresAt ? Date.parse(expiresAt) : null)
        this.generation++
        for (const listener of this.#listeners) listener()
        return secret
      })
    next.catch(() => {
      if (this.#secret === next) this.#secret = null
    })
    this.#secret = next
    return next
  }

  #schedule(expiresAtMs: number | null) {
    this.#expiresAtMs = expiresAtMs
    if (this.#timer) clearTimeout(this.#timer)
    this.#timer = null
    if (expiresAtMs === null || Number.isNaN(expiresAtMs)) return
    const delay = Math.max(0, expiresAtMs - Date.now() - REFRESH_MARGIN_MS)
    this.#timer = setTimeout(() => void this.#refresh().catch(() => {}), delay)
  }

  #current(): Promise<string> {
    return this.#secret ?? this.#refresh()
  }

  #info: { generation: number; promise: Promise<EmbedSessionInfo> } | null = null

  /** The session's scope and branding, read once per client secret. */
  sessionInfo(): Promise<EmbedSessionInfo> {
    if (!this.#info || this.#info.generation !== this.generation) {
      const promise = this.get<EmbedSessionInfo>('session')
      const entry = { generation: this.generation, promise }
      promise.catch(() => {
        if (this.#info === entry) this.#info = null
      })
      this.#info = entry
    }
    return this.#info.promise
  }

  /**
   * GET `/embed/v1/<session>/<path>` with the secret; JSON. On a 401 the secret is fetched
   * again and the read retried once.
   * @throws EmbedError
   */
  async get<T>(path: EmbedPath, query: Record<string, string | undefined> = {}): Promise<T> {
    const first = await this.#current()
    try {
      return await this.#request<T>(first, path, query)
    } catch (error) {
      if (!(error instanceof EmbedError) || error.status !== 401) throw error
      // Another read may have refreshed meanwhile; otherwise ask the page for a new secret.
      const current = await this.#current()
      const secret = current === first ? await this.#refresh() : current
      try {
        return await this.#request<T>(secret, path, query)
      } catch (retryError) {
        if (retryError instanceof EmbedError && retryError.status === 401) {
          this.onSessionExpired()
        }
        throw retryError
      }
    }
  }

  async #request<T>(
    secret: string,
    path: EmbedPath,
    query: Record<string, string | undefined>
  ): Promise<T> {
    const sessionId = secret.split('_secret_')[0]
    const url = new URL(
      `/embed/v1/${encodeURIComponent(sessionId)}/${path}`,
      this.baseUrl.endsWith('/') ? this.baseUrl : `${this.baseUrl}/`
    )
    for (const [name, value] of Object.entries(query)) {
      if (value !== undefined) url.searchParams.set(name, value)
    }
    let response: Response
    try {
      response = await fetch(url, {
        headers: { Authorization: `Bearer ${secret}`, Accept: 'application/json' },
        credentials: 'omit',
      })
    } catch {
      // A refused origin gets no CORS headers: the browser reports a network error.
      throw new EmbedError(
        'network_error',
        'Adrelay could not be reached from this page (network error or origin not allowed).',
        0
      )
    }
    const text = await response.text()
    const body = text ? safeJson(text) : null
    if (!response.ok) {
      const error = (body as { error?: { code?: string; message?: string } } | null)?.error
      throw new EmbedError(
        error?.code ?? 'http_error',
        error?.message ?? `Adrelay answered ${response.status}.`,
        response.status
      )
    }
    if (path === 'session') {
      const info = body as EmbedSessionInfo
      if (this.#expiresAtMs === null) this.#schedule(Date.parse(info.expiresAt))
    }
    return body as T
  }
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text)
  } catch {
    return null
  }
}
