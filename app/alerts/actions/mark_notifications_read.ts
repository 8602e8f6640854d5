import { DateTime } from 'luxon'
import db from '@adonisjs/lucid/services/db'
import { AppError } from '#shared/errors'
import { countUnread } from '#alerts/actions/raise_alert'

/**
 * Marks the user's notifications read: the listed `ids` (others' ids are ignored, never
 * touched), or every unread one with `all`. Idempotent.
 * @throws AppError 422 `validation_failed` when neither `ids` nor `all: true` is given
 */
export class MarkNotificationsRead {
  async execute(
    userId: number,
    input: { ids?: number[]; all?: boolean }
  ): Promise<{ updated: number; unreadCount: number }> {
    if (!input.all && (!input.ids || input.ids.length === 0)) {
      throw new AppError(
        'validation_failed',
        'Give the notification ids to mark read, or all: true.',
        422,
        { field: 'ids' }
      )
    }
    const query = db.from('notifications').where('user_id', userId).whereNull('read_at')
    if (!input.all) query.whereIn('id', input.ids!)
    const updated = await query.update({
      read_at: DateTime.utc().toFormat('yyyy-MM-dd HH:mm:ss'),
    })
    return {
      updated: Number(Array.isArray(updated) ? updated[0] : updated),
      unreadCount: await countUnread(userId),
    }
  }
}
