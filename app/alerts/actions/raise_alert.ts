import { DateTime } from 'luxon'
import db from '@adonisjs/lucid/services/db'
import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import { ALERT_TYPES, type RaisedAlert } from '#alerts/events'
import { planHasFeature } from '#accounts/plan_catalog'
import { entitlementOf } from '#accounts/actions/resolve_entitlement'
import AlertSettings from '#alerts/models/alert_settings'
import AlertWebhook from '#alerts/models/alert_webhook'
import AlertDelivery from '#alerts/models/alert_delivery'
import Notification from '#alerts/models/notification'
import {
  COOLDOWN_SECONDS,
  featureFor,
  quietHoursEnd,
  resolveSettings,
} from '#alerts/services/alert_defaults'
import { broadcastNotification, countUnread } from '#alerts/services/notification_broadcaster'
import { notificationRelay } from '#alerts/services/notification_relay'
import { toDbTimestamp } from '#shared/db_time'
import DeliverAlert from '#alerts/jobs/deliver_alert'

/** What happened to a raised alert. */
export type RaiseOutcome =
  | { status: 'delivered'; notificationId: number; deliveryIds: number[] }
  /** The same `dedupeKey` was let through less than the type's cooldown ago. */
  | { status: 'duplicate' }
  /** The user chose no channel for this type. */
  | { status: 'muted' }
  /** The user's plan does not include alerts (Trafficker+) or leads (Agency). */
  | { status: 'not_entitled' }

/**
 * The alert pipeline, run for every `alert:raised` event (app/alerts/listeners.ts):
 * 1. plan gate: Performance Alerts (Trafficker, Agency); lead alerts need Lead Tracking (Agency);
 * 2. the user's channels for the type (none: muted);
 * 3. deduplication: at most one alert per `dedupeKey` per the type's cooldown
 *    (`COOLDOWN_SECONDS`), claimed atomically in `alert_dedupe`, so concurrent producers on
 *    several instances let exactly one through;
 * 4. in one transaction: the notification, and one delivery per outside channel (email; each
 *    of the user's webhooks). Email waits for the daily digest when the digest is on.
 *    During quiet hours outside deliveries wait until they end (in-app is silent anyway);
 * 5. after commit: the live push to open tabs (SSE) and one queued job per delivery.
 */
export class RaiseAlert {
  async execute(alert: RaisedAlert, now: Date = new Date()): Promise<RaiseOutcome> {
    if (!ALERT_TYPES.includes(alert.type)) {
      throw new Error(`Unknown alert type "${alert.type}"`)
    }
    const { plan } = await entitlementOf(alert.userId)
    if (!planHasFeature(plan.id, featureFor(alert.type))) return { status: 'not_entitled' }

    const settings = resolveSettings(await AlertSettings.find(alert.userId))
    const channels = settings.channels[alert.type]
    if (channels.length === 0) return { status: 'muted' }

    const webhooks = channels.includes('webhook')
      ? await AlertWebhook.query().where('user_id', alert.userId).orderBy('id')
      : []
    const deliverAfter = DateTime.fromJSDate(quietHoursEnd(settings, now) ?? now)

    const created = await db.transaction(async (trx) => {
      const claimed = await claimDedupeKey(
        trx,
        alert.userId,
        alert.dedupeKey,
        COOLDOWN_SECONDS[alert.type],
        now
      )
      if (!claimed) return null
      const notification = await Notification.create(
        {
          userId: alert.userId,
          type: alert.type,
          dedupeKey: alert.dedupeKey.slice(0, 191),
          title: alert.title.slice(0, 200),
          message: alert.message,
          url: alert.url ?? null,
          data: alert.data ?? null,
          inApp: channels.includes('in_app'),
          occurredAt: DateTime.fromJSDate(alert.occurredAt ?? now),
        },
        { client: trx }
      )
      // Broadcast by this process after commit: the relay (no Redis) must not push it again.
      notificationRelay().markLocal(notification.id)
      const deliveries: AlertDelivery[] = []
      if (channels.includes('email')) {
        deliveries.push(
          await AlertDelivery.create(
            {
              notificationId: notification.id,
              userId: alert.userId,
              channel: 'email',
              webhookId: null,
              status: settings.digest.enabled ? 'digest' : 'queued',
              attempts: 0,
              deliverAfter,
            },
            { client: trx }
          )
        )
      }
      for (const webhook of webhooks) {
        deliveries.push(
          await AlertDelivery.create(
            {
              notificationId: notification.id,
              userId: alert.userId,
              channel: 'webhook',
              webhookId: webhook.id,
              status: 'queued',
              attempts: 0,
              deliverAfter,
            },
            { client: trx }
          )
        )
      }
      return { notification, deliveries }
    })
    if (!created) return { status: 'duplicate' }

    const { notification, deliveries } = created
    if (notification.inApp) {
      await broadcastNotification(notification, await countUnread(alert.userId))
    }
    const delayMs = Math.max(0, deliverAfter.toMillis() - now.getTime())
    for (const delivery of deliveries) {
      if (delivery.status !== 'queued') continue
      const dispatch = DeliverAlert.dispatch({ deliveryId: delivery.id })
      await (delayMs > 0 ? dispatch.in(delayMs) : dispatch).run()
    }
    return {
      status: 'delivered',
      notificationId: notification.id,
      deliveryIds: deliveries.map((delivery) => delivery.id),
    }
  }
}

/** Unread in-app notifications of a user (kept here for its importers). */
export { countUnread }

/**
 * Claims `dedupeKey` for `userId` unless it was claimed less than `cooldownSeconds` before
 * `now`: a conditional UPDATE of an expired claim, else an INSERT that the primary key makes
 * fail for a concurrent claimer. True when this caller may deliver.
 */
async function claimDedupeKey(
  trx: TransactionClientContract,
  userId: number,
  dedupeKey: string,
  cooldownSeconds: number,
  now: Date
): Promise<boolean> {
  const key = dedupeKey.slice(0, 191)
  const cutoff = new Date(now.getTime() - cooldownSeconds * 1000)
  const updated = await trx
    .from('alert_dedupe')
    .where('user_id', userId)
    .where('dedupe_key', key)
    .where('last_raised_at', '<=', toDbTimestamp(cutoff))
    .update({ last_raised_at: toDbTimestamp(now) })
  if (Number(Array.isArray(updated) ? updated[0] : updated) > 0) return true
  const existing = await trx
    .from('alert_dedupe')
    .where('user_id', userId)
    .where('dedupe_key', key)
    .first()
  if (existing) return false
  try {
    await trx
      .table('alert_dedupe')
      .insert({ user_id: userId, dedupe_key: key, last_raised_at: toDbTimestamp(now) })
    return true
  } catch {
    return false
  }
}
