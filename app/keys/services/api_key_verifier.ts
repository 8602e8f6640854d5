import db from '@adonisjs/lucid/services/db'
import { LRUCache } from 'lru-cache'
import { DEFAULT_REQUEST_LIMIT, type PlanId } from '#accounts/plan_catalog'
import { planInEffectOfRow } from '#accounts/entitlement_rule'
import {
  CLI_TOKEN_PREFIX,
  credentialKindOf,
  hashApiKey,
  type CredentialKind,
} from '#keys/services/api_key_format'
import { fromDbTimestamp } from '#shared/db_time'
import { systemClock, type Clock } from '#shared/clock'

/** What a verified key resolves to; everything the hot path needs, in one lookup. */
export interface VerifiedApiKey {
  tokenId: number
  /**
   * `api_key` or `cli_token`: both are metered alike on REST, MCP and /internal; only a CLI
   * token may manage API keys and read usage reports (`requireCliToken`).
   */
  kind: CredentialKind
  /**
   * When the credential stops being accepted (epoch ms), or null: a CLI token's 90-day
   * expiry, a rotated key's grace period. The cache never trusts an entry past it.
   */
  expiresAtMs: number | null
  userId: number
  /** The user's plan (Free when no entitled subscription). */
  planId: PlanId
  /** Monthly request limit of that plan. */
  requestLimit: number
  /** The key's own monthly request limit (issue 17 client keys); null: the plan's only */
  monthlyLimit: number | null
  suspended: boolean
}

/** A cached outcome: the verified key (or `false` for a miss) and when it stops being trusted. */
interface CacheEntry {
  result: VerifiedApiKey | false
  /** `clock.monotonicMs()` time after which the entry is stale (loaded at + ttlMs) */
  expiresAt: number
}

/** What a keep-alive connection remembers about the key it last presented. */
interface ConnectionMemo {
  presentedKey: string
  digest: string
  /** The cache entry last seen for `digest`, valid while `generation` is current */
  entry: CacheEntry | null
  generation: number
}

/**
 * Verifies API keys and CLI tokens (the same construction under two prefixes, one table):
 * checksum first (no storage touched for look-alikes), then one indexed
 * query by SHA-256 digest joined with the user and plan. Results, including misses, are
 * cached in memory for `ttlMs` (default 10 s). That bound is documented: a revocation,
 * suspension or plan change is effective at once on the instance that made it (the keys
 * module's event listeners call `forget*`), on the others when the invalidation arrives over
 * Redis pub/sub (`KeyCacheBus`, with REDIS_URL), and within `ttlMs` at the latest.
 *
 * The plan a key resolves to is the accounts module's entitlement rule (`planInEffect`)
 * applied to the subscription columns of the same joined row, so the hot path keeps its
 * single query and still cannot disagree with `Subscription.isEntitled`.
 *
 * Time comes from `clock` (`#shared/clock`, the process clocks by default): its monotonic
 * clock bounds cache trust, its wall clock decides credential and invitation-grant expiry, so
 * tests move it instead of sleeping.
 */
export class ApiKeyVerifier {
  /**
   * Digest → outcome, at most 50,000 entries (least recently used evicted). Expiry is the
   * entry's own `expiresAt`, the one clock the cache and the connection memo both read.
   */
  #cache = new LRUCache<string, CacheEntry>({ max: 50_000 })

  /**
   * @param ttlMs how long an outcome (hit or miss) is trusted, in milliseconds
   * @param clock wall and monotonic time
   */
  constructor(
    readonly ttlMs: number = 10_000,
    clock: Clock = systemClock
  ) {
    this.#clock = clock
  }

  readonly #clock: Clock

  /**
   * What each keep-alive connection last presented (a WeakMap on the socket, gone with it):
   * the key, its digest and the cache entry it resolved to. A client reusing its connection
   * with the same key is answered from here: no checksum, no hash, no cache lookup. The key
   * itself is never stored anywhere else.
   */
  #connections = new WeakMap<object, ConnectionMemo>()

  /**
   * Bumped by every `forget*` and `clear`: a connection memo from an older generation is not
   * trusted, so a revocation or suspension is effective at once on this instance, on every
   * connection.
   */
  #generation = 0

  /**
   * Resolves a presented key; `null` when malformed, unknown or revoked. `connection` (the
   * request's socket) enables the per-connection memo.
   *
   * Answers synchronously when the checksum fails or the key's outcome is cached (the hot
   * path: no promise made), and with a promise after a database lookup; `await` handles both.
   */
  verify(
    presentedKey: string,
    connection?: object
  ): VerifiedApiKey | null | Promise<VerifiedApiKey | null> {
    let memo = connection ? this.#connections.get(connection) : undefined
    if (memo !== undefined && memo.presentedKey === presentedKey) {
      const entry = memo.entry
      if (
        entry !== null &&
        memo.generation === this.#generation &&
        this.#clock.monotonicMs() < entry.expiresAt
      ) {
        return entry.result || null
      }
    } else {
      if (credentialKindOf(presentedKey) === null) return null
      memo = { presentedKey, digest: hashApiKey(presentedKey), entry: null, generation: 0 }
      if (connection) this.#connections.set(connection, memo)
    }
    const cached = this.#cache.get(memo.digest)
    if (cached !== undefined && this.#clock.monotonicMs() < cached.expiresAt) {
      memo.entry = cached
      memo.generation = this.#generation
      return cached.result || null
    }
    return this.#lookup(memo)
  }

  /**
   * The 401 message for a credential `verify` refused, naming what was presented by its
   * prefix: `adrc_` a CLI token (which also expires after 90 days), anything else an API key.
   * Read on the refusal path only; no lookup.
   */
  rejectionMessage(presentedKey: string): string {
    return presentedKey.startsWith(CLI_TOKEN_PREFIX)
      ? 'The CLI token is invalid, has expired or has been revoked. Sign in again with `adrelay login`.'
      : 'The API key is invalid or has been revoked.'
  }

  /**
   * The one indexed query behind a cache miss; caches the outcome, misses included, unless
   * a `forget*` ran meanwhile (the row read may predate a revocation).
   */
  async #lookup(memo: ConnectionMemo): Promise<VerifiedApiKey | null> {
    const { digest } = memo
    const generation = this.#generation
    const result = await this.#load(digest)
    if (generation === this.#generation) {
      // A credential that expires sooner than the TTL (rotation grace, CLI expiry) is
      // trusted only until then: the cache and the connection memo read this one clock.
      const trustedForMs =
        result && result.expiresAtMs !== null
          ? Math.min(this.ttlMs, result.expiresAtMs - this.#clock.now().getTime())
          : this.ttlMs
      const entry: CacheEntry = {
        result: result ?? false,
        expiresAt: this.#clock.monotonicMs() + trustedForMs,
      }
      this.#cache.set(digest, entry)
      memo.entry = entry
      memo.generation = generation
    }
    return result
  }

  /** Reads the key's token, user and entitled plan; `null` when unknown, revoked or expired. */
  async #load(digest: string): Promise<VerifiedApiKey | null> {
    const row = await db
      .from('api_tokens as t')
      .join('users as u', 'u.id', 't.user_id')
      .leftJoin('subscriptions as s', 's.user_id', 't.user_id')
      .leftJoin('plans as p', 'p.id', 's.plan_id')
      .where('t.token_hash', digest)
      .whereNull('t.revoked_at')
      .select(
        't.id as token_id',
        't.user_id',
        't.kind',
        't.expires_at',
        't.monthly_limit',
        'u.suspended_at',
        's.status',
        's.provider',
        's.current_period_end',
        's.plan_id',
        'p.request_limit'
      )
      .first()

    if (!row) return null
    const now = this.#clock.now().getTime()
    const expiresAtMs = row.expires_at ? fromDbTimestamp(row.expires_at).getTime() : null
    if (expiresAtMs !== null && expiresAtMs <= now) return null
    const planId = planInEffectOfRow(row, now)
    return {
      tokenId: Number(row.token_id),
      kind: row.kind === 'cli_token' ? 'cli_token' : 'api_key',
      expiresAtMs,
      userId: Number(row.user_id),
      planId,
      requestLimit:
        row.plan_id === planId && row.request_limit !== null
          ? Number(row.request_limit)
          : await this.#freeLimit(),
      suspended: row.suspended_at !== null,
      monthlyLimit: row.monthly_limit === null ? null : Number(row.monthly_limit),
    }
  }

  #freeLimitValue: { value: number; at: number } | null = null

  async #freeLimit(): Promise<number> {
    if (this.#freeLimitValue && this.#clock.monotonicMs() - this.#freeLimitValue.at < this.ttlMs) {
      return this.#freeLimitValue.value
    }
    const plan = await db.from('plans').where('id', 'free').select('request_limit').first()
    const value = plan ? Number(plan.request_limit) : DEFAULT_REQUEST_LIMIT
    this.#freeLimitValue = { value, at: this.#clock.monotonicMs() }
    return value
  }

  /** Drops the cached entry of one key (by its stored digest). */
  forgetDigest(digest: string) {
    this.#generation++
    this.#cache.delete(digest)
  }

  /** Drops every cached key of a user (suspension, plan change, revoke all). */
  forgetUser(userId: number) {
    this.#generation++
    for (const [digest, entry] of this.#cache.entries()) {
      if (entry.result && entry.result.userId === userId) this.#cache.delete(digest)
    }
  }

  /** Empties the cache (tests, configuration reloads). */
  clear() {
    this.#generation++
    this.#cache.clear()
    this.#freeLimitValue = null
  }
}
