import { readConnectionName } from '#shared/read_connection'
import db from '@adonisjs/lucid/services/db'
import AlertDelivery from '#alerts/models/alert_delivery'
import AlertSettings from '#alerts/models/alert_settings'
import AlertWebhook from '#alerts/models/alert_webhook'
import Notification from '#alerts/models/notification'
import {
  isoTimestamp,
  pageById,
  type ErasureSubject,
  type ExportSection,
  type ExportValue,
  type PersonalDataHolder,
} from '#shared/personal_data'

const iso = (value: { toJSDate(): Date } | null | undefined) =>
  isoTimestamp(value ? value.toJSDate() : null)

const json = (value: unknown) => JSON.parse(JSON.stringify(value ?? null)) as ExportValue

/**
 * What the alerts module holds about a user: notifications, alert preferences, webhook
 * destinations (name, format, scheme + host; never the full URL's path nor the signing secret,
 * which only shows as `hasSecret`), and the delivery log.
 */
export default class AlertsPersonalData implements PersonalDataHolder {
  readonly name = 'alerts'

  sections(userId: number): Record<string, ExportSection> {
    return {
      notifications: {
        kind: 'many',
        rows: () =>
          pageById(
            (afterId, limit) =>
              Notification.query({ connection: readConnectionName() })
                .where('user_id', userId)
                .where('id', '>', afterId)
                .orderBy('id')
                .limit(limit),
            (notification) => ({
              id: notification.id,
              type: notification.type,
              title: notification.title,
              message: notification.message,
              url: notification.url,
              data: json(notification.data),
              inApp: notification.inApp,
              occurredAt: iso(notification.occurredAt),
              readAt: iso(notification.readAt),
              createdAt: iso(notification.createdAt),
            })
          ),
      },
      alertPreferences: {
        kind: 'one',
        read: async () => {
          const settings = await AlertSettings.find(userId)
          if (!settings) return null
          return {
            channels: json(settings.channels),
            timeZone: settings.timeZone,
            quietStartMinute: settings.quietStartMinute,
            quietEndMinute: settings.quietEndMinute,
            digestEnabled: settings.digestEnabled,
            digestHour: Number(settings.digestHour),
            digestSentAt: iso(settings.digestSentAt),
            spendThresholdMinor: settings.spendThresholdMinor,
            createdAt: iso(settings.createdAt),
            updatedAt: iso(settings.updatedAt),
          }
        },
      },
      alertWebhooks: {
        kind: 'many',
        rows: () =>
          pageById(
            (afterId, limit) =>
              AlertWebhook.query({ connection: readConnectionName() })
                .where('user_id', userId)
                .where('id', '>', afterId)
                .orderBy('id')
                .limit(limit),
            (webhook) => ({
              id: webhook.id,
              name: webhook.name,
              format: webhook.format,
              url: webhook.urlDisplay,
              hasSecret: webhook.secretEncrypted !== null,
              createdAt: iso(webhook.createdAt),
            })
          ),
      },
      alertDeliveries: {
        kind: 'many',
        rows: () =>
          pageById(
            (afterId, limit) =>
              AlertDelivery.query({ connection: readConnectionName() })
                .where('user_id', userId)
                .where('id', '>', afterId)
                .orderBy('id')
                .limit(limit),
            (delivery) => ({
              id: delivery.id,
              notificationId: delivery.notificationId,
              channel: delivery.channel,
              webhookId: delivery.webhookId,
              status: delivery.status,
              attempts: Number(delivery.attempts),
              lastStatusCode: delivery.lastStatusCode,
              lastError: delivery.lastError,
              deliverAfter: iso(delivery.deliverAfter),
              sentAt: iso(delivery.sentAt),
              createdAt: iso(delivery.createdAt),
            })
          ),
      },
    }
  }

  async erase({ userId }: ErasureSubject): Promise<void> {
    await AlertDelivery.query().where('user_id', userId).delete()
    await Notification.query().where('user_id', userId).delete()
    await AlertWebhook.query().where('user_id', userId).delete()
    await AlertSettings.query().where('user_id', userId).delete()
    await db.from('alert_dedupe').where('user_id', userId).delete()
  }
}
