import db from '@adonisjs/lucid/services/db'
import ApiToken from '#keys/models/api_token'
import { fromDbTimestamp } from '#shared/db_time'

/** A user's credentials at a glance, for the admin detail panel. */
export interface ApiKeySummary {
  /** Credentials not revoked (API keys and CLI tokens). */
  activeCount: number
  /** Most recent use of any of the user's credentials (ISO 8601 UTC), or null. */
  lastUsedAt: string | null
}

/**
 * Counts a user's credentials for other modules (the session user, the admin detail panel),
 * so they never read the `api_tokens` table or the `ApiToken` model themselves.
 */
export class SummarizeApiKeys {
  /** Active credentials and the latest use of any of them (one aggregate query). */
  async execute(userId: number): Promise<ApiKeySummary> {
    const row = await db
      .from('api_tokens')
      .where('user_id', userId)
      .select(
        db.raw('SUM(CASE WHEN revoked_at IS NULL THEN 1 ELSE 0 END) as active_count'),
        db.raw('MAX(last_used_at) as last_used_at')
      )
      .first()
    return {
      activeCount: Number(row?.active_count ?? 0),
      lastUsedAt: row?.last_used_at ? fromDbTimestamp(row.last_used_at).toISOString() : null,
    }
  }

  /**
   * API keys the user can call with now (not revoked, not expired; CLI tokens excluded): the
   * session user's `apiTokensCount`.
   */
  async usableApiKeyCount(userId: number): Promise<number> {
    const result = await ApiToken.query()
      .withScopes((scopes) => scopes.usable(userId, 'api_key'))
      .count('* as total')
      .first()
    return Number(result?.$extras.total ?? 0)
  }
}
