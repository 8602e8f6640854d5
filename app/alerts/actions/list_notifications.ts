import Notification from '#alerts/models/notification'
import { countUnread } from '#alerts/actions/raise_alert'

/** One notification as every surface shows it. */
export interface NotificationView {
  id: number
  type: string
  title: string
  message: string
  url: string | null
  data: Record<string, unknown>
  /** ISO 8601 */
  occurredAt: string
  /** ISO 8601, or null while unread */
  readAt: string | null
}

/** Serialises a notification for the surfaces (REST, MCP, the bell). */
export function notificationView(notification: Notification): NotificationView {
  return {
    id: notification.id,
    type: notification.type,
    title: notification.title,
    message: notification.message,
    url: notification.url,
    data: notification.data ?? {},
    occurredAt: notification.occurredAt.toUTC().toISO()!,
    readAt: notification.readAt ? notification.readAt.toUTC().toISO()! : null,
  }
}

/**
 * The user's in-app notifications, newest first, `limit` per page; `before` (a notification
 * id from `nextCursor`) continues a listing. Also returns the unread count (the bell's badge).
 */
export class ListNotifications {
  async execute(
    userId: number,
    input: { unreadOnly?: boolean; limit?: number; before?: number }
  ): Promise<{
    notifications: NotificationView[]
    unreadCount: number
    nextCursor: number | null
  }> {
    const limit = input.limit ?? 20
    const query = Notification.query()
      .where('user_id', userId)
      .where('in_app', true)
      .orderBy('id', 'desc')
      .limit(limit + 1)
    if (input.unreadOnly) query.whereNull('read_at')
    if (input.before) query.where('id', '<', input.before)
    const rows = await query
    const page = rows.slice(0, limit)
    return {
      notifications: page.map(notificationView),
      unreadCount: await countUnread(userId),
      nextCursor: rows.length > limit ? page[page.length - 1].id : null,
    }
  }
}
