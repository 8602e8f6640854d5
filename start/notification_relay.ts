/*
| Live notifications without Redis (app/alerts/services/notification_relay.ts): the web
| process relays notifications created by queue workers and other instances to its open tabs.
| Not started while `ace codegen` / `build` warm the app up, nor when transmit has a Redis
| transport (REDIS_URL), which carries every broadcast already.
*/
import app from '@adonisjs/core/services/app'
import logger from '@adonisjs/core/services/logger'
import { startNotificationRelay } from '#alerts/services/notification_relay'

if (app.getMode() === 'run') {
  app.ready(async () => {
    try {
      await startNotificationRelay()
    } catch (error) {
      logger.error({ err: error }, 'could not start the notification relay')
    }
  })
}
