import { DateTime } from 'luxon'
import emitter from '@adonisjs/core/services/emitter'
import MetaConnection from '#meta/models/meta_connection'

/** How long before a Meta token expires the user is warned (spec: Integrations, 7 days). */
export const TOKEN_EXPIRY_WARNING_DAYS = 7

/**
 * Raises `meta_token_expiring` for every connected Meta account whose access token expires
 * within 7 days of `now` (the same window as the Integrations page warning). The dedupe key
 * names the connection and the expiry date, so a user is told once a day at most and again
 * after reconnecting with a new token. Returns how many alerts were raised.
 */
export async function raiseTokenExpiryAlerts(now: Date = new Date()): Promise<number> {
  const from = DateTime.fromJSDate(now).toUTC()
  const until = from.plus({ days: TOKEN_EXPIRY_WARNING_DAYS })
  const expiring = await MetaConnection.query()
    .where('status', 'connected')
    .whereNotNull('expires_at')
    .where('expires_at', '>', from.toFormat('yyyy-MM-dd HH:mm:ss'))
    .where('expires_at', '<=', until.toFormat('yyyy-MM-dd HH:mm:ss'))
  for (const connection of expiring) {
    const expiresAt = connection.expiresAt!.toUTC()
    const days = Math.max(0, Math.floor(expiresAt.diff(from, 'days').days))
    await emitter.emit('alert:raised', {
      userId: connection.userId,
      type: 'meta_token_expiring',
      dedupeKey: `meta_token_expiring:${connection.id}:${expiresAt.toISODate()}`,
      title: 'Your Meta token expires soon',
      message: `Your Meta access token${connection.name ? ` (${connection.name})` : ''} expires on ${expiresAt.toFormat('LLL d, yyyy HH:mm')} UTC (${days === 0 ? 'within a day' : `in ${days} day${days === 1 ? '' : 's'}`}). Reconnect at /integrations to refresh it, or rules and API calls will stop working.`,
      url: '/integrations',
      data: { metaUserId: connection.metaUserId, expiresAt: expiresAt.toISO() },
      occurredAt: now,
    })
  }
  return expiring.length
}
