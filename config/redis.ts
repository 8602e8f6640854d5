import env from '#start/env'
import { defineConfig } from '@adonisjs/redis'
import type { InferConnections } from '@adonisjs/redis/types'

/**
 * Redis is optional. When REDIS_URL is set, quota counters (and sessions, unless
 * SESSION_DRIVER says otherwise) live there. Connections are lazy: nothing connects
 * unless a feature uses Redis.
 */
const redisUrl = new URL(env.get('REDIS_URL') ?? 'redis://127.0.0.1:6379/0')

const redisConfig = defineConfig({
  connection: 'main',
  connections: {
    main: {
      host: redisUrl.hostname,
      port: Number(redisUrl.port || 6379),
      username: redisUrl.username || undefined,
      password: redisUrl.password ? decodeURIComponent(redisUrl.password) : undefined,
      db: Number(redisUrl.pathname.replace('/', '') || 0),
      keyPrefix: '',
      lazyConnect: true,
      // Off: the quota store already sends one script per batch of concurrent metered calls
      // (group commit), and auto-pipelining wrapped each of those in a pipeline of one.
      enableAutoPipelining: false,
      retryStrategy(times: number) {
        return times > 10 ? null : times * 50
      },
    },
  },
})

export default redisConfig

declare module '@adonisjs/redis/types' {
  export interface RedisConnections extends InferConnections<typeof redisConfig> {}
}
