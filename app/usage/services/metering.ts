import { AppError } from '#shared/errors'
import type { ApiKeyVerifier, VerifiedApiKey } from '#keys/services/api_key_verifier'
import type { QuotaStore } from '#usage/services/quota_store'
import type { CallLog, ApiCallRecord } from '#usage/services/call_log'
import { billingPeriodAt, secondsUntil, type BillingPeriod } from '#usage/services/billing_period'

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

/**
 * The metered-request pipeline shared by REST (/api/v1), MCP (/mcp) and the integrator
 * endpoints (/internal): key check → quota → call log.
 *
 * Errors (all `AppError`):
 * - 401 `invalid_api_key` (missing, malformed, unknown or revoked key; `WWW-Authenticate: Bearer`)
 * - 403 `account_suspended`
 * - 429 `quota_exceeded` with `limit`, `used`, `resetsAt` and `Retry-After`
 * - 429 `key_quota_exceeded` (the key's own monthly limit) with the same fields
 */
export class Metering {
  constructor(
    readonly verifier: ApiKeyVerifier,
    readonly quotas: QuotaStore,
    readonly callLog: CallLog
  ) {}

  /**
   * Reads `Authorization: Bearer <key>` and resolves the key, or throws. `connection` is the
   * request's socket (see `ApiKeyVerifier.verify`). Answers synchronously when the key's
   * outcome is cached (the hot path) and with a promise after a lookup; `await` handles both.
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
    const verified = this.verifier.verify(match[1], connection)
    return verified instanceof Promise ? verified.then(admit) : admit(verified)
  }

  /**
   * Counts one request against the key owner's monthly quota and the key's own monthly
   * limit, both in one atomic step (the key's count is kept for every key, limit or not).
   * @throws AppError 429 `quota_exceeded` when the month's limit is reached, 429
   * `key_quota_exceeded` when the key's own limit is
   */
  async consume(key: VerifiedApiKey, now: Date = new Date()): Promise<QuotaState> {
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

  /** Reads the current month's usage without counting. */
  async usage(userId: number, limit: number, now: Date = new Date()): Promise<QuotaState> {
    const { period, resetsAt } = billingPeriodAt(now)
    const used = await this.quotas.current(userId, period)
    return { limit, used, remaining: Math.max(0, limit - used), period, resetsAt }
  }

  /** Queues a call record (written in batches). */
  record(entry: ApiCallRecord) {
    this.callLog.record(entry)
  }
}

/** The outcome of a key check: the key, or the 401/403 it earns. */
function admit(verified: VerifiedApiKey | null): VerifiedApiKey {
  if (!verified) {
    throw invalidKey(
      'The API key is invalid or has been revoked.',
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
export function rateLimitHeaders(state: QuotaState, now: Date = new Date()) {
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
