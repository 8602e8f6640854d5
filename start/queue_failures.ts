/*
| Preload (every environment): failed queue jobs are never silent. @boringnode/queue (under
| `@adonisjs/queue`) publishes each execution on the `boringqueue.job.execute` tracing channel
| (node:diagnostics_channel), the hook its own OpenTelemetry integration uses; this logs what it
| reports: a warning for each failed attempt that will be retried, an error when a job has
| failed for good. It applies to every worker: `node ace queue:work`, the in-process worker of
| `npm run dev`, and the tests' workers.
*/
import diagnosticsChannel from 'node:diagnostics_channel'
import logger from '@adonisjs/core/services/logger'

/**
 * What @boringnode/queue publishes for one execution (the fields used here): the job record
 * (`id`, `name`, `attempts` made before this one), the queue, and once it settled, `status`
 * (`completed`, `retrying`, `failed`), the error and, when retried, `nextRetryAt`.
 */
export interface JobExecution {
  job: { id: string; name: string; attempts?: number }
  queue: string
  status?: 'completed' | 'retrying' | 'failed'
  error?: unknown
  nextRetryAt?: Date
  duration?: number
}

/**
 * Logs a settled execution that did not complete: `warn` for a failed attempt that will be
 * retried (with when), `error` for a job that failed for good. The line carries the job's
 * name, id, queue and attempt number and the error (pino's `err` serialiser: type, message,
 * stack), never the payload: payloads hold ids only by convention, but lead answers or tokens
 * must not reach a log even by mistake.
 */
export function reportJobExecution(execution: JobExecution) {
  if (execution.status !== 'retrying' && execution.status !== 'failed') return
  const fields = {
    job: execution.job.name,
    jobId: execution.job.id,
    queue: execution.queue,
    attempt: (execution.job.attempts ?? 0) + 1,
    err: execution.error,
  }
  if (execution.status === 'failed') {
    logger.error(fields, 'queue job failed for good: %s', execution.job.name)
    return
  }
  logger.warn(
    { ...fields, nextRetryAt: execution.nextRetryAt?.toISOString() ?? null },
    'queue job attempt failed, will retry: %s',
    execution.job.name
  )
}

diagnosticsChannel.tracingChannel<unknown, JobExecution>('boringqueue.job.execute').subscribe({
  start() {},
  end() {},
  asyncStart() {},
  asyncEnd: (execution) => reportJobExecution(execution),
  error() {},
})
