import emitter from '@adonisjs/core/services/emitter'
import logger from '@adonisjs/core/services/logger'
import type { QuotaState } from '#usage/services/metering'

/** Share of the monthly quota at which `quota_80` is raised. */
export const QUOTA_WARNING_RATIO = 0.8

/**
 * Raises `quota_80` / `quota_100` (app/alerts/events.ts) when a counted request takes the
 * user's monthly usage to 80 % / 100 % of the limit. Called once per metered request from
 * `Metering.consume`, so the common case (under 80 %) is one comparison. Each process emits
 * each level at most once per user and month (the set below; it holds only users past 80 %
 * and is emptied when the month changes); the alerts pipeline's dedupe key
 * (`quota_80:<YYYY-MM>`) makes it once across instances.
 */
export class QuotaAlerts {
  #period = ''
  readonly #emitted = new Set<string>()

  /**
   * Looks at the state after a counted request; returns the emission when it raised an alert
   * (the caller does not wait for it), otherwise undefined.
   */
  observe(userId: number, state: QuotaState): Promise<void> | undefined {
    if (state.used < state.limit * QUOTA_WARNING_RATIO) return
    if (state.period !== this.#period) {
      this.#period = state.period
      this.#emitted.clear()
    }
    const level = state.used >= state.limit ? 100 : 80
    const key = `${userId}:${level}`
    if (this.#emitted.has(key)) return
    this.#emitted.add(key)
    if (level === 100) this.#emitted.add(`${userId}:80`)
    const resets = state.resetsAt.toISOString().slice(0, 10)
    const figures = `${state.used.toLocaleString('en-US')} of ${state.limit.toLocaleString('en-US')}`
    return emitter
      .emit('alert:raised', {
        userId,
        type: level === 100 ? 'quota_100' : 'quota_80',
        dedupeKey: `quota_${level}:${state.period}`,
        title: level === 100 ? 'Monthly API quota used up' : 'Monthly API quota 80 % used',
        message:
          level === 100
            ? `You have used all ${state.limit.toLocaleString('en-US')} API requests of your plan this month; further requests are refused until the counter resets on ${resets} (UTC). Upgrade at /subscription for a higher limit.`
            : `You have used ${figures} API requests this month (${Math.floor((state.used / state.limit) * 100)} %). The counter resets on ${resets} (UTC).`,
        url: level === 100 ? '/subscription' : '/',
        data: { used: state.used, limit: state.limit, period: state.period },
      })
      .catch((error) => logger.warn({ err: error, userId }, 'quota alert not raised'))
  }
}
