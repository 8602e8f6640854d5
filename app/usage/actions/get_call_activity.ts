import db from '@adonisjs/lucid/services/db'
import { billingPeriodAt } from '#usage/services/billing_period'
import { fromDbTimestamp } from '#shared/db_time'
import { rollupDailyCounts, rollupTopEndpoints } from '#usage/services/call_rollups'

/** One call as a client portal sees it (no ids, no user). */
export interface ActivityCall {
  method: string
  endpoint: string
  statusCode: number
  responseTimeMs: number
  createdAt: string
}

/**
 * A user's call log for the embeddable widgets (issue 17), optionally narrowed to one API
 * key (`tokenId`) so a client portal sees only its own key's calls. Success means status
 * 200-399, the dashboard's rule. Aggregates come from the rollups; only `recent` lists raw
 * call rows.
 */
export class GetCallActivity {
  /**
   * This month's calls per day (every day from the 1st to today, UTC) and the `top` most
   * called method + endpoint pairs, read from the hourly rollups (call_rollups.ts).
   */
  async month(userId: number, tokenId: number | null, now: Date = new Date(), top = 8) {
    const { period, startsAt } = billingPeriodAt(now)
    const to = new Date(now.getTime() + 1000)
    const [perDay, perAction] = await Promise.all([
      rollupDailyCounts(userId, startsAt, to, tokenId),
      rollupTopEndpoints(userId, startsAt, to, top, tokenId),
    ])
    const byDay = new Map(perDay.map((day) => [day.date, day]))
    const daily = []
    for (let day = 1; day <= now.getUTCDate(); day++) {
      const date = new Date(Date.UTC(startsAt.getUTCFullYear(), startsAt.getUTCMonth(), day))
        .toISOString()
        .slice(0, 10)
      daily.push(byDay.get(date) ?? { date, calls: 0, successful: 0, failed: 0 })
    }
    return {
      period,
      daily,
      byAction: perAction.map((row) => ({
        action: `${row.method} ${row.endpoint}`,
        calls: row.calls,
      })),
    }
  }

  /** The latest `limit` (1-50) calls, newest first. */
  async recent(userId: number, tokenId: number | null, limit = 10): Promise<ActivityCall[]> {
    const query = db
      .from('api_calls')
      .where('user_id', userId)
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(Math.min(Math.max(limit, 1), 50))
      .select('method', 'endpoint', 'status_code', 'response_time_ms', 'created_at')
    if (tokenId !== null) query.where('token_id', tokenId)
    const rows = await query
    return rows.map((row) => ({
      method: row.method,
      endpoint: row.endpoint,
      statusCode: Number(row.status_code),
      responseTimeMs: Number(row.response_time_ms),
      createdAt: fromDbTimestamp(row.created_at).toISOString(),
    }))
  }
}
