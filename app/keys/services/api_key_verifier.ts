import db from '@adonisjs/lucid/services/db'
import { LRUCache } from 'lru-cache'
import { DEFAULT_REQUEST_LIMIT, type PlanId } from '#accounts/plan_catalog'
import { hasValidChecksum, hashApiKey } from '#keys/services/api_key_format'
import { fromDbTimestamp } from '#shared/db_time'

/** What a verified key resolves to; everything the hot path needs, in one lookup. */
export interface VerifiedApiKey {
  tokenId: number
  userId: number
  /** The user's plan (Free when no entitled subscription). */
  planId: PlanId
  /** Monthly request limit of that plan. */
  requestLimit: number
  suspended: boolean
}

const ENTITLED = ['active', 'trialing', 'past_due']

/**
 * Verifies API keys: checksum first (no storage touched for look-alikes), then one indexed
 * query by SHA-256 digest joined with the user and plan. Results, including misses, are
 * cached in memory for `ttlMs` (default 10 s). That bound is documented: a revocation,
 * suspension or plan change is effective at once on the instance that made it (it calls
 * `forget*`) and within `ttlMs` on the others.
 */
export class ApiKeyVerifier {
  #cache: LRUCache<string, VerifiedApiKey | false>

  constructor(readonly ttlMs: number = 10_000) {
    this.#cache = new LRUCache({ max: 50_000, ttl: ttlMs })
  }

  /**
   * Digest of the last key presented on each keep-alive connection (a WeakMap on the
   * socket, gone with it), so a client reusing its connection is not checksummed and hashed
   * again on every request. The key itself is never stored anywhere else.
   */
  #connectionDigests = new WeakMap<object, { presentedKey: string; digest: string }>()

  /**
   * Resolves a presented key; `null` when malformed, unknown or revoked. `connection` (the
   * request's socket) enables the per-connection digest memo.
   *
   * Answers synchronously when the checksum fails or the cache knows the digest (the hot
   * path: no promise made), and with a promise after a database lookup; `await` handles both.
   */
  verify(
    presentedKey: string,
    connection?: object
  ): VerifiedApiKey | null | Promise<VerifiedApiKey | null> {
    const memo = connection ? this.#connectionDigests.get(connection) : undefined
    let digest: string
    if (memo && memo.presentedKey === presentedKey) {
      digest = memo.digest
    } else {
      if (!hasValidChecksum(presentedKey)) return null
      digest = hashApiKey(presentedKey)
      if (connection) this.#connectionDigests.set(connection, { presentedKey, digest })
    }
    const cached = this.#cache.get(digest)
    if (cached !== undefined) return cached || null
    return this.#lookup(digest)
  }

  /** The one indexed query behind a cache miss; caches the outcome, misses included. */
  async #lookup(digest: string): Promise<VerifiedApiKey | null> {
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
        'u.suspended_at',
        's.status',
        's.provider',
        's.current_period_end',
        's.plan_id',
        'p.request_limit'
      )
      .first()

    if (!row) {
      this.#cache.set(digest, false)
      return null
    }
    // An invitation grant (billing) ends at its period end without any outside event.
    const grantEnded =
      row.provider === 'invitation' &&
      row.current_period_end !== null &&
      fromDbTimestamp(row.current_period_end).getTime() <= Date.now()
    const entitled = row.plan_id && ENTITLED.includes(row.status) && !grantEnded
    const verified: VerifiedApiKey = {
      tokenId: Number(row.token_id),
      userId: Number(row.user_id),
      planId: entitled ? row.plan_id : 'free',
      requestLimit: entitled ? Number(row.request_limit) : await this.#freeLimit(),
      suspended: row.suspended_at !== null,
    }
    this.#cache.set(digest, verified)
    return verified
  }

  #freeLimitValue: { value: number; at: number } | null = null

  async #freeLimit(): Promise<number> {
    if (this.#freeLimitValue && Date.now() - this.#freeLimitValue.at < this.ttlMs) {
      return this.#freeLimitValue.value
    }
    const plan = await db.from('plans').where('id', 'free').select('request_limit').first()
    const value = plan ? Number(plan.request_limit) : DEFAULT_REQUEST_LIMIT
    this.#freeLimitValue = { value, at: Date.now() }
    return value
  }

  /** Drops the cached entry of one key (by its stored digest). */
  forgetDigest(digest: string) {
    this.#cache.delete(digest)
  }

  /** Drops every cached key of a user (suspension, plan change, revoke all). */
  forgetUser(userId: number) {
    for (const [digest, entry] of this.#cache.entries()) {
      if (entry && entry.userId === userId) this.#cache.delete(digest)
    }
  }

  /** Empties the cache (tests, configuration reloads). */
  clear() {
    this.#cache.clear()
    this.#freeLimitValue = null
  }
}
