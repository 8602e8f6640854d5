import db from '@adonisjs/lucid/services/db'
import type { Redis } from 'ioredis'
import {
  BatchingQuotaStore,
  type KeyAllowance,
  type Reservation,
} from '#usage/services/quota_store'
import { SqlQuotaStore } from '#usage/services/sql_quota_store'

/**
 * Counts in Redis: one Lua script per reservation checks the limit, increments, and sets the
 * key to expire at the end of the month, atomically. A missing key (new month, or Redis was
 * restarted) is first seeded from the database so usage survives a Redis restart; counts
 * touched by this instance are copied back to the database every `persistIntervalMs`
 * (never lowering the stored value).
 */
const RESERVE_SCRIPT = `
local current = redis.call('GET', KEYS[1])
if not current then return {-1, 0} end
current = tonumber(current)
local grant = math.min(tonumber(ARGV[2]), tonumber(ARGV[1]) - current)
if grant <= 0 then return {current, 0} end
redis.call('INCRBY', KEYS[1], grant)
return {current, grant}
`

/**
 * The account's and one key's counters together: KEYS[1] account, KEYS[2] key; ARGV limit,
 * wanted, key limit (-1: none). Grants what both leave and increments both by it. A missing
 * counter answers -1 (account) or -2 (key) so the caller seeds it and calls again.
 */
const RESERVE_WITH_KEY_SCRIPT = `
local current = redis.call('GET', KEYS[1])
if not current then return {-1, 0, 0} end
local keyCurrent = redis.call('GET', KEYS[2])
if not keyCurrent then return {-2, 0, 0} end
current = tonumber(current)
keyCurrent = tonumber(keyCurrent)
local grant = math.min(tonumber(ARGV[2]), tonumber(ARGV[1]) - current)
local keyLimit = tonumber(ARGV[3])
if keyLimit >= 0 then grant = math.min(grant, keyLimit - keyCurrent) end
if grant <= 0 then return {current, 0, keyCurrent} end
redis.call('INCRBY', KEYS[1], grant)
redis.call('INCRBY', KEYS[2], grant)
return {current, grant, keyCurrent}
`

/**
 * Gives back units held and not handed out: KEYS[1] account, KEYS[2] key (optional);
 * ARGV[1] units. Subtracts them from each counter that exists (never below 0).
 */
const RELEASE_SCRIPT = `
for _, key in ipairs(KEYS) do
  local current = redis.call('GET', key)
  if current then
    local units = math.min(tonumber(ARGV[1]), tonumber(current))
    if units > 0 then redis.call('DECRBY', key, units) end
  end
end
return 1
`

/** `SET key seed NX EXAT resetsAt`: seeds a month's key without overwriting a live one. */
const SEED_SCRIPT = `
redis.call('SET', KEYS[1], ARGV[1], 'NX', 'EXAT', ARGV[2])
return redis.call('GET', KEYS[1])
`

export class RedisQuotaStore extends BatchingQuotaStore {
  #touched = new Map<string, { userId: number; period: string }>()
  #touchedKeys = new Map<string, { tokenId: number; period: string }>()
  #sql = new SqlQuotaStore()

  constructor(
    private redis: Redis,
    private keyPrefix = 'adrelay:quota:'
  ) {
    super()
    // Sent once and then called by SHA (EVALSHA), not re-sent with every request.
    if (!('adrelayQuotaReserve' in redis)) {
      redis.defineCommand('adrelayQuotaReserve', { numberOfKeys: 1, lua: RESERVE_SCRIPT })
    }
    if (!('adrelayQuotaReserveWithKey' in redis)) {
      redis.defineCommand('adrelayQuotaReserveWithKey', {
        numberOfKeys: 2,
        lua: RESERVE_WITH_KEY_SCRIPT,
      })
    }
  }

  #reserveScript(key: string, limit: number, wanted: number): Promise<number[]> {
    return (this.redis as any).adrelayQuotaReserve(key, limit, wanted)
  }

  #key(userId: number, period: string) {
    return `${this.keyPrefix}${userId}:${period}`
  }

  /** The Redis key of a client key's monthly counter. */
  #tokenKey(tokenId: number, period: string) {
    return `${this.keyPrefix}key:${tokenId}:${period}`
  }

  protected async reserve(
    userId: number,
    period: string,
    limit: number,
    wanted: number,
    allowance?: KeyAllowance
  ): Promise<Reservation> {
    if (allowance) return this.#reserveWithKey(userId, period, limit, wanted, allowance)
    const key = this.#key(userId, period)
    let [before, granted] = await this.#reserveScript(key, limit, wanted)
    if (before === -1) {
      await this.#seed(userId, period)
      ;[before, granted] = await this.#reserveScript(key, limit, wanted)
    }
    this.#touched.set(key, { userId, period })
    return { before: Number(before), granted: Number(granted) }
  }

  async #reserveWithKey(
    userId: number,
    period: string,
    limit: number,
    wanted: number,
    allowance: KeyAllowance
  ): Promise<Reservation> {
    const key = this.#key(userId, period)
    const tokenKey = this.#tokenKey(allowance.tokenId, period)
    const run = (): Promise<number[]> =>
      (this.redis as any).adrelayQuotaReserveWithKey(
        key,
        tokenKey,
        limit,
        wanted,
        allowance.limit ?? -1
      )
    let [before, granted, keyBefore] = await run()
    // At most two seeds (account, then key), each followed by one more attempt.
    for (let seeds = 0; before < 0 && seeds < 2; seeds++) {
      if (before === -1) await this.#seed(userId, period)
      else await this.#seedKey(allowance.tokenId, period)
      ;[before, granted, keyBefore] = await run()
    }
    if (before < 0) throw new Error('Quota counters could not be seeded in Redis')
    this.#touched.set(key, { userId, period })
    this.#touchedKeys.set(tokenKey, { tokenId: allowance.tokenId, period })
    return { before: Number(before), granted: Number(granted), keyBefore: Number(keyBefore) }
  }

  async currentForKeys(tokenIds: number[], period: string) {
    const counts = await this.#sql.currentForKeys(tokenIds, period)
    if (tokenIds.length === 0) return counts
    const live = await this.redis.mget(...tokenIds.map((id) => this.#tokenKey(id, period)))
    tokenIds.forEach((id, index) => {
      if (live[index] !== null) counts.set(id, Number(live[index]))
    })
    return this.usedOfKeys(period, counts)
  }

  async #seedKey(tokenId: number, period: string) {
    const stored = await this.#sql.currentForKeys([tokenId], period)
    const count = stored.get(tokenId) ?? 0
    await this.redis.eval(
      SEED_SCRIPT,
      1,
      this.#tokenKey(tokenId, period),
      count,
      endOfPeriodSeconds(period)
    )
  }

  async current(userId: number, period: string) {
    const value = await this.redis.get(this.#key(userId, period))
    if (value === null) return this.#sql.current(userId, period)
    return this.usedOfAccount(userId, period, Number(value))
  }

  /** Gives back units this instance reserved and did not hand out (RELEASE_SCRIPT). */
  protected async release(userId: number, period: string, units: number, tokenId: number | null) {
    const keys = [this.#key(userId, period)]
    if (tokenId !== null) keys.push(this.#tokenKey(tokenId, period))
    await this.redis.eval(RELEASE_SCRIPT, keys.length, ...keys, units)
  }

  async #seed(userId: number, period: string) {
    const stored = await this.#sql.current(userId, period)
    await this.redis.eval(
      SEED_SCRIPT,
      1,
      this.#key(userId, period),
      stored,
      endOfPeriodSeconds(period)
    )
  }

  /**
   * Deletes the user's Redis keys (`<prefix><userId>:<period>`, found with SCAN, not KEYS),
   * drops their counts waiting to be persisted (so `persist` does not write them back), then
   * deletes the database rows.
   */
  async forget(userId: number) {
    this.dropLeases(userId)
    const pattern = `${this.keyPrefix}${userId}:*`
    for (const key of [...this.#touched.keys()]) {
      if (key.startsWith(`${this.keyPrefix}${userId}:`)) this.#touched.delete(key)
    }
    let cursor = '0'
    do {
      const [next, keys] = await this.redis.scan(cursor, 'MATCH', pattern, 'COUNT', 500)
      cursor = next
      if (keys.length > 0) await this.redis.del(...keys)
    } while (cursor !== '0')
    await this.#sql.forget(userId)
  }

  /**
   * Copies counts touched since the last call into usage_counters and key_usage_counters
   * (monotonic upserts).
   */
  protected async persistCounters() {
    await this.#persistKeys()
    const entries = [...this.#touched.entries()]
    this.#touched.clear()
    if (entries.length === 0) return
    const values = await this.redis.mget(...entries.map(([key]) => key))
    for (const [index, [, { userId, period }]] of entries.entries()) {
      const count = Number(values[index] ?? 0)
      const updated = await db
        .from('usage_counters')
        .where({ user_id: userId, period })
        .where('count', '<', count)
        .update({ count })
      if (!updated || (Array.isArray(updated) && updated[0] === 0)) {
        await db
          .table('usage_counters')
          .insert({ user_id: userId, period, count })
          .onConflict(['user_id', 'period'])
          .ignore()
      }
    }
  }

  async #persistKeys() {
    const entries = [...this.#touchedKeys.entries()]
    this.#touchedKeys.clear()
    if (entries.length === 0) return
    const values = await this.redis.mget(...entries.map(([key]) => key))
    for (const [index, [, { tokenId, period }]] of entries.entries()) {
      const count = Number(values[index] ?? 0)
      await db
        .table('key_usage_counters')
        .insert({ token_id: tokenId, period, count: 0 })
        .onConflict(['token_id', 'period'])
        .ignore()
      await db
        .from('key_usage_counters')
        .where({ token_id: tokenId, period })
        .where('count', '<', count)
        .update({ count })
    }
  }
}

/** The first second of the month after `period` (YYYY-MM), when its counters expire. */
function endOfPeriodSeconds(period: string) {
  const [year, month] = period.split('-').map(Number)
  return Math.floor(Date.UTC(year, month, 1) / 1000)
}
