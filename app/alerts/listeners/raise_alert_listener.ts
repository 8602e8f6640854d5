import logger from '@adonisjs/core/services/logger'
import type { RaisedAlert } from '#alerts/events'
import { RaiseAlert } from '#alerts/actions/raise_alert'

/**
 * Runs every `alert:raised` through the alerts pipeline (registered in start/events.ts,
 * preloaded in every environment, since producers also run in queue workers). A failing alert
 * is logged and never fails the producer.
 */
export default class RaiseAlertListener {
  async handle(alert: RaisedAlert) {
    try {
      await new RaiseAlert().execute(alert)
    } catch (error) {
      logger.error({ err: error, type: alert.type, userId: alert.userId }, 'alert not raised')
    }
  }
}
