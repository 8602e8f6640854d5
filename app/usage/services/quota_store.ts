/** The answer to one `consume`: whether the request may run, and the count after it. */
export interface QuotaDecision {
  /** True when the request was counted (the limit was not yet reached). */
  allowed: boolean
  /**
   * The month's count after this call: the request's own position when allowed, `limit` or
   * more when refused.
   */
  used: number
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
   * Counts one request for `userId` in `period` if the count is below `limit`.
   * @returns the decision and the count after the call (see `QuotaDecision`)
   */
  abstract consume(userId: number, period: string, limit: number): Promise<QuotaDecision>

  /** The count for `userId` in `period` (0 when nothing was counted). */
  abstract current(userId: number, period: string): Promise<number>

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
 * how many of the requested units it granted (`0 <= granted <= wanted`).
 */
export interface Reservation {
  before: number
  granted: number
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
  #pending = new Map<string, { userId: number; period: string; limit: number; waiters: Waiter[] }>()
  #inFlight = new Set<string>()

  /**
   * The one write a store implements: atomically adds `granted = min(wanted, limit - count)`
   * (never below 0) to the counter of `userId` in `period`, creating it at 0 when missing,
   * and reports the count before. Concurrent reservations of one counter must serialise (a
   * conditional UPDATE, a row lock, a Lua script). `wanted` is the number of requests waiting
   * in the batch (1 or more); the batch's waiters are answered in arrival order from the
   * result, so a store never needs to know about individual requests.
   * @returns the count before and the number of units granted (0 when at the limit)
   */
  protected abstract reserve(
    userId: number,
    period: string,
    limit: number,
    wanted: number
  ): Promise<Reservation>

  consume(userId: number, period: string, limit: number) {
    return new Promise<QuotaDecision>((resolve, reject) => {
      const key = `${userId}:${period}`
      let batch = this.#pending.get(key)
      if (!batch) {
        batch = { userId, period, limit, waiters: [] }
        this.#pending.set(key, batch)
      }
      batch.limit = limit
      batch.waiters.push({ resolve, reject })
      if (!this.#inFlight.has(key)) void this.#drain(key)
    })
  }

  async #drain(key: string) {
    this.#inFlight.add(key)
    try {
      for (let batch = this.#pending.get(key); batch; batch = this.#pending.get(key)) {
        this.#pending.delete(key)
        const { userId, period, limit, waiters } = batch
        try {
          const { before, granted } = await this.reserve(userId, period, limit, waiters.length)
          waiters.forEach((waiter, index) =>
            index < granted
              ? waiter.resolve({ allowed: true, used: before + index + 1 })
              : waiter.resolve({ allowed: false, used: Math.max(before + granted, limit) })
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
