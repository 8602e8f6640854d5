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
    readonly status: number,
    options?: { cause?: unknown }
  ) {
    super(message, options)
    this.name = 'EmbedError'
  }
}

/** Paths a widget reads, under `/embed/v1/<session id>/`. */
export type EmbedPath = 'session' | EmbedComponent

/** The code of an expired session that `fetchClientSecret` could not renew (status 401). */
export const SESSION_EXPIRED_CODE = 'embed_session_expired'

/** Renew at the latest this long before `expiresAt` (ms), for sessions that live long enough. */
export const REFRESH_MARGIN_MS = 60_000

/** Never renew sooner than this after a secret arrives or a renewal fails (ms). */
export const MIN_REFRESH_DELAY_MS = 15_000

/**
 * How long after it arrives a secret with `remainingMs` left is renewed:
 * `max(remainingMs − REFRESH_MARGIN_MS, remainingMs / 2, MIN_REFRESH_DELAY_MS)`. A one-hour
 * session is renewed a minute before it expires; a short one (the API's minimum `ttlSeconds`
 * is 60) halfway through its life, so a new secret never asks for the next one at once and a
 * page renews at most twice per TTL. A failed renewal is retried by the same rule while the
 * secret lasts. `null` (no timer) when the secret has no known expiry or has already expired
 * by this page's clock: the 401 its next read gets renews it.
 */
export function refreshDelayMs(remainingMs: number): number | null {
  if (!Number.isFinite(remainingMs) || remainingMs <= 0) return null
  return Math.max(remainingMs - REFRESH_MARGIN_MS, remainingMs / 2, MIN_REFRESH_DELAY_MS)
}

/**
 * Holds the current client secret and reads the embed endpoints with it. Fetches a secret
 * through `fetchClientSecret` on first use, again before the session expires (see
 * `refreshDelayMs`; reads keep the current secret meanwhile), and on a 401 (expired or unknown
 * secret) before retrying the read. Concurrent reads share one secret request. A 403 (revoked,
 * origin or scope refused) is final: no refresh.
 *
 * When a secret has been held and `fetchClientSecret` cannot give the next one (it throws or
 * answers no client secret) after a 401 or once the secret has expired, the session is
 * expired: `onSessionExpired` is called and reads fail with `embed_session_expired` (401)
 * until a later read (the minute refetch, "Try again") gets a new secret.
 */
export class EmbedClient {
  /** The secret reads use: the current one, or the request replacing an unusable one */
  #secret: Promise<string> | null = null
  /** A `fetchClientSecret` call in flight, shared by the timer and the reads */
  #pending: Promise<string> | null = null
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
    this.#clearTimer()
  }

  #clearTimer() {
    if (this.#timer) clearTimeout(this.#timer)
    this.#timer = null
  }

  /** One `fetchClientSecret` call at a time; a success becomes the current secret. */
  #fetchSecret(): Promise<string> {
    if (this.#pending) return this.#pending
    const pending = Promise.resolve()
      .then(() => this.fetchClientSecret())
      .then((answer) => {
        const secret = typeof answer === 'string' ? answer : answer?.clientSecret
        if (!secret || !secret.includes('_secret_')) {
          throw new EmbedError(
            'invalid_client_secret',
            'fetchClientSecret must resolve to the clientSecret of an embed session.',
            0
          )
        }
        const expiresAt = typeof answer === 'string' ? undefined : answer.expiresAt
        this.#secret = Promise.resolve(secret)
        this.#schedule(expiresAt ? Date.parse(expiresAt) : null)
        this.generation++
        for (const listener of this.#listeners) listener()
        return secret
      })
    const settled = () => {
      if (this.#pending === pending) this.#pending = null
    }
    pending.then(settled, settled)
    this.#pending = pending
    return pending
  }

  /** The current secret cannot be used (none yet, or a 401): reads wait for the next. */
  #replace(): Promise<string> {
    const next = this.#fetchSecret()
    this.#secret = next
    next.catch(() => {
      if (this.#secret === next) this.#secret = null
    })
    return next
  }

  #schedule(expiresAtMs: number | null) {
    this.#expiresAtMs = expiresAtMs === null || Number.isNaN(expiresAtMs) ? null : expiresAtMs
    this.#clearTimer()
    if (this.#expiresAtMs === null) return
    const delay = refreshDelayMs(this.#expiresAtMs - Date.now())
    if (delay !== null) this.#timer = setTimeout(() => this.#renew(), delay)
  }

  /** The timer: renews while the current secret still works. */
  #renew() {
    this.#timer = null
    const current = this.#secret
    this.#fetchSecret().catch(() => {
      // A 401 meanwhile dropped the secret and reported the expiry; or a newer one arrived.
      if (this.#secret !== current || current === null) return
      const delay =
        this.#expiresAtMs === null ? null : refreshDelayMs(this.#expiresAtMs - Date.now())
      if (delay === null) {
        this.#secret = null
        this.onSessionExpired()
      } else {
        this.#timer = setTimeout(() => this.#renew(), delay)
      }
    })
  }

  #current(): Promise<string> {
    return this.#secret ?? this.#replace()
  }

  /** The error reads fail with when the session expired and could not be renewed. */
  #expired(cause: unknown): EmbedError {
    this.onSessionExpired()
    return new EmbedError(
      SESSION_EXPIRED_CODE,
      'The embed session expired and fetchClientSecret could not renew it.',
      401,
      { cause }
    )
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
   * @throws EmbedError; `embed_session_expired` (401) when a secret was held and no new one
   * could be had
   */
  async get<T>(path: EmbedPath, query: Record<string, string | undefined> = {}): Promise<T> {
    const hadSecret = this.generation > 0
    let first: string
    try {
      first = await this.#current()
    } catch (error) {
      // Never had a secret: the first fetchClientSecret failed, nothing expired.
      throw hadSecret ? this.#expired(error) : error
    }
    try {
      return await this.#request<T>(first, path, query)
    } catch (error) {
      if (!(error instanceof EmbedError) || error.status !== 401) throw error
      // Another read may have refreshed meanwhile; otherwise ask the page for a new secret.
      let secret: string
      try {
        const current = await this.#current()
        secret = current === first ? await this.#replace() : current
      } catch (renewError) {
        throw this.#expired(renewError)
      }
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
