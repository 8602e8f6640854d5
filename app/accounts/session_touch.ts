import { configProvider } from '@adonisjs/core'
import type { ConfigProvider } from '@adonisjs/core/types'
import type {
  SessionData,
  SessionStoreContract,
  SessionStoreFactory,
  TaggedSession,
} from '@adonisjs/session/types'
import { systemClock, type Clock } from '#shared/clock'

/**
 * How often, at most, one process pushes a session's expiry forward (ms). The session lives 7
 * days from its last request (config/session.ts); pushing that forward at most once a minute
 * makes it end up to a minute early and saves a write per request.
 */
export const SESSION_TOUCH_INTERVAL_MS = 60_000

/** Most sessions whose last touch one process remembers (oldest forgotten first). */
const REMEMBERED_SESSIONS = 10_000

/**
 * When this process last wrote or touched each session (monotonic ms), in insertion order so
 * the oldest entry is the first one forgotten. Shared by every request's store.
 */
export class TouchLedger {
  #touched = new Map<string, number>()

  constructor(
    private clock: Clock = systemClock,
    private intervalMs = SESSION_TOUCH_INTERVAL_MS,
    private capacity = REMEMBERED_SESSIONS
  ) {}

  /** True when `sessionId` was written or touched less than the interval ago. */
  isFresh(sessionId: string): boolean {
    const at = this.#touched.get(sessionId)
    return at !== undefined && this.clock.monotonicMs() - at < this.intervalMs
  }

  /** Records that `sessionId`'s expiry was just pushed forward. */
  record(sessionId: string) {
    this.#touched.delete(sessionId)
    this.#touched.set(sessionId, this.clock.monotonicMs())
    if (this.#touched.size > this.capacity) {
      this.#touched.delete(this.#touched.keys().next().value!)
    }
  }

  forget(sessionId: string) {
    this.#touched.delete(sessionId)
  }
}

interface TaggableStore extends SessionStoreContract {
  tag?(sessionId: string, userId: string | number): Promise<void>
  untag?(sessionId: string, userId: string | number): Promise<void>
  tagged?(userId: string): Promise<TaggedSession[]>
}

/**
 * A session store that forwards everything to `inner` except `touch` (the sliding-expiry
 * write `@adonisjs/session` makes at the end of every request whose session did not change),
 * which it skips while the ledger says this process pushed that session's expiry forward less
 * than {@link SESSION_TOUCH_INTERVAL_MS} ago. On the database store that is one `UPDATE
 * sessions` per session request fewer on SQLite's single writer connection, which the metered
 * path's quota reservations and the call-log writer share (issue 18, "no stalls").
 */
export class ThrottledTouchStore implements SessionStoreContract {
  constructor(
    private inner: TaggableStore,
    private ledger: TouchLedger
  ) {}

  read(sessionId: string) {
    return this.inner.read(sessionId)
  }

  async write(sessionId: string, data: SessionData) {
    await this.inner.write(sessionId, data)
    this.ledger.record(sessionId)
  }

  async destroy(sessionId: string) {
    this.ledger.forget(sessionId)
    await this.inner.destroy(sessionId)
  }

  async touch(sessionId: string) {
    if (this.ledger.isFresh(sessionId)) return
    await this.inner.touch(sessionId)
    this.ledger.record(sessionId)
  }

  async tag(sessionId: string, userId: string | number) {
    await this.inner.tag!(sessionId, userId)
    this.ledger.record(sessionId)
  }

  async untag(sessionId: string, userId: string | number) {
    await this.inner.untag!(sessionId, userId)
  }

  tagged(userId: string) {
    return this.inner.tagged!(userId)
  }
}

/**
 * Wraps a session store provider (`stores.database(…)`, `stores.redis(…)`) so its stores
 * throttle `touch` through one process-wide ledger ({@link ThrottledTouchStore}). The inner
 * store must support tags (both of those do: "Revoke All Sessions" relies on them).
 */
export function withThrottledTouch(
  provider: ConfigProvider<SessionStoreFactory>,
  ledger = new TouchLedger()
): ConfigProvider<SessionStoreFactory> {
  return configProvider.create(async (app) => {
    const factory = await provider.resolver(app)
    return (ctx, config) => new ThrottledTouchStore(factory(ctx, config), ledger)
  })
}
