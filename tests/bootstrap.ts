import { existsSync } from 'node:fs'
import { readdir } from 'node:fs/promises'
import { assert } from '@japa/assert'
import { apiClient } from '@japa/api-client'
import app from '@adonisjs/core/services/app'
import type { Config } from '@japa/runner/types'
import { pluginAdonisJS } from '@japa/plugin-adonisjs'
import testUtils from '@adonisjs/core/services/test_utils'
import db from '@adonisjs/lucid/services/db'
import { sessionApiClient } from '@adonisjs/session/plugins/api_client'
import { shieldApiClient } from '@adonisjs/shield/plugins/api_client'
import { authApiClient } from '@adonisjs/auth/plugins/api_client'
import { browserClient } from '@japa/browser-client'
import { sessionBrowserClient } from '@adonisjs/session/plugins/browser_client'
import { authBrowserClient } from '@adonisjs/auth/plugins/browser_client'
import { chromium } from 'playwright-core'

const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'

/**
 * Japa plugins: assertions, the API client (with session, CSRF and auth helpers) and the
 * AdonisJS integration.
 */
export const plugins: Config['plugins'] = [
  assert(),
  apiClient(),
  pluginAdonisJS(app),
  sessionApiClient(app),
  shieldApiClient(),
  authApiClient(app),
  browserClient({
    runInSuites: ['browser'],
    contextOptions: {
      baseURL: `http://${process.env.HOST ?? '127.0.0.1'}:${process.env.PORT ?? 3334}`,
    },
    // Debian's Chromium; Playwright's own browser downloads cannot work offline.
    launcher: () =>
      chromium.launch({
        executablePath: chromiumPath,
        headless: true,
        args: [
          '--headless',
          '--no-sandbox',
          '--disable-gpu',
          '--disable-quic',
          '--no-first-run',
          '--disable-background-networking',
          '--disable-component-update',
          '--disable-sync',
        ],
      }) as any,
  }),
  sessionBrowserClient(app),
  authBrowserClient(app),
]

/**
 * Every run starts from a freshly migrated, empty database (reset, then migrate, so a run
 * that was killed half-way leaves nothing behind). Nothing is rolled back at the end: the
 * app's shutdown hooks (call-log flush, quota persistence) still need the tables.
 */
export const runnerHooks: Required<Pick<Config, 'setup' | 'teardown'>> = {
  setup: [
    async () => {
      const reset = await testUtils.db().migrate()
      await reset()
      await testUtils.db().migrate()
    },
    async () => {
      // User ids restart with the fresh database: drop quota counters left in Redis (the
      // database ones went with the tables).
      if (!process.env.REDIS_URL) return
      const redis = (await app.container.make('redis')).connection('main')
      const keys = await redis.keys('adrelay:quota:*')
      if (keys.length > 0) await redis.del(...keys)
      // Queued jobs (@adonisjs/queue's Redis adapter) name rows of the previous run's database.
      const jobs = await redis.keys('jobs::*')
      if (jobs.length > 0) await redis.del(...jobs)
    },
    resetRateLimits,
  ],
  teardown: [],
}

/**
 * `npm test` passes on a machine without Chromium: the browser suite is left out, with a
 * notice. CI installs Chromium first (see .ci/run), so there it always runs.
 */
export const suites = app.rcFile.tests.suites.filter((suite) => {
  if (suite.name !== 'browser' || existsSync(chromiumPath)) return true
  console.warn(`\n[tests] browser suite skipped: Chromium not found at ${chromiumPath}\n`)
  return false
})

export const configureSuite: Config['configureSuite'] = (suite) => {
  if (['browser', 'functional', 'e2e'].includes(suite.name)) {
    // Every test starts with empty rate-limit buckets, as a new visitor would: all tests come
    // from 127.0.0.1, so per-IP limits (sign-in: 30 a minute) would otherwise carry over.
    suite.onTest((test) => test.setup(resetRateLimits))
    suite.onGroup((group) => group.each.setup(resetRateLimits))
    suite.setup(() => testUtils.httpServer().start())
  }
  if (suite.name === 'browser') {
    suite.setup(warmUpPages)
  }
}

/**
 * Vite compiles pages on first request in tests (middleware mode). On a cold cache the first
 * page of the suite could take longer than Playwright's 30 s wait, so every page module is
 * requested once up front; Vite then pre-transforms their imports too.
 */
async function warmUpPages() {
  const base = `http://${process.env.HOST ?? '127.0.0.1'}:${process.env.PORT ?? 3334}`
  const pages = await readdir(app.makePath('inertia/pages'), { recursive: true })
  const modules = [
    'inertia/app.tsx',
    ...pages.filter((file) => file.endsWith('.tsx')).map((file) => `inertia/pages/${file}`),
  ]
  for (const module of modules) {
    await fetch(`${base}/${module}`)
      .then((response) => response.arrayBuffer())
      .catch(() => {})
  }
}

/**
 * Empties every rate-limit bucket (`@adonisjs/limiter`): the `rate_limits` table, and the
 * `adrelay:ratelimit:*` keys when Redis holds them. Not `limiter.clear()`: on Redis that
 * flushes the whole database, quota counters included.
 */
export async function resetRateLimits() {
  await db.from('rate_limits').delete()
  if (!process.env.REDIS_URL) return
  const redis = (await app.container.make('redis')).connection('main')
  const keys = await redis.keys('adrelay:ratelimit:*')
  if (keys.length > 0) await redis.del(...keys)
}
