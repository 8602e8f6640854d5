import { DateTime } from 'luxon'
import db from '@adonisjs/lucid/services/db'
import logger from '@adonisjs/core/services/logger'
import AlertSettings from '#alerts/models/alert_settings'
import AlertDelivery from '#alerts/models/alert_delivery'
import Notification from '#alerts/models/notification'
import app from '@adonisjs/core/services/app'
import { AlertMailer } from '#alerts/services/alert_mailer'

/**
 * The daily digest: users with the digest on get their held email alerts (deliveries in
 * state `digest`) in one email at their digest hour, in their time zone. Run hourly by the
 * `SendAlertDigests` job; a user is sent at most one digest per 20 hours, so two workers or a
 * late tick do not send it twice.
 */
export class AlertDigests {
  /** Sends every digest due at `now`; returns how many emails were sent. */
  async sendDue(now: Date = new Date()): Promise<number> {
    const candidates = await AlertSettings.query().where('digest_enabled', true)
    let sent = 0
    for (const settings of candidates) {
      const local = DateTime.fromJSDate(now, { zone: settings.timeZone })
      if (local.hour !== settings.digestHour) continue
      if (await this.sendFor(settings.userId, now)) sent += 1
    }
    return sent
  }

  /**
   * Sends `userId`'s digest now if it has held alerts and none was sent in the last 20 hours
   * (claimed with a conditional update of `digest_sent_at`). True when an email went out.
   */
  async sendFor(userId: number, now: Date = new Date()): Promise<boolean> {
    const held = await AlertDelivery.query()
      .where('user_id', userId)
      .where('channel', 'email')
      .where('status', 'digest')
      .orderBy('id')
    if (held.length === 0) return false
    const cutoff = DateTime.fromJSDate(now).minus({ hours: 20 })
    const claimed = await db
      .from('alert_settings')
      .where('user_id', userId)
      .where((query) =>
        query.whereNull('digest_sent_at').orWhere('digest_sent_at', '<', cutoff.toSQL()!)
      )
      .update({ digest_sent_at: DateTime.fromJSDate(now).toUTC().toFormat('yyyy-MM-dd HH:mm:ss') })
    if (Number(Array.isArray(claimed) ? claimed[0] : claimed) === 0) return false
    const notifications = await Notification.query()
      .whereIn(
        'id',
        held.map((delivery) => delivery.notificationId)
      )
      .orderBy('id')
    try {
      const mailer = await app.container.make(AlertMailer)
      await mailer.send(userId, notifications, true)
    } catch (error) {
      logger.warn({ err: error, userId }, 'alert digest not sent; it will be retried next hour')
      await db.from('alert_settings').where('user_id', userId).update({ digest_sent_at: null })
      return false
    }
    await AlertDelivery.query()
      .whereIn(
        'id',
        held.map((delivery) => delivery.id)
      )
      .update({
        status: 'sent',
        sent_at: DateTime.utc().toFormat('yyyy-MM-dd HH:mm:ss'),
        attempts: 1,
      })
    return true
  }
}
