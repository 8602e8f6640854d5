import db from '@adonisjs/lucid/services/db'
import { fromDbTimestamp } from '#shared/db_time'

/** One entry of the call log as the dashboard shows it; `responseTime` in ms. */
export interface RecentCall {
  id: number
  method: string
  endpoint: string
  statusCode: number
  responseTime: number
  createdAt: string
}

/** The user's latest metered calls, newest first (`limit` 1-100). */
export class ListRecentCalls {
  async execute(userId: number, limit = 10): Promise<RecentCall[]> {
    const rows = await db
      .from('api_calls')
      .where('user_id', userId)
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(limit)
      .select('id', 'method', 'endpoint', 'status_code', 'response_time_ms', 'created_at')
    return rows.map((row) => ({
      id: Number(row.id),
      method: row.method,
      endpoint: row.endpoint,
      statusCode: Number(row.status_code),
      responseTime: Number(row.response_time_ms),
      createdAt: fromDbTimestamp(row.created_at).toISOString(),
    }))
  }
}
