import { AppError, httpStatusOf } from '#shared/errors'
import { systemClock, type Clock } from '#shared/clock'
import type { ApiKeyVerifier, VerifiedApiKey } from '#keys/services/api_key_verifier'
import type { QuotaStore } from '#usage/services/quota_store'
import type { CallLog } from '#usage/services/call_log'
import { billingPeriodAt, secondsUntil, type BillingPeriod } from '#usage/services/billing_period'
import { QuotaAlerts } from '#usage/services/quota_alerts'

/** Quota state after a request was counted (or refused). */
export interface QuotaState {
  limit: number
  used: number
  remaining: number
  period: string
  resetsAt: Date
  /**
   * The key's own monthly count (issue 17), with its limit and what is left (null: the key
   * has no limit of its own). Absent on reads that did not go through a key.
   */
  key?: { tokenId: number; used: number; limit: number | null; remaining: number | null }
}

/** One call through a metered surface (REST `/api/v1`, MCP `tools/call`, `/internal`). */
export interface MeteredCall {
  /**
   * The verified bearer credential: an API key (`adr_`) or a CLI token (`adrc_`), told apart
   * by `kind`. Both are counted against the owner's monthly quota and recorded under their
   * own `tokenId`, so the CLI's calls show per credential like any key's.
   */
  credential: VerifiedApiKey
  /** HTTP method, or `MCP` for a tool call */
  method: string
  /** Request path without query string, or `tools/call <tool name>` */
  endpoint: string
}

/**
 * The metered-request pipeline shared by REST (/api/v1), MCP (/mcp) and the integrator
 * endpoints (/internal): key check (`authenticate`), then the one `meter` step
 * (count → run → record).
 *
 * Errors (all `AppError`):
 * - 401 `invalid_api_key` (missing, malformed, unknown or revoked key; `WWW-Authenticate: Bearer`)
 * - 403 `account_suspended`
 * - 429 `quota_exceeded` with `limit`, `used`, `resetsAt` and `Retry-After`
 * - 429 `key_quota_exceeded` (the key's own monthly limit) with the same fields
 */
export class Metering {
  /** Raises the quota_80 / quota_100 alerts when a counted request crosses them. */
  readonly quotaAlerts = new QuotaAlerts()

  constructor(
    readonly verifier: ApiKeyVerifier,
    readonly quotas: QuotaStore,
    readonly callLog: CallLog,
    readonly clock: Clock = systemClock
  ) {}

  /**
   * Reads `Authorization: Bearer <key>` and resolves the key, or throws. `connection` is the
   * request's socket (see `ApiKeyVerifier.verify`). Answers synchronously when the key's
   * outcome is cached (the hot path) and with a promise after a lookup; `await` handles both.
   * A call refused here is neither counted nor recorded: there is no verified owner to
   * charge it to.
   * @throws AppError 401 `invalid_api_key`, 403 `account_suspended`
   */
  authenticate(
    authorizationHeader: string | undefined | null,
    connection?: object
  ): VerifiedApiKey | Promise<VerifiedApiKey> {
    const match = /^Bearer\s+(\S+)\s*$/i.exec(authorizationHeader ?? '')
    if (!match) {
      throw invalidKey(
        'Missing API key. Send it as "Authorization: Bearer <key>".',
        'Bearer realm="adrelay"'
      )
    }
    const token = match[1]
    const verified = this.verifier.verify(token, connection)
    return verified instanceof Promise
      ? verified.then((outcome) => admit(outcome, token, this.verifier))
      : admit(verified, token, this.verifier)
  }

  /**
   * The meter step, the one place every metered surface counts and records a call:
   *
   * 1. **count** one request against the credential owner's monthly quota;
   * 2. **run** `run(quota)`, the surface's work (REST: the rest of the middleware chain and
   *    the route; MCP: the registry's `invoke`);
   * 3. **record** the call in the call log, whatever the outcome: with `successStatus()`
   *    (default 200) when `run` resolves, else with the HTTP status the REST surface answers
   *    for the error (`httpStatusOf`: an `AppError`'s status, 422 for validation, a framework
   *    error's own status, else 500). MCP, which turns the error into a tool error, records
   *    that same status, so one call leaves the same row over REST and over MCP.
   *
   * So every call that passes `authenticate` is recorded, and counted unless the quota itself
   * refuses it (429 `quota_exceeded`, recorded but not counted). The response time is the
   * time to produce the result (monotonic clock), `createdAt` when it was produced.
   * Errors from counting and from `run` are rethrown unchanged for the surface to render.
   * @throws AppError 429 `quota_exceeded`, or whatever `run` throws
   */
  async meter<T>(
    call: MeteredCall,
    run: (quota: QuotaState) => T | Promise<T>,
    successStatus?: () => number
  ): Promise<T> {
    const startedAt = this.clock.monotonicMs()
    let failedWith: number | undefined
    try {
      return await run(await this.#consume(call.credential))
    } catch (error) {
      failedWith = httpStatusOf(error)
      throw error
    } finally {
      this.callLog.record({
        userId: call.credential.userId,
        tokenId: call.credential.tokenId,
        method: call.method,
        endpoint: call.endpoint,
        statusCode: failedWith ?? (successStatus ? successStatus() : 200),
        responseTimeMs: this.clock.monotonicMs() - startedAt,
        createdAt: this.clock.now(),
      })
    }
  }

  /**
   * Counts one request against the key owner's monthly quota (the month of `clock.now()`)
   * and the key's own monthly limit, both in one atomic step (the key's count is kept for
   * every key, limit or not).
   * @throws AppError 429 `quota_exceeded` when the month's limit is reached, 429
   * `key_quota_exceeded` when the key's own limit is
   */
  async #consume(key: VerifiedApiKey): Promise<QuotaState> {
    const now = this.clock.now()
    const { period, resetsAt } = this.#periodAt(now)
    const limit = key.requestLimit
    const keyLimit = key.monthlyLimit
    const outcome = await this.quotas.consume(key.userId, period, limit, {
      tokenId: key.tokenId,
      limit: keyLimit,
    })
    const { allowed, used } = outcome
    const keyUsed = outcome.keyUsed ?? 0
    const state: QuotaState = {
      limit,
      used,
      remaining: Math.max(0, limit - used),
      period,
      resetsAt,
      key: {
        tokenId: key.tokenId,
        used: keyUsed,
        limit: keyLimit,
        remaining: keyLimit === null ? null : Math.max(0, keyLimit - keyUsed),
      },
    }
    this.quotaAlerts.observe(key.userId, state)
    if (!allowed && outcome.refusedBy === 'key' && keyLimit !== null) {
      throw new AppError(
        'key_quota_exceeded',
        `This key's monthly limit of ${keyLimit} requests is reached. It resets at ${resetsAt.toISOString()}.`,
        429,
        { limit: keyLimit, used: keyUsed, resetsAt: resetsAt.toISOString() },
        { 'Retry-After': String(secondsUntil(resetsAt, now)), ...rateLimitHeaders(state, now) }
      )
    }
    if (!allowed) {
      throw new AppError(
        'quota_exceeded',
        `Monthly request quota of ${limit} reached. It resets at ${resetsAt.toISOString()}.`,
        429,
        { limit, used, resetsAt: resetsAt.toISOString() },
        { 'Retry-After': String(secondsUntil(resetsAt, now)), ...rateLimitHeaders(state, now) }
      )
    }
    return state
  }

  /**
   * Writes every buffered call record and gives every leased quota unit back, for shutdown
   * (providers/app_provider.ts). Requests still being answered when the server stopped
   * accepting go on reserving and recording after a first pass, so passes repeat until one
   * leaves nothing pending (at most {@link SETTLE_PASSES}); otherwise the database closes
   * under their writes: records lost, units left counted as used, and a connection request
   * that keeps the process alive until the pool's acquire timeout (60 s).
   * @returns the passes it took
   */
  async settle(): Promise<number> {
    let passes = 0
    while (passes < SETTLE_PASSES) {
      passes++
      await this.callLog.flush()
      // Never fail the shutdown over statistics; the periodic persist already ran.
      await this.quotas.persist().catch(() => {})
      if (!this.callLog.hasPending && this.quotas.idle) break
    }
    return passes
  }

  /** The RateLimit headers of `state` now (see `rateLimitHeaders`). */
  rateLimitHeaders(state: QuotaState) {
    return rateLimitHeaders(state, this.clock.now())
  }

  #period: BillingPeriod | null = null

  /** The quota period containing `now`, reused until the month changes (hot path). */
  #periodAt(now: Date): BillingPeriod {
    const time = now.getTime()
    const cached = this.#period
    if (cached && time >= cached.startsAt.getTime() && time < cached.resetsAt.getTime()) {
      return cached
    }
    this.#period = billingPeriodAt(now)
    return this.#period
  }

  /** Reads the usage of the month containing `at` (default now) without counting. */
  async usage(userId: number, limit: number, at: Date = this.clock.now()): Promise<QuotaState> {
    const { period, resetsAt } = billingPeriodAt(at)
    const used = await this.quotas.current(userId, period)
    return { limit, used, remaining: Math.max(0, limit - used), period, resetsAt }
  }
}

/** Most flush-and-give-back passes `Metering.settle` makes. */
const SETTLE_PASSES = 20

/**
 * The outcome of a key check: the key, or the 401/403 it earns. The 401's message names the
 * credential presented (`ApiKeyVerifier.rejectionMessage`), computed on refusal only.
 */
function admit(
  verified: VerifiedApiKey | null,
  token: string,
  verifier: ApiKeyVerifier
): VerifiedApiKey {
  if (!verified) {
    throw invalidKey(
      verifier.rejectionMessage(token),
      'Bearer realm="adrelay", error="invalid_token"'
    )
  }
  if (verified.suspended) {
    throw new AppError('account_suspended', 'This account is suspended. Contact support.', 403)
  }
  return verified
}

function invalidKey(message: string, challenge: string) {
  return new AppError('invalid_api_key', message, 401, {}, { 'WWW-Authenticate': challenge })
}

/**
 * IETF draft-ietf-httpapi-ratelimit-headers fields: limit, remaining, and seconds until the
 * window resets. With a key that has its own monthly limit, the fields describe whichever
 * limit has fewer requests left (both reset at the end of the month).
 */
export function rateLimitHeaders(state: QuotaState, now: Date) {
  const key = state.key
  const closer =
    key && key.limit !== null && key.remaining !== null && key.remaining < state.remaining
      ? { limit: key.limit, remaining: key.remaining }
      : state
  return {
    'RateLimit-Limit': String(closer.limit),
    'RateLimit-Remaining': String(closer.remaining),
    'RateLimit-Reset': String(secondsUntil(state.resetsAt, now)),
  }
}
