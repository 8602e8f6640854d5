import db from '@adonisjs/lucid/services/db'
import ApiToken from '#keys/models/api_token'
import { AppError } from '#shared/errors'
import { displayPrefixOf, generateApiKey, hashApiKey } from '#keys/services/api_key_format'

/** Most active (unrevoked) keys one user may hold. */
export const MAX_ACTIVE_API_KEYS = 25

/**
 * Mints an API key for a user. The full key is in the result once and never again; only
 * its SHA-256 and a display prefix are stored.
 * @throws AppError 422 `api_key_limit_reached` past 25 active keys
 */
export class CreateApiKey {
  async execute(userId: number, name: string): Promise<{ record: ApiToken; key: string }> {
    return db.transaction(async (trx) => {
      if (trx.dialect.name === 'mysql') {
        // Serialises concurrent creations for the same user so the limit holds.
        await trx.from('users').where('id', userId).forUpdate().select('id')
      }
      const active = await trx
        .from('api_tokens')
        .where('user_id', userId)
        .whereNull('revoked_at')
        .count('* as total')
        .first()
      if (Number(active?.total ?? 0) >= MAX_ACTIVE_API_KEYS) {
        throw new AppError(
          'api_key_limit_reached',
          `You can have at most ${MAX_ACTIVE_API_KEYS} active API keys. Revoke one first.`,
          422,
          { limit: MAX_ACTIVE_API_KEYS }
        )
      }
      const key = generateApiKey()
      const record = await ApiToken.create(
        { userId, name, tokenHash: hashApiKey(key), displayPrefix: displayPrefixOf(key) },
        { client: trx }
      )
      return { record, key }
    })
  }
}
