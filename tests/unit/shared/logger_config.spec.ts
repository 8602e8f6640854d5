import { test } from '@japa/runner'
import app from '@adonisjs/core/services/app'

test.group('Logger configuration', () => {
  test('with no log target (tests) there is no transport, so no worker thread holds the exit', ({
    assert,
  }) => {
    // pino starts a transport's worker thread even for an empty target list, and thread-stream's
    // end() then held every test-mode process 10 s at exit (config/logger.ts).
    const logger = app.config.get<{ level: string; transport?: unknown }>('logger.loggers.app')
    assert.equal(logger.level, process.env.LOG_LEVEL ?? 'silent')
    assert.isUndefined(logger.transport)
  })
})
