import env from '#start/env'
import app from '@adonisjs/core/services/app'
import { defineConfig, targets } from '@adonisjs/core/logger'

/**
 * Logs never carry API keys or Meta tokens: the Authorization header and token-bearing
 * fields are redacted here as a second line of defence.
 */
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
      transport: {
        targets: targets()
          .pushIf(!app.inProduction && !app.inTest, targets.pretty())
          .pushIf(app.inProduction, targets.file({ destination: 1 }))
          .toArray(),
      },
    },
  },
})

export default loggerConfig

declare module '@adonisjs/core/types' {
  export interface LoggersList extends InferLoggers<typeof loggerConfig> {}
}
