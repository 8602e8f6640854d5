import { DateTime } from 'luxon'
import ApiToken from '#keys/models/api_token'
import emitter from '@adonisjs/core/services/emitter'
import type {} from '#keys/events'
import { AppError } from '#shared/errors'
import type { CredentialKind } from '#keys/services/api_key_format'

/**
 * Revokes keys. A revoked key answers 401 at once on this instance (`api_key:revoked` drops
 * its cache entry), on the others when the invalidation arrives over Redis pub/sub
 * (`KeyCacheBus`), and at the latest within the verifier's cache bound (`API_KEY_CACHE_TTL_MS`).
 */
export class RevokeApiKeys {
  /**
   * Revokes one of the user's keys (or, with `kind` `cli_token`, one CLI session).
   * @throws AppError 404 `not_found` when it is not the user's or no longer usable
   */
  async one(userId: number, tokenId: number, kind: CredentialKind = 'api_key'): Promise<void> {
    const token = await ApiToken.query()
      .withScopes((scopes) => scopes.usable(userId, kind))
      .where('id', tokenId)
      .first()
    if (!token) {
      const what = kind === 'api_key' ? 'API key' : 'CLI session'
      throw new AppError('not_found', `${what} not found.`, 404)
    }
    token.revokedAt = DateTime.utc()
    await token.save()
    await emitter.emit('api_key:revoked', { userId, tokenHash: token.tokenHash })
  }

  /**
   * Revokes every active key of the user, and every CLI session ("Revoke All Sessions");
   * returns how many credentials were revoked.
   */
  async all(userId: number): Promise<number> {
    const affected = await ApiToken.query()
      .where('user_id', userId)
      .whereNull('revoked_at')
      .update({ revokedAt: DateTime.utc().toSQL({ includeOffset: false }) })
    await emitter.emit('api_key:revoked', { userId, tokenHash: null })
    return Array.isArray(affected) ? Number(affected[0]) : Number(affected)
  }
}
