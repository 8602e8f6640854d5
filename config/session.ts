import env from '#start/env'
import app from '@adonisjs/core/services/app'
import { defineConfig, stores } from '@adonisjs/session'
import { withThrottledTouch } from '#accounts/session_touch'

/**
 * Server-side sessions so several app instances can share them: the database by default,
 * Redis when REDIS_URL is set. 7-day sliding expiry (each request pushes it forward, written at
 * most once a minute per session and process: `withThrottledTouch`), as the privacy page
 * promises. Sessions are tagged with the user id so "Revoke All Sessions" and
 * suspension can end them all.
 */
const driver =
  env.get('SESSION_DRIVER') ??
  // Japa's API and browser clients read and write sessions through the memory store.
  (app.inTest ? 'memory' : env.get('REDIS_URL') ? 'redis' : 'database')

const sessionConfig = defineConfig({
  enabled: true,
  cookieName: 'adrelay_session',
  clearWithBrowser: false,
  age: '7d',
  cookie: {
    path: '/',
    httpOnly: true,
    secure: app.inProduction,
    sameSite: 'lax',
  },
  store: driver,
  stores: {
    database: withThrottledTouch(stores.database({ tableName: 'sessions' })),
    redis: withThrottledTouch(stores.redis({ connection: 'main' })),
    cookie: stores.cookie(),
  },
})

export default sessionConfig
