import db from '@adonisjs/lucid/services/db'
import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import ApiToken from '#keys/models/api_token'
import { AppError } from '#shared/errors'
import { displayPrefixOf, generateApiKey, hashApiKey } from '#keys/services/api_key_format'

/** Most active (unrevoked, unexpired) keys one user may hold. */
export const MAX_ACTIVE_API_KEYS = 25

/**
 * Mints an API key for a user. The full key is in the result once and never again; only
 * its SHA-256 and a display prefix are stored. Used by the profile page (session) and the
 * CLI (`POST /api/v1/keys`).
 * @throws AppError 422 `api_key_limit_reached` past 25 active keys
 */
export class CreateApiKey {
  async execute(userId: number, name: string): Promise<{ record: ApiToken; key: string }> {
    return db.transaction(async (trx) => {
      if (trx.dialect.name === 'mysql') {
        // Serialises concurrent creations for the same user so the limit holds.
        await trx.from('users').where('id', userId).forUpdate().select('id')
      }
      const active = await ApiToken.query({ client: trx })
        .withScopes((scopes) => scopes.usable(userId, 'api_key'))
        .count('* as total')
        .first()
      if (Number(active?.$extras.total ?? 0) >= MAX_ACTIVE_API_KEYS) {
        throw new AppError(
          'api_key_limit_reached',
          `You can have at most ${MAX_ACTIVE_API_KEYS} active API keys. Revoke one first.`,
          422,
          { limit: MAX_ACTIVE_API_KEYS }
        )
      }
      return insertApiKey(trx, userId, name)
    })
  }
}

/** Mints and stores one API key inside `trx` (no limit check); the key is returned once. */
export async function insertApiKey(
  trx: TransactionClientContract,
  userId: number,
  name: string
): Promise<{ record: ApiToken; key: string }> {
  const key = generateApiKey()
  const record = await ApiToken.create(
    {
      userId,
      kind: 'api_key',
      name,
      tokenHash: hashApiKey(key),
      displayPrefix: displayPrefixOf(key),
    },
    { client: trx }
  )
  return { record, key }
}
