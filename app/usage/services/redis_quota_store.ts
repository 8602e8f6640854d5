import db from '@adonisjs/lucid/services/db'
import type { Redis } from 'ioredis'
import { BatchingQuotaStore } from '#usage/services/quota_store'
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

/** `SET key seed NX EXAT resetsAt`: seeds a month's key without overwriting a live one. */
const SEED_SCRIPT = `
redis.call('SET', KEYS[1], ARGV[1], 'NX', 'EXAT', ARGV[2])
return redis.call('GET', KEYS[1])
`

export class RedisQuotaStore extends BatchingQuotaStore {
  #touched = new Map<string, { userId: number; period: string }>()
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
  }

  #reserveScript(key: string, limit: number, wanted: number): Promise<number[]> {
    return (this.redis as any).adrelayQuotaReserve(key, limit, wanted)
  }

  #key(userId: number, period: string) {
    return `${this.keyPrefix}${userId}:${period}`
  }

  protected async reserve(userId: number, period: string, limit: number, wanted: number) {
    const key = this.#key(userId, period)
    let [before, granted] = await this.#reserveScript(key, limit, wanted)
    if (before === -1) {
      await this.#seed(userId, period)
      ;[before, granted] = await this.#reserveScript(key, limit, wanted)
    }
    this.#touched.set(key, { userId, period })
    return { before: Number(before), granted: Number(granted) }
  }

  async current(userId: number, period: string) {
    const value = await this.redis.get(this.#key(userId, period))
    if (value !== null) return Number(value)
    return this.#sql.current(userId, period)
  }

  async #seed(userId: number, period: string) {
    const stored = await this.#sql.current(userId, period)
    const [year, month] = period.split('-').map(Number)
    const resetsAtSeconds = Math.floor(Date.UTC(year, month, 1) / 1000)
    await this.redis.eval(SEED_SCRIPT, 1, this.#key(userId, period), stored, resetsAtSeconds)
  }

  /**
   * Deletes the user's Redis keys (`<prefix><userId>:<period>`, found with SCAN, not KEYS),
   * drops their counts waiting to be persisted (so `persist` does not write them back), then
   * deletes the database rows.
   */
  async forget(userId: number) {
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

  /** Copies counts touched since the last call into usage_counters (monotonic upsert). */
  async persist() {
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
}
