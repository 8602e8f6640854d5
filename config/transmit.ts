import env from '#start/env'
import { defineConfig } from '@adonisjs/transmit'
import { redis } from '@adonisjs/transmit/transports/redis'
import { quietOnDisconnect } from '#shared/bus_transport'

/**
 * Server-Sent Events (`@adonisjs/transmit`) for the live notification centre. With REDIS_URL
 * the broadcasts go through Redis pub/sub, so an alert raised on one instance (or in a queue
 * worker) reaches a browser connected to another.
 */
const redisUrl = env.get('REDIS_URL') ? new URL(env.get('REDIS_URL')!) : null

export default defineConfig({
  pingInterval: '30s',
  transport: redisUrl
    ? {
        // A console command that shuts down before Redis answered Transmit's SUBSCRIBE exits
        // cleanly (app/shared/bus_transport.ts).
        driver: quietOnDisconnect(
          redis({
            host: redisUrl.hostname,
            port: Number(redisUrl.port || 6379),
            username: redisUrl.username || undefined,
            password: redisUrl.password ? decodeURIComponent(redisUrl.password) : undefined,
            db: Number(redisUrl.pathname.replace('/', '') || 0),
          })
        ),
        channel: 'adrelay:transmit',
      }
    : null,
})
