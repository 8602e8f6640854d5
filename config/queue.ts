import env from '#start/env'
import { defineConfig, drivers } from '@adonisjs/queue'

/**
 * Background jobs (`@adonisjs/queue`, on @boringnode/queue). The adapter is shared by every app
 * instance and worker: the app's database (`queue_jobs` / `queue_schedules` tables) by
 * default, Redis when `REDIS_URL` is set; `QUEUE_DRIVER` overrides (`sync` runs a job at once,
 * in the dispatching process). Jobs live in each module's `jobs/` folder; schedules are
 * declared in start/scheduler.ts. A worker runs them: `npm run queue:work` (see README).
 */
export default defineConfig({
  default: env.get('QUEUE_DRIVER') ?? (env.get('REDIS_URL') ? 'redis' : 'database'),

  adapters: {
    redis: drivers.redis({ connectionName: 'main' }),
    database: drivers.database({ connectionName: env.get('DB_CONNECTION') ?? 'sqlite' }),
    sync: drivers.sync(),
  },

  worker: {
    concurrency: 5,
    idleDelay: '2s',
  },

  locations: ['./app/*/jobs/**/*.{ts,js}'],
})
