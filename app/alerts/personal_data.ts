import db from '@adonisjs/lucid/services/db'
import AlertDelivery from '#alerts/models/alert_delivery'
import AlertSettings from '#alerts/models/alert_settings'
import AlertWebhook from '#alerts/models/alert_webhook'
import Notification from '#alerts/models/notification'
import {
  OwnedRowsHolder,
  isoDateTime,
  jsonValue,
  ownedTable,
  type ErasureSubject,
  type ExportSection,
} from '#shared/personal_data'

/**
 * What the alerts module holds about a user: notifications, alert preferences, webhook
 * destinations (name, format, scheme + host; never the full URL's path nor the signing secret,
 * which only shows as `hasSecret`), and the delivery log.
 */
export default class AlertsPersonalData extends OwnedRowsHolder {
  readonly name = 'alerts'
  protected readonly tables = {
    notifications: ownedTable(Notification, (notification) => ({
      id: notification.id,
      type: notification.type,
      title: notification.title,
      message: notification.message,
      url: notification.url,
      data: jsonValue(notification.data),
      inApp: notification.inApp,
      occurredAt: isoDateTime(notification.occurredAt),
      readAt: isoDateTime(notification.readAt),
      createdAt: isoDateTime(notification.createdAt),
    })),
    alertWebhooks: ownedTable(AlertWebhook, (webhook) => ({
      id: webhook.id,
      name: webhook.name,
      format: webhook.format,
      url: webhook.urlDisplay,
      hasSecret: webhook.secretEncrypted !== null,
      createdAt: isoDateTime(webhook.createdAt),
    })),
    alertDeliveries: ownedTable(AlertDelivery, (delivery) => ({
      id: delivery.id,
      notificationId: delivery.notificationId,
      channel: delivery.channel,
      webhookId: delivery.webhookId,
      status: delivery.status,
      attempts: Number(delivery.attempts),
      lastStatusCode: delivery.lastStatusCode,
      lastError: delivery.lastError,
      deliverAfter: isoDateTime(delivery.deliverAfter),
      sentAt: isoDateTime(delivery.sentAt),
      createdAt: isoDateTime(delivery.createdAt),
    })),
  }
  protected readonly eraseOrder = [AlertDelivery, Notification, AlertWebhook, AlertSettings]

  /** The table sections, with the one-row alert preferences after the notifications. */
  sections(userId: number): Record<string, ExportSection> {
    const { notifications, ...webhooksAndDeliveries } = super.sections(userId)
    return {
      notifications,
      alertPreferences: {
        kind: 'one',
        read: async () => {
          const settings = await AlertSettings.find(userId)
          if (!settings) return null
          return {
            channels: jsonValue(settings.channels),
            timeZone: settings.timeZone,
            quietStartMinute: settings.quietStartMinute,
            quietEndMinute: settings.quietEndMinute,
            digestEnabled: settings.digestEnabled,
            digestHour: Number(settings.digestHour),
            digestSentAt: isoDateTime(settings.digestSentAt),
            spendThresholdMinor: settings.spendThresholdMinor,
            createdAt: isoDateTime(settings.createdAt),
            updatedAt: isoDateTime(settings.updatedAt),
          }
        },
      },
      ...webhooksAndDeliveries,
    }
  }

  async erase(subject: ErasureSubject): Promise<void> {
    await super.erase(subject)
    await db.from('alert_dedupe').where('user_id', subject.userId).delete()
  }
}
