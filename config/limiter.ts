import env from '#start/env'
import { defineConfig, stores } from '@adonisjs/limiter'
import type { InferLimiters } from '@adonisjs/limiter/types'
import { sqliteSafeDatabaseStore } from '#shared/sqlite_limiter_store'

/**
 * Rate limits (`@adonisjs/limiter`, rate-limiter-flexible underneath). The store is shared by
 * every app instance: the database (`rate_limits` table) by default, Redis when `REDIS_URL` is
 * set; `LIMITER_STORE` overrides (`memory` is per process, for tests only). The limiters
 * themselves are defined in start/limiter.ts.
 */
const limiterConfig = defineConfig({
  default: env.get('LIMITER_STORE') ?? (env.get('REDIS_URL') ? 'redis' : 'database'),
  stores: {
    // Prefixed like the app's other Redis keys (the tests drop `adrelay:ratelimit:*` between runs).
    redis: stores.redis({ connectionName: 'main', keyPrefix: 'adrelay:ratelimit' }),
    // On SQLite the library would hand the one pooled connection back mid-upsert: see
    // app/shared/sqlite_limiter_store.ts.
    database: sqliteSafeDatabaseStore(stores.database({ tableName: 'rate_limits' })),
    memory: stores.memory({}),
  },
})

export default limiterConfig

declare module '@adonisjs/limiter/types' {
  export interface LimitersList extends InferLimiters<typeof limiterConfig> {}
}
