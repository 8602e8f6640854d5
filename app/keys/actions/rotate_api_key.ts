import db from '@adonisjs/lucid/services/db'
import { DateTime } from 'luxon'
import ApiToken from '#keys/models/api_token'
import { insertApiKey } from '#keys/actions/create_api_key'
import emitter from '@adonisjs/core/services/emitter'
import type {} from '#keys/events'
import { AppError } from '#shared/errors'

/** Longest grace period a rotated key may keep working: 30 days, in seconds. */
export const MAX_ROTATION_GRACE_SECONDS = 30 * 24 * 3600

/**
 * Replaces an API key with a new one of the same name. The old key stops working at once
 * (`graceSeconds` 0) or when the grace period ends: its `expires_at`, which the verifier
 * enforces, its cache never trusting an entry past it (`api_key:revoked` drops the old key's
 * cached outcome so its new end applies at once). The new key is in the result once.
 */
export class RotateApiKey {
  /**
   * @throws AppError 404 `not_found` unless `tokenId` is one of the user's usable API keys;
   *   422 `validation_failed` for a grace outside 0-30 days
   */
  async execute(userId: number, tokenId: number, graceSeconds = 0) {
    if (
      !Number.isInteger(graceSeconds) ||
      graceSeconds < 0 ||
      graceSeconds > MAX_ROTATION_GRACE_SECONDS
    ) {
      throw new AppError(
        'validation_failed',
        `graceSeconds: must be a whole number of seconds from 0 to ${MAX_ROTATION_GRACE_SECONDS} (30 days)`,
        422,
        { field: 'graceSeconds' }
      )
    }
    const result = await db.transaction(async (trx) => {
      const query = ApiToken.query({ client: trx })
        .withScopes((scopes) => scopes.usable(userId, 'api_key'))
        .where('id', tokenId)
      if (trx.dialect.name === 'mysql') query.forUpdate()
      const previous = await query.first()
      if (!previous) throw new AppError('not_found', 'API key not found.', 404)
      const created = await insertApiKey(trx, userId, previous.name, {
        label: previous.label,
        monthlyLimit: previous.monthlyLimit,
      })
      const now = DateTime.utc()
      if (graceSeconds === 0) {
        previous.revokedAt = now
      } else {
        // Timestamps are stored to the second: round up, so the key never stops early.
        const graceEnd = now.plus({ seconds: graceSeconds + 1 }).startOf('second')
        // A key already in a shorter grace period keeps its earlier end.
        if (!previous.expiresAt || previous.expiresAt > graceEnd) previous.expiresAt = graceEnd
      }
      await previous.useTransaction(trx).save()
      return { ...created, previous }
    })
    await emitter.emit('api_key:revoked', { userId, tokenHash: result.previous.tokenHash })
    return result
  }
}
