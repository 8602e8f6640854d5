import app from '@adonisjs/core/services/app'
import logger from '@adonisjs/core/services/logger'
import { Worker } from '@adonisjs/queue'

/**
 * Starts a queue worker inside the web process, for `npm run dev` only (production runs
 * `npm run queue:work`, as many as needed). It is what `ace queue:work` builds: the configured
 * adapters resolved, jobs made through the container, the default queue. Stopped with the app.
 */
export async function startInProcessWorker() {
  const config = app.config.get<any>('queue')
  const adapters: Record<string, unknown> = {}
  for (const [name, adapter] of Object.entries<any>(config.adapters)) {
    adapters[name] = typeof adapter === 'function' ? adapter : await adapter.resolver(app)
  }
  const manager: any = await app.container.make('queue.manager' as any)
  await manager.loadJobs()
  const worker = new Worker({
    ...config,
    autoLoadJobs: false,
    adapters,
    jobFactory: config.jobFactory ?? ((jobClass: any) => app.container.make(jobClass)),
    logger: config.logger ?? logger,
  } as any)
  app.terminating(async () => {
    await worker.stop()
  })
  worker
    .start(['default'])
    .catch((error) => logger.error({ err: error }, 'in-process queue worker stopped'))
  logger.info('in-process queue worker started (development)')
}
