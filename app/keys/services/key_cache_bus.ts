import { randomUUID } from 'node:crypto'
import type { RedisConnection } from '@adonisjs/redis'
import type { ApiKeyVerifier } from '#keys/services/api_key_verifier'

/** The Redis pub/sub channel that carries verifier cache invalidations between instances. */
export const KEY_CACHE_CHANNEL = 'adrelay:keys:forget'

/**
 * One invalidation: a key's digest (its SHA-256 hex, never the key), or every credential of
 * a user; `from` is the publishing instance's id, so an instance ignores its own messages.
 */
export type KeyCacheMessage =
  | { from: string; digest: string; userId?: undefined }
  | { from: string; userId: number; digest?: undefined }

/**
 * Carries the API key verifier's cache invalidations to every app instance through Redis
 * pub/sub (issue 18, "two instances"). The instance where a key is revoked, a user suspended
 * or a plan changed drops its own entry at once (`ForgetCachedKeys`) and publishes the
 * invalidation here; every other instance that subscribed (`start`) drops the same entry when
 * the message arrives, typically within milliseconds.
 *
 * Redis pub/sub delivers at most once: a subscriber that is reconnecting misses messages, so
 * the verifier's TTL (`API_KEY_CACHE_TTL_MS`, default 10 s) stays the upper bound on how long
 * another instance may keep accepting a revoked key. Without Redis there is no bus and that
 * TTL is the bound. README "Running several instances" documents both.
 *
 * Only digests and user ids travel on the channel; keys, tokens and secrets never do.
 */
export class KeyCacheBus {
  /** This process's id on the channel. */
  readonly instanceId = randomUUID()
  #subscribed = false

  /**
   * @param verifier the process's verifier singleton, whose cache is invalidated
   * @param connection the Redis connection (`main`), or null without REDIS_URL (then every
   *   method is a no-op)
   * @param onError where subscription and delivery failures go (logged by the caller); they
   *   never fail the revocation that published them
   */
  constructor(
    private verifier: ApiKeyVerifier,
    private connection: RedisConnection | null,
    private onError: (error: unknown) => void = () => {}
  ) {}

  /** Whether invalidations cross instances (Redis is configured). */
  get enabled() {
    return this.connection !== null
  }

  /** Subscribes to the channel (idempotent); messages from other instances invalidate here. */
  start() {
    if (!this.connection || this.#subscribed) return
    this.#subscribed = true
    this.connection.subscribe(KEY_CACHE_CHANNEL, (raw) => this.receive(raw), {
      onError: (error) => this.onError(error),
      onSubscription: () => {},
    })
  }

  /** Stops listening (app shutdown). */
  async stop() {
    if (!this.connection || !this.#subscribed) return
    this.#subscribed = false
    await this.connection.unsubscribe(KEY_CACHE_CHANNEL).catch(this.onError)
  }

  /** Tells the other instances to drop one key's cached outcome (its stored digest). */
  async publishDigest(digest: string) {
    await this.#publish({ from: this.instanceId, digest })
  }

  /** Tells the other instances to drop every cached credential of `userId`. */
  async publishUser(userId: number) {
    await this.#publish({ from: this.instanceId, userId })
  }

  /**
   * Applies a message read from the channel: malformed messages and this instance's own are
   * ignored.
   */
  receive(raw: string) {
    let message: Partial<KeyCacheMessage>
    try {
      message = JSON.parse(raw)
    } catch {
      return
    }
    if (!message || message.from === this.instanceId) return
    if (typeof message.digest === 'string' && /^[0-9a-f]{64}$/.test(message.digest)) {
      this.verifier.forgetDigest(message.digest)
    } else if (Number.isInteger(message.userId)) {
      this.verifier.forgetUser(message.userId as number)
    }
  }

  async #publish(message: KeyCacheMessage) {
    if (!this.connection) return
    try {
      await this.connection.publish(KEY_CACHE_CHANNEL, JSON.stringify(message))
    } catch (error) {
      // The other instances still stop trusting the entry within the verifier's TTL.
      this.onError(error)
    }
  }
}
