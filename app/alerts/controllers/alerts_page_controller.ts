import type { HttpContext } from '@adonisjs/core/http'
import { ALERT_TYPES } from '#alerts/events'

/** `/alerts`: the notification centre's full page (notifications, preferences, webhooks, log). */
export default class AlertsPageController {
  async page({ inertia }: HttpContext) {
    return inertia.render('alerts/index', { alertTypes: [...ALERT_TYPES] })
  }
}
