/** The answer to one `consume`: whether the request may run, and the count after it. */
export interface QuotaDecision {
  /** True when the request was counted (the limit was not yet reached). */
  allowed: boolean
  /**
   * The month's count after this call: the request's own position when allowed, `limit` or
   * more when refused.
   */
  used: number
  /** With a key: the key's own count after this call (issue 17 client keys) */
  keyUsed?: number
  /** With a key, when refused: which limit refused, the account's quota or the key's own */
  refusedBy?: 'account' | 'key'
}

/**
 * A client key's share of the account's quota (issue 17): its token id, whose per-key monthly
 * counter (`key_usage_counters`) moves with the account's, and its own monthly limit (null:
 * only the account's quota applies).
 */
export interface KeyAllowance {
  tokenId: number
  limit: number | null
}

/**
 * The shared monthly request counters, one per user and quota period (`YYYY-MM`, UTC). The
 * container binds this class to the store in use (`SqlQuotaStore`, or `RedisQuotaStore` when
 * `REDIS_URL` is set; providers/app_provider.ts) and `Metering` reads it through this class.
 *
 * Implementations must be atomic across every app instance: with N concurrent `consume` calls
 * and R requests remaining, exactly R are allowed.
 */
export abstract class QuotaStore {
  /**
   * Counts one request for `userId` in `period` if the count is below `limit` and, when `key`
   * is given, the key's own count is below its limit: both counters move together or not at
   * all (one transaction on SQL, one Lua script on Redis).
   * @returns the decision and the count after the call (see `QuotaDecision`)
   */
  abstract consume(
    userId: number,
    period: string,
    limit: number,
    key?: KeyAllowance
  ): Promise<QuotaDecision>

  /** The count for `userId` in `period` (0 when nothing was counted). */
  abstract current(userId: number, period: string): Promise<number>

  /** Each key's count in `period` (token id → count; 0 for keys never counted). */
  abstract currentForKeys(tokenIds: number[], period: string): Promise<Map<number, number>>

  /** Writes any state held outside the database back to it (no-op for the SQL store). */
  abstract persist(): Promise<void>

  /**
   * Deletes every counter of `userId`, in every period and every place it is kept (database
   * rows, Redis keys, counts waiting to be persisted). Used by account deletion.
   */
  abstract forget(userId: number): Promise<void>
}

/**
 * Outcome of one atomic reservation (`BatchingQuotaStore.reserve`): the count before it and
 * how many of the requested units it granted (`0 <= granted <= wanted`), and with a key the
 * key's count before it.
 */
export interface Reservation {
  before: number
  granted: number
  keyBefore?: number
}

interface Waiter {
  resolve: (result: QuotaDecision) => void
  reject: (error: unknown) => void
}

/**
 * Group commit for quota counters. Requests of the same user and month that arrive while a
 * reservation for them is in flight wait and are then counted together by ONE atomic
 * reservation of `wanted` units (granting `min(wanted, limit - count)`), instead of one store
 * write each. Exactness is unchanged: the store serialises reservations, each grants only
 * what is left, and waiters are answered in arrival order. Under load this turns hundreds of
 * counter writes per second for a busy key into a few dozen.
 */
export abstract class BatchingQuotaStore extends QuotaStore {
  #pending = new Map<
    string,
    { userId: number; period: string; limit: number; key?: KeyAllowance; waiters: Waiter[] }
  >()
  #inFlight = new Set<string>()

  /**
   * The one write a store implements: atomically adds `granted = min(wanted, limit - count)`
   * (never below 0) to the counter of `userId` in `period`, creating it at 0 when missing,
   * and reports the count before. Concurrent reservations of one counter must serialise (a
   * conditional UPDATE, a row lock, a Lua script). `wanted` is the number of requests waiting
   * in the batch (1 or more); the batch's waiters are answered in arrival order from the
   * result, so a store never needs to know about individual requests. With `key`, the same
   * units are added to the key's counter too, and `granted` also stays within the key's limit.
   * @returns the counts before and the number of units granted (0 when at a limit)
   */
  protected abstract reserve(
    userId: number,
    period: string,
    limit: number,
    wanted: number,
    key?: KeyAllowance
  ): Promise<Reservation>

  consume(userId: number, period: string, limit: number, allowance?: KeyAllowance) {
    return new Promise<QuotaDecision>((resolve, reject) => {
      // Requests through different keys are reserved separately (each has its own counter).
      const key = allowance ? `${userId}:${period}:${allowance.tokenId}` : `${userId}:${period}`
      let batch = this.#pending.get(key)
      if (!batch) {
        batch = { userId, period, limit, waiters: [] }
        this.#pending.set(key, batch)
      }
      batch.limit = limit
      batch.key = allowance
      batch.waiters.push({ resolve, reject })
      if (!this.#inFlight.has(key)) void this.#drain(key)
    })
  }

  async #drain(key: string) {
    this.#inFlight.add(key)
    try {
      for (let batch = this.#pending.get(key); batch; batch = this.#pending.get(key)) {
        this.#pending.delete(key)
        const { userId, period, limit, key: allowance, waiters } = batch
        try {
          const { before, granted, keyBefore } = await this.reserve(
            userId,
            period,
            limit,
            waiters.length,
            allowance
          )
          if (!allowance) {
            waiters.forEach((waiter, index) =>
              index < granted
                ? waiter.resolve({ allowed: true, used: before + index + 1 })
                : waiter.resolve({ allowed: false, used: Math.max(before + granted, limit) })
            )
            continue
          }
          const keyStart = keyBefore ?? 0
          const accountFull = before + granted >= limit
          waiters.forEach((waiter, index) =>
            index < granted
              ? waiter.resolve({
                  allowed: true,
                  used: before + index + 1,
                  keyUsed: keyStart + index + 1,
                })
              : waiter.resolve({
                  allowed: false,
                  used: accountFull ? Math.max(before + granted, limit) : before + granted,
                  keyUsed: keyStart + granted,
                  refusedBy: accountFull ? 'account' : 'key',
                })
          )
        } catch (error) {
          for (const waiter of waiters) waiter.reject(error)
        }
      }
    } finally {
      this.#inFlight.delete(key)
    }
  }
}
