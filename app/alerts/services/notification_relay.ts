import app from '@adonisjs/core/services/app'
import logger from '@adonisjs/core/services/logger'
import db from '@adonisjs/lucid/services/db'
import Notification from '#alerts/models/notification'
import { broadcastNotification, countUnread } from '#alerts/services/notification_broadcaster'

/**
 * Live notifications without Redis (issue 16). `@adonisjs/transmit`'s in-memory transport
 * reaches only the tabs connected to the process that broadcasts, so an alert raised in a
 * queue worker (`npm run queue:work`) or on another instance never reached them live. With no
 * transport configured (no `REDIS_URL`), the web process runs this relay: every
 * `NOTIFICATION_RELAY_INTERVAL_MS` (default 2,000 ms) it reads the in-app notifications
 * created since its cursor (`id > cursor`, primary key, at most 500 a poll) and pushes the
 * ones it did not broadcast itself (`markLocal`) to the user's channel, with the unread count.
 *
 * Bounds: a notification from another process reaches open tabs within one interval plus the
 * query (≤ 2 s by default) instead of at once; one indexed query per interval when nothing is
 * new. Ids that commit out of order (MySQL: a lower id committing after a higher one) are
 * watched as holes for `HOLE_TTL_MS` (30 s), so a slow transaction's notification is still
 * relayed; one that commits later than that is seen on the bell's next load only. With Redis,
 * transmit's Redis transport carries every broadcast and the relay does not run.
 */
export class NotificationRelay {
  /** Ids this process broadcast itself (removed when the cursor passes them). */
  #local = new Set<number>()
  /** Ids below the cursor not seen yet (a transaction not committed at the last poll). */
  #holes = new Map<number, number>()
  #cursor: number | null = null
  #timer: NodeJS.Timeout | null = null
  #polling: Promise<void> | null = null

  static HOLE_TTL_MS = 30_000
  static BATCH = 500

  constructor(private intervalMs: number) {}

  /** Whether the relay is polling. */
  get running() {
    return this.#timer !== null
  }

  /** Records that this process broadcast notification `id` itself (call before commit). */
  markLocal(id: number) {
    if (this.running) this.#local.add(id)
  }

  /** Starts polling from the newest notification now stored. */
  async start() {
    if (this.#timer) return
    const row = await db.from('notifications').max('id as last').first()
    this.#cursor = Number(row?.last ?? 0)
    this.#timer = setInterval(() => {
      this.#polling ??= this.poll()
        .catch((error) => logger.warn({ err: error }, 'notification relay poll failed'))
        .finally(() => (this.#polling = null))
    }, this.intervalMs)
    this.#timer.unref()
  }

  /** Stops polling (waits for a poll under way). */
  async stop() {
    if (this.#timer) clearInterval(this.#timer)
    this.#timer = null
    await this.#polling
    this.#local.clear()
    this.#holes.clear()
  }

  /** One poll: relays the in-app notifications other processes created since the cursor. */
  async poll() {
    if (this.#cursor === null) return
    const cursor = this.#cursor
    const now = Date.now()
    for (const [id, since] of this.#holes) {
      if (now - since > NotificationRelay.HOLE_TTL_MS) this.#holes.delete(id)
    }
    const holes = [...this.#holes.keys()]
    const rows = await Notification.query()
      .where((query) => {
        query.where('id', '>', cursor)
        if (holes.length > 0) query.orWhereIn('id', holes)
      })
      .orderBy('id', 'asc')
      .limit(NotificationRelay.BATCH)
    let last = cursor
    const relayed: Notification[] = []
    for (const row of rows) {
      this.#holes.delete(row.id)
      if (row.id > last) {
        // A small gap is a transaction still open; a large one (ids skipped) is not watched.
        if (row.id - last <= 100) {
          for (let missing = last + 1; missing < row.id; missing++) this.#holes.set(missing, now)
        }
        last = row.id
      }
      if (this.#local.delete(row.id) || !row.inApp) continue
      relayed.push(row)
    }
    this.#cursor = last
    for (const id of this.#local) if (id <= last && !this.#holes.has(id)) this.#local.delete(id)
    const unread = new Map<number, number>()
    for (const notification of relayed) {
      if (!unread.has(notification.userId)) {
        unread.set(notification.userId, await countUnread(notification.userId))
      }
      await broadcastNotification(notification, unread.get(notification.userId)!)
    }
  }
}

let relay: NotificationRelay | null = null

/** The process's relay (created on first use; polling only once `startNotificationRelay` ran). */
export function notificationRelay(): NotificationRelay {
  relay ??= new NotificationRelay(
    Number(process.env.NOTIFICATION_RELAY_INTERVAL_MS ?? 2000) || 2000
  )
  return relay
}

/**
 * Starts the relay when transmit has no transport (no `REDIS_URL`); stopped with the app.
 * Called by start/notification_relay.ts in the web process. Returns whether it runs.
 */
export async function startNotificationRelay(): Promise<boolean> {
  const config = app.config.get<{ transport: unknown }>('transmit')
  if (config.transport) return false
  const instance = notificationRelay()
  await instance.start()
  app.terminating(() => instance.stop())
  logger.info('notification relay started (no Redis: notifications of other processes polled)')
  return true
}
