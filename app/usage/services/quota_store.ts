/**
 * A shared monthly request counter per user. Implementations must be atomic across every
 * app instance: with N concurrent `consume` calls and R requests remaining, exactly R are
 * allowed.
 */
export interface QuotaStore {
  /**
   * Counts one request for `userId` in `period` if the count is below `limit` and, when `key`
   * is given, the key's own count is below its limit: both counters move together or not at
   * all (one transaction on SQL, one Lua script on Redis).
   * @returns `allowed`, the account's count after the call (`used`, which is `limit` or more
   * when the account refused), and with `key` the key's count (`keyUsed`) and which limit
   * refused (`refusedBy`)
   */
  consume(userId: number, period: string, limit: number, key?: KeyAllowance): Promise<QuotaOutcome>

  /** The count for `userId` in `period` (0 when nothing was counted). */
  current(userId: number, period: string): Promise<number>

  /** Each key's count in `period` (token id → count; 0 for keys never counted). */
  currentForKeys(tokenIds: number[], period: string): Promise<Map<number, number>>

  /** Writes any state held outside the database back to it (no-op for the SQL store). */
  persist(): Promise<void>
}

/**
 * A client key's share of the account's quota (issue 17): its token id, whose per-key monthly
 * counter (`key_usage_counters`) is updated with the account's, and its own monthly limit
 * (null: only the account's quota applies).
 */
export interface KeyAllowance {
  tokenId: number
  limit: number | null
}

/** The answer to one `consume`. `keyUsed` and `refusedBy` are set when a key was given. */
export interface QuotaOutcome {
  allowed: boolean
  used: number
  keyUsed?: number
  /** Which limit refused the request: the account's quota or the key's own limit */
  refusedBy?: 'account' | 'key'
}

/**
 * Outcome of one atomic reservation: the account's count before it, how many requests it
 * granted, and the key's count before it (when a key was given).
 */
export interface Reservation {
  before: number
  granted: number
  keyBefore?: number
}

interface Waiter {
  resolve: (result: QuotaOutcome) => void
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
export abstract class BatchingQuotaStore implements QuotaStore {
  #pending = new Map<
    string,
    { userId: number; period: string; limit: number; key?: KeyAllowance; waiters: Waiter[] }
  >()
  #inFlight = new Set<string>()

  /**
   * Atomically adds up to `wanted` to the counter without passing `limit` and, with `key`,
   * the same amount to the key's counter without passing the key's limit.
   * @returns the counts before and the number of units granted (0 when at a limit)
   */
  protected abstract reserve(
    userId: number,
    period: string,
    limit: number,
    wanted: number,
    key?: KeyAllowance
  ): Promise<Reservation>

  abstract current(userId: number, period: string): Promise<number>
  abstract currentForKeys(tokenIds: number[], period: string): Promise<Map<number, number>>
  abstract persist(): Promise<void>

  consume(userId: number, period: string, limit: number, allowance?: KeyAllowance) {
    return new Promise<QuotaOutcome>((resolve, reject) => {
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
