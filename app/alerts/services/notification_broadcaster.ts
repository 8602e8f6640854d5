import app from '@adonisjs/core/services/app'
import logger from '@adonisjs/core/services/logger'
import type Notification from '#alerts/models/notification'

/** The transmit (SSE) channel a user's notification centre subscribes to. */
export function notificationChannel(userId: number): string {
  return `users/${userId}/notifications`
}

/** What the browser receives on `notificationChannel` when an alert arrives. */
export interface NotificationBroadcast {
  notification: {
    id: number
    type: string
    title: string
    message: string
    url: string | null
    occurredAt: string
  }
  /** The user's unread in-app notifications after this one. */
  unreadCount: number
}

/**
 * Pushes a new in-app notification to the user's open tabs over Server-Sent Events
 * (`@adonisjs/transmit`; through Redis pub/sub with REDIS_URL, so every instance's clients
 * get it). Best effort: a failure is logged and the notification stays in the list.
 */
export async function broadcastNotification(notification: Notification, unreadCount: number) {
  try {
    const transmit = await app.container.make('transmit')
    const payload: NotificationBroadcast = {
      notification: {
        id: notification.id,
        type: notification.type,
        title: notification.title,
        message: notification.message,
        url: notification.url,
        occurredAt: notification.occurredAt.toISO()!,
      },
      unreadCount,
    }
    transmit.broadcast(notificationChannel(notification.userId), payload as any)
  } catch (error) {
    logger.warn({ err: error, notificationId: notification.id }, 'live notification not pushed')
  }
}
