import env from '#start/env'
import app from '@adonisjs/core/services/app'
import { defineConfig, targets } from '@adonisjs/core/logger'

/**
 * Logs never carry API keys or Meta tokens: the Authorization header and token-bearing
 * fields are redacted here as a second line of defence.
 *
 * Pretty lines in development, JSON on stdout in production; in tests nothing (level silent).
 * With no target, no transport at all: pino starts a transport's worker thread even for an
 * empty target list, and at exit thread-stream's `end()` waited for that worker until it gave
 * up ("end() took too long (10s)"), so every test-mode process (`node ace` commands, the
 * test runner, the processes tests spawn) lingered 10 s after its work was done.
 */
const logTargets = targets()
  .pushIf(!app.inProduction && !app.inTest, targets.pretty())
  .pushIf(app.inProduction, targets.file({ destination: 1 }))
  .toArray()

const loggerConfig = defineConfig({
  default: 'app',
  loggers: {
    app: {
      enabled: true,
      name: env.get('APP_NAME') ?? 'adrelay',
      level: env.get('LOG_LEVEL') ?? (app.inTest ? 'silent' : 'info'),
      redact: {
        paths: [
          'req.headers.authorization',
          'headers.authorization',
          '*.access_token',
          '*.accessToken',
          '*.token',
          '*.apiKey',
        ],
        censor: '[redacted]',
      },
      transport: logTargets.length > 0 ? { targets: logTargets } : undefined,
    },
  },
})

export default loggerConfig

declare module '@adonisjs/core/types' {
  export interface LoggersList extends InferLoggers<typeof loggerConfig> {}
}
