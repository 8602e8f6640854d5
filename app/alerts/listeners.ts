/*
| The alerts module's listener: every `alert:raised` (app/alerts/events.ts) goes through the
| pipeline (RaiseAlert). Preloaded in every environment, since producers also run in queue
| workers and commands. A failing alert is logged and never fails the producer.
*/
import emitter from '@adonisjs/core/services/emitter'
import logger from '@adonisjs/core/services/logger'
import { RaiseAlert } from '#alerts/actions/raise_alert'

emitter.on('alert:raised', async (alert) => {
  try {
    await new RaiseAlert().execute(alert)
  } catch (error) {
    logger.error({ err: error, type: alert.type, userId: alert.userId }, 'alert not raised')
  }
})
