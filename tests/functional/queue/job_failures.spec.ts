import { test } from '@japa/runner'
import logger from '@adonisjs/core/services/logger'
import { Job, Locator } from '@adonisjs/queue'
import type { JobOptions } from '@adonisjs/queue/types'
import { runDueJobs } from '#tests/helpers/alerts'

/** A job that always fails, retried once at once: one failed attempt, then a final failure. */
class AlwaysFailingJob extends Job<{ leadAnswer: string }> {
  static options: JobOptions = {
    name: 'TestAlwaysFailingJob',
    queue: 'default',
    maxRetries: 1,
    removeOnComplete: true,
    removeOnFail: true,
  }

  async execute() {
    throw new Error('upstream answered 503')
  }
}

type LogLine = { level: 'warn' | 'error'; fields: Record<string, any>; message: string }

/** Collects what the app logger's warn/error receive while `run` runs. */
async function captureLogs(run: () => Promise<unknown>): Promise<LogLine[]> {
  const lines: LogLine[] = []
  const target = logger as unknown as Record<string, unknown>
  for (const level of ['warn', 'error'] as const) {
    target[level] = (fields: Record<string, any>, message: string, ...args: unknown[]) =>
      lines.push({ level, fields, message: message.replace('%s', String(args[0])) })
  }
  try {
    await run()
  } finally {
    delete target.warn
    delete target.error
  }
  return lines
}

test.group('Queue: failed jobs are logged', () => {
  test('a failed attempt is a warning, the final failure an error; neither logs the payload', async ({
    assert,
  }) => {
    Locator.register('TestAlwaysFailingJob', AlwaysFailingJob)
    await AlwaysFailingJob.dispatch({ leadAnswer: 'jane.doe@example.test' }).run()

    const lines = (await captureLogs(runDueJobs)).filter(
      (line) => line.fields.job === 'TestAlwaysFailingJob'
    )

    assert.deepEqual(
      lines.map((line) => [line.level, line.fields.attempt, line.message]),
      [
        ['warn', 1, 'queue job attempt failed, will retry: TestAlwaysFailingJob'],
        ['error', 2, 'queue job failed for good: TestAlwaysFailingJob'],
      ]
    )
    for (const line of lines) {
      assert.equal(line.fields.queue, 'default')
      assert.isString(line.fields.jobId)
      assert.equal((line.fields.err as Error).message, 'upstream answered 503')
    }
    assert.equal(lines[0].fields.jobId, lines[1].fields.jobId)
    assert.notInclude(JSON.stringify(lines), 'jane.doe@example.test')
  })
})
