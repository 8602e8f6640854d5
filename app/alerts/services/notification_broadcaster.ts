import app from '@adonisjs/core/services/app'
import logger from '@adonisjs/core/services/logger'
import db from '@adonisjs/lucid/services/db'
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
 * get it; without Redis, other processes' notifications come through `NotificationRelay`). Best effort: a failure is logged and the notification stays in the list.
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

/** Unread in-app notifications of a user. */
export async function countUnread(userId: number): Promise<number> {
  const row = await db
    .from('notifications')
    .where('user_id', userId)
    .where('in_app', true)
    .whereNull('read_at')
    .count('* as total')
    .first()
  return Number(row?.total ?? 0)
}
