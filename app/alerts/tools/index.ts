import { listNotifications } from '#alerts/tools/list_notifications'
import { markNotificationsRead } from '#alerts/tools/mark_notifications_read'
import { getAlertPreferences } from '#alerts/tools/get_alert_preferences'
import { updateAlertPreferences } from '#alerts/tools/update_alert_preferences'
import {
  createAlertWebhook,
  deleteAlertWebhook,
  listAlertDeliveries,
  listAlertWebhooks,
} from '#alerts/tools/alert_webhooks'

/** The alerts module's published actions (collected by app/automation/registry). */
export const alertsTools = [
  listNotifications,
  markNotificationsRead,
  getAlertPreferences,
  updateAlertPreferences,
  createAlertWebhook,
  listAlertWebhooks,
  deleteAlertWebhook,
  listAlertDeliveries,
]
