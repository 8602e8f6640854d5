import { inject } from '@adonisjs/core'
import { DateTime } from 'luxon'
import ApiToken from '#keys/models/api_token'
import { ApiKeyVerifier } from '#keys/services/api_key_verifier'
import { AppError } from '#shared/errors'

/**
 * Revokes keys. A revoked key answers 401 at once on this instance (its cache entry is
 * dropped) and within the verifier's cache bound on the others.
 */
@inject()
export class RevokeApiKeys {
  constructor(private verifier: ApiKeyVerifier) {}

  /**
   * Revokes one of the user's keys.
   * @throws AppError 404 `not_found` when the key is not the user's or already revoked
   */
  async one(userId: number, tokenId: number): Promise<void> {
    const token = await ApiToken.query()
      .where('id', tokenId)
      .where('user_id', userId)
      .whereNull('revoked_at')
      .first()
    if (!token) throw new AppError('not_found', 'API key not found.', 404)
    token.revokedAt = DateTime.utc()
    await token.save()
    this.verifier.forgetDigest(token.tokenHash)
  }

  /** Revokes every active key of the user; returns how many were revoked. */
  async all(userId: number): Promise<number> {
    const affected = await ApiToken.query()
      .where('user_id', userId)
      .whereNull('revoked_at')
      .update({ revokedAt: DateTime.utc().toSQL({ includeOffset: false }) })
    this.verifier.forgetUser(userId)
    return Array.isArray(affected) ? Number(affected[0]) : Number(affected)
  }
}
