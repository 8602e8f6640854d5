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
   * Whether this instance has nothing on its way to the store and holds nothing ahead (no
   * reservation running or queued, no lease): what `persist` leaves when no request comes in
   * meanwhile. `Metering.settle` flushes and persists until this holds (shutdown).
   */
  abstract get idle(): boolean

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
 * Prefetching (quota leases) — ADR 0021. Under sustained traffic a reservation also takes a
 * few units ahead for the requests that follow, kept in the instance as a lease; they are
 * handed out without a store write until it runs out, and what is left is given back to the
 * store when the key goes quiet (`LEASE_IDLE_RELEASE_MS`), on `persist()` and at shutdown.
 *
 * Bounds, which keep the quota exact for a user of one instance and never let any number of
 * instances overshoot (every unit handed out was first granted by the store's atomic guard):
 * - a lease covers about `LEASE_TARGET_MS` of the key's recent request rate, at most
 *   `MAX_PREFETCH` units (`QUOTA_LEASE_MAX_UNITS`; 0 turns leases off);
 * - at most 1/`PREFETCH_SHARE` of what the account (and the key's own limit) had left at
 *   the last reservation, so nothing is prefetched when fewer than `PREFETCH_SHARE` requests
 *   are left and the last requests of a month are reserved one batch at a time;
 * - below `MIN_PREFETCH_RATE` requests a second, never: a quiet key costs one write per
 *   request (batch) as before, not a reservation and a release.
 *
 * A lease is renewed before it runs out: once a request leaves it at `REFILL_SHARE` of what
 * the last reservation added or less, the next reservation starts in the background while
 * requests go on being served from what is left. A request waits for the store only when
 * the lease ran dry before that reservation came back (on SQLite, when the single writer was
 * busy for longer than the rest of the lease lasts).
 *
 * The rate is re-estimated every `RATE_WINDOW_MS`, and sooner when it climbs: a window that
 * has lasted `EARLY_WINDOW_MS` with at least `EARLY_WINDOW_REQUESTS` requests, at more than
 * twice the last estimate, closes at once. A burst from a new or quiet key then gets its lease
 * within ~20 ms; before, its requests waited one store round trip per batch for a whole
 * window, and a client with N connections got at most N requests per round trip (on SQLite
 * about 10,000 a second for 10 connections, while the route serves 29,000): at a fixed rate
 * above that, a backlog of up to 250 ms built up in the first second (ADR 0021).
 */
export const QUOTA_LEASE = {
  LEASE_TARGET_MS: 100,
  MAX_PREFETCH: 256,
  PREFETCH_SHARE: 64,
  MIN_PREFETCH_RATE: 20,
  /** Share of a lease left when its renewal starts (in the background). */
  REFILL_SHARE: 0.5,
  /** Rate window: the request rate is re-estimated this often (ms)... */
  RATE_WINDOW_MS: 250,
  /** ...or after this long (ms), when the window's rate is over twice the last estimate... */
  EARLY_WINDOW_MS: 20,
  /** ...and it holds at least this many requests (800 a second over 20 ms). */
  EARLY_WINDOW_REQUESTS: 16,
  /** Unused units are given back once their key made no request for this long (ms). */
  LEASE_IDLE_RELEASE_MS: 1000,
} as const

/** A run of held units with consecutive positions (see `CounterState.ranges`). */
interface LeaseRange {
  used: number
  keyUsed: number
  units: number
}

/**
 * What one instance knows about one counter (user + month, or user + month + key): the units
 * it holds (granted by the store, not yet handed out), the positions of the next one, and the
 * recent request rate that sizes the next prefetch.
 */
interface CounterState {
  userId: number
  period: string
  /** Token id of the key's own counter, or null for an account-only counter. */
  tokenId: number | null
  /** Units held: granted by the store, not yet handed to a request (the sum of `ranges`). */
  held: number
  /**
   * The held units as runs of consecutive positions, oldest first: `used` / `keyUsed` are
   * the account and key counts the next request served from the run reaches. A renewal
   * granted while units are still held adds a run (another instance may have reserved in
   * between, so it need not follow on).
   */
  ranges: LeaseRange[]
  /** Renew in the background once `held` is at or below this (0 with no lease). */
  refillAt: number
  /** Limits the held units were granted under; a change (plan, key limit) returns them. */
  limit: number
  keyLimit: number | null
  /** Left on the account / the key's own limit after the last reservation (null: unknown). */
  accountLeft: number | null
  keyLeft: number | null
  /** Requests in the current rate window, when it started (ms), and the last estimate (req/s). */
  windowCount: number
  windowStartedAt: number
  ratePerSecond: number
  lastUsedAt: number
}

/**
 * Group commit for quota counters, with prefetching. Requests of the same user and month
 * that arrive while a reservation for them is in flight wait and are then counted together by
 * ONE atomic reservation of `wanted` units (granting `min(wanted, limit - count)`), instead of
 * one store write each. Exactness is unchanged: the store serialises reservations, each grants
 * only what is left, and waiters are answered in arrival order. Under sustained load a
 * reservation also takes a lease of units ahead (see {@link QUOTA_LEASE}, ADR 0021), so most
 * requests are counted in memory without waiting on the store.
 */
export abstract class BatchingQuotaStore extends QuotaStore {
  #pending = new Map<
    string,
    { userId: number; period: string; limit: number; key?: KeyAllowance; waiters: Waiter[] }
  >()
  /** Counters with a reservation loop running (see `#drain`). */
  #inFlight = new Set<string>()
  /** The reservation loops running, for `persist` to wait for. */
  #draining = new Set<Promise<void>>()
  #counters = new Map<string, CounterState>()
  #sweeper: NodeJS.Timeout | null = null
  /** Clock for lease ages and request rates (ms); tests may replace it. */
  protected nowMs: () => number = Date.now
  /**
   * The most units one lease may hold (`QUOTA_LEASE_MAX_UNITS`, default
   * `QUOTA_LEASE.MAX_PREFETCH`); 0 turns prefetching off: every batch is one store write.
   */
  leaseMaxUnits: number = QUOTA_LEASE.MAX_PREFETCH

  /**
   * The one write a store implements: atomically adds `granted = min(wanted, limit - count)`
   * (never below 0) to the counter of `userId` in `period`, creating it at 0 when missing,
   * and reports the count before. Concurrent reservations of one counter must serialise (a
   * conditional UPDATE, a row lock, a Lua script). `wanted` is the number of requests waiting
   * in the batch plus any prefetch; the batch's waiters are answered in arrival order from
   * the result, so a store never needs to know about individual requests. With `key`, the
   * same units are added to the key's counter too, and `granted` also stays within the key's
   * limit.
   * @returns the counts before and the number of units granted (0 when at a limit)
   */
  protected abstract reserve(
    userId: number,
    period: string,
    limit: number,
    wanted: number,
    key?: KeyAllowance
  ): Promise<Reservation>

  /**
   * Gives `units` back: subtracts them from the account's counter of `userId` in `period` and,
   * with `tokenId`, from that key's counter (never below 0). Called only for units this
   * instance reserved and did not hand out.
   */
  protected abstract release(
    userId: number,
    period: string,
    units: number,
    tokenId: number | null
  ): Promise<void>

  /** Writes state held outside the database back to it (after leases are given back). */
  protected abstract persistCounters(): Promise<void>

  /**
   * Gives every held unit back, then persists (see `QuotaStore.persist`). Reservations already
   * on their way are waited for first: one returning afterwards would add its prefetch to a
   * lease this call had just emptied, and those units would stay counted as used (at
   * shutdown, never given back, and the sweeper's later attempt would wait on a closed pool).
   */
  async persist() {
    await Promise.allSettled(this.#draining)
    await this.releaseLeases(() => true)
    await this.persistCounters()
  }

  get idle(): boolean {
    if (this.#draining.size > 0 || this.#pending.size > 0) return false
    for (const state of this.#counters.values()) if (state.held > 0) return false
    return true
  }

  /**
   * Drops what this instance holds for `userId` without giving it back (its counters are
   * being deleted). Call from `forget` before deleting.
   */
  protected dropLeases(userId: number) {
    for (const [id, state] of this.#counters) if (state.userId === userId) this.#counters.delete(id)
  }

  /**
   * Units of `userId`'s counters in `period` that this instance holds (reserved, not handed
   * out): account total, and per key. Reads subtract them so a user sees what was used.
   */
  protected heldUnits(userId: number | null, period: string) {
    let account = 0
    const perKey = new Map<number, number>()
    for (const state of this.#counters.values()) {
      if (state.period !== period || state.held === 0) continue
      if (userId !== null && state.userId !== userId) continue
      account += state.held
      if (state.tokenId !== null) {
        perKey.set(state.tokenId, (perKey.get(state.tokenId) ?? 0) + state.held)
      }
    }
    return { account, perKey }
  }

  /**
   * What was used of `userId`'s account in `period`, from the store's `count`: minus the units
   * this instance holds ahead (reserved, not handed out), never below 0.
   */
  protected usedOfAccount(userId: number, period: string, count: number): number {
    return Math.max(0, count - this.heldUnits(userId, period).account)
  }

  /** The same per key: `counts` (token id → stored count) minus what this instance holds. */
  protected usedOfKeys(period: string, counts: Map<number, number>): Map<number, number> {
    const held = this.heldUnits(null, period).perKey
    for (const [tokenId, count] of counts) {
      counts.set(tokenId, Math.max(0, count - (held.get(tokenId) ?? 0)))
    }
    return counts
  }

  /** Gives back the held units of counters `which` selects; keeps the counters' rates. */
  protected async releaseLeases(which: (state: CounterState) => boolean) {
    const giving: Array<Promise<void>> = []
    for (const state of this.#counters.values()) {
      if (state.held === 0 || !which(state)) continue
      const units = state.held
      const ranges = state.ranges
      state.held = 0
      state.ranges = []
      giving.push(
        this.release(state.userId, state.period, units, state.tokenId).catch((error) => {
          // Not given back: hold them again (used, or given back on the next sweep).
          state.held += units
          state.ranges = [...ranges, ...state.ranges]
          throw error
        })
      )
    }
    const outcomes = await Promise.allSettled(giving)
    const failed = outcomes.find((outcome) => outcome.status === 'rejected')
    if (failed) throw failed.reason
  }

  consume(userId: number, period: string, limit: number, allowance?: KeyAllowance) {
    // Requests through different keys are reserved separately (each has its own counter).
    const key = allowance ? `${userId}:${period}:${allowance.tokenId}` : `${userId}:${period}`
    const state = this.#observe(key, userId, period, allowance)
    const keyLimit = allowance ? allowance.limit : null
    // Served from the lease, unless the plan or the key's limit changed since it was taken
    // (then the batch below gives it back first and reserves under the new limit).
    if (state.held > 0 && state.limit === limit && state.keyLimit === keyLimit) {
      const decision = this.#takeFromLease(state, allowance)
      if (state.held <= state.refillAt && !this.#pending.has(key) && !this.#inFlight.has(key)) {
        // Renewed in the background: the requests that follow are served from what is left.
        this.#pending.set(key, { userId, period, limit, key: allowance, waiters: [] })
        void this.#drain(key)
      }
      return Promise.resolve(decision)
    }
    return new Promise<QuotaDecision>((resolve, reject) => {
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

  /** Hands one held unit to a request: its account (and key) position, no store write. */
  #takeFromLease(state: CounterState, allowance?: KeyAllowance): QuotaDecision {
    const range = state.ranges[0]
    state.held--
    range.units--
    const decision: QuotaDecision = { allowed: true, used: range.used++ }
    if (allowance) decision.keyUsed = range.keyUsed++
    if (range.units === 0) state.ranges.shift()
    return decision
  }

  /** The counter's state, with this request counted in its rate window. */
  #observe(key: string, userId: number, period: string, allowance?: KeyAllowance) {
    const now = this.nowMs()
    let state = this.#counters.get(key)
    if (!state) {
      state = {
        userId,
        period,
        tokenId: allowance ? allowance.tokenId : null,
        held: 0,
        ranges: [],
        refillAt: 0,
        limit: 0,
        keyLimit: null,
        accountLeft: null,
        keyLeft: null,
        windowCount: 0,
        windowStartedAt: now,
        ratePerSecond: 0,
        lastUsedAt: now,
      }
      this.#counters.set(key, state)
      this.#startSweeper()
    }
    state.lastUsedAt = now
    state.windowCount++
    const elapsed = now - state.windowStartedAt
    if (
      elapsed >= QUOTA_LEASE.RATE_WINDOW_MS ||
      (elapsed >= QUOTA_LEASE.EARLY_WINDOW_MS &&
        state.windowCount >= QUOTA_LEASE.EARLY_WINDOW_REQUESTS &&
        state.windowCount * 1000 > 2 * state.ratePerSecond * elapsed)
    ) {
      state.ratePerSecond = (state.windowCount * 1000) / elapsed
      state.windowCount = 0
      state.windowStartedAt = now
    }
    return state
  }

  /** Units to reserve ahead of a batch (0: none), within the bounds of {@link QUOTA_LEASE}. */
  #prefetchFor(state: CounterState): number {
    if (state.ratePerSecond < QUOTA_LEASE.MIN_PREFETCH_RATE || state.accountLeft === null) return 0
    let units = Math.min(
      this.leaseMaxUnits,
      Math.floor((state.ratePerSecond * QUOTA_LEASE.LEASE_TARGET_MS) / 1000),
      Math.floor(state.accountLeft / QUOTA_LEASE.PREFETCH_SHARE)
    )
    if (state.keyLimit !== null) {
      if (state.keyLeft === null) return 0
      units = Math.min(units, Math.floor(state.keyLeft / QUOTA_LEASE.PREFETCH_SHARE))
    }
    return Math.max(0, units)
  }

  /**
   * Gives back the units of counters that made no request for `LEASE_IDLE_RELEASE_MS` before
   * `now` (ms), and forgets counters idle for a minute. Runs every `LEASE_IDLE_RELEASE_MS`
   * while the instance holds counters.
   */
  async releaseIdleLeases(now: number = this.nowMs()) {
    const released = this.releaseLeases(
      (state) => now - state.lastUsedAt >= QUOTA_LEASE.LEASE_IDLE_RELEASE_MS
    )
    for (const [id, state] of this.#counters) {
      if (state.held === 0 && now - state.lastUsedAt > 60_000 && !this.#inFlight.has(id)) {
        this.#counters.delete(id)
      }
    }
    if (this.#counters.size === 0 && this.#sweeper) {
      clearInterval(this.#sweeper)
      this.#sweeper = null
    }
    await released
  }

  #startSweeper() {
    if (this.#sweeper) return
    this.#sweeper = setInterval(
      () => void this.releaseIdleLeases().catch(() => {}),
      QUOTA_LEASE.LEASE_IDLE_RELEASE_MS
    )
    this.#sweeper.unref()
  }

  /**
   * Runs `#reserveQueued(key)` and keeps its promise in `#draining` until it ends, so
   * `persist` can wait for reservations already on their way.
   */
  #drain(key: string): Promise<void> {
    const draining = this.#reserveQueued(key)
    this.#draining.add(draining)
    void draining.finally(() => this.#draining.delete(draining)).catch(() => {})
    return draining
  }

  /** Reserves for the counter's queued batches, one store write at a time, until none is left. */
  async #reserveQueued(key: string) {
    this.#inFlight.add(key)
    try {
      for (let batch = this.#pending.get(key); batch; batch = this.#pending.get(key)) {
        this.#pending.delete(key)
        const { userId, period, limit, key: allowance } = batch
        const keyLimit = allowance ? allowance.limit : null
        const state = this.#counters.get(key)
        let waiters = batch.waiters
        if (state && state.held > 0) {
          // A lease arrived while these waited (the previous reservation's prefetch).
          if (state.limit === limit && state.keyLimit === keyLimit) {
            const fromLease = Math.min(state.held, waiters.length)
            for (const waiter of waiters.slice(0, fromLease)) {
              waiter.resolve(this.#takeFromLease(state, allowance))
            }
            waiters = waiters.slice(fromLease)
            // (A background renewal has no waiters and goes on to reserve.)
            if (waiters.length === 0 && state.held > state.refillAt) continue
          } else {
            // Taken under another limit: given back before reserving under the new one.
            await this.releaseLeases((held) => held === state).catch(() => {})
          }
        }
        if (state) {
          state.limit = limit
          state.keyLimit = keyLimit
        }
        const prefetch = state ? this.#prefetchFor(state) : 0
        if (waiters.length === 0 && prefetch === 0) {
          // A renewal the key's pace or what is left no longer warrants.
          if (state) state.refillAt = 0
          continue
        }
        try {
          const { before, granted, keyBefore } = await this.reserve(
            userId,
            period,
            limit,
            waiters.length + prefetch,
            allowance
          )
          const served = Math.min(granted, waiters.length)
          const keyStart = keyBefore ?? 0
          if (state && this.#counters.get(key) === state) {
            // The units left once every waiter is served are added to the lease.
            const leased = granted - served
            if (leased > 0) {
              state.held += leased
              state.ranges.push({
                used: before + served + 1,
                keyUsed: keyStart + served + 1,
                units: leased,
              })
            }
            state.refillAt = Math.floor(leased * QUOTA_LEASE.REFILL_SHARE)
            state.accountLeft = limit - (before + granted)
            state.keyLeft = keyLimit === null ? null : keyLimit - (keyStart + granted)
          }
          // (A counter forgotten meanwhile, by account deletion, keeps nothing: its rows are gone.)
          if (!allowance) {
            waiters.forEach((waiter, index) =>
              index < served
                ? waiter.resolve({ allowed: true, used: before + index + 1 })
                : waiter.resolve({ allowed: false, used: Math.max(before + granted, limit) })
            )
            continue
          }
          const accountFull = before + granted >= limit
          waiters.forEach((waiter, index) =>
            index < served
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
