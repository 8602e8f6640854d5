import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import ApiToken from '#keys/models/api_token'
import { AppError } from '#shared/errors'
import { withUserRowLocked } from '#shared/db_errors'
import { displayPrefixOf, generateApiKey, hashApiKey } from '#keys/services/api_key_format'
import { entitlementOf } from '#accounts/actions/resolve_entitlement'

/** What a client key carries besides its name (issue 17). */
export interface ClientKeyOptions {
  /** The client the key is for (1-100 characters), or null */
  label?: string | null
  /** The key's own monthly request limit (1 to the plan's quota), or null for none */
  monthlyLimit?: number | null
}

/**
 * Checks a key's own monthly limit against the account's plan quota: a key limit above the
 * quota could never be reached and would mislead the client portal.
 * @throws AppError 422 `key_limit_above_quota`
 */
export async function assertKeyLimitFits(userId: number, monthlyLimit: number | null | undefined) {
  if (monthlyLimit === null || monthlyLimit === undefined) return
  const { requestLimit, plan } = await entitlementOf(userId)
  if (monthlyLimit > requestLimit) {
    throw new AppError(
      'key_limit_above_quota',
      `A key's monthly limit must be at most your ${plan.name} plan's quota of ${requestLimit} requests.`,
      422,
      { field: 'monthlyLimit', quota: requestLimit }
    )
  }
}

/** Most active (unrevoked, unexpired) keys one user may hold. */
export const MAX_ACTIVE_API_KEYS = 25

/**
 * Mints an API key for a user. The full key is in the result once and never again; only
 * its SHA-256 and a display prefix are stored. Used by the profile page (session) and the
 * CLI (`POST /api/v1/keys`).
 * A client key (issue 17) also takes a label and a monthly limit of its own.
 * @throws AppError 422 `api_key_limit_reached` past 25 active keys, 422
 * `key_limit_above_quota` when `options.monthlyLimit` exceeds the plan's quota
 */
export class CreateApiKey {
  async execute(
    userId: number,
    name: string,
    options: ClientKeyOptions = {}
  ): Promise<{ record: ApiToken; key: string }> {
    await assertKeyLimitFits(userId, options.monthlyLimit)
    // Concurrent creations for the same user run one after the other, so the limit holds.
    return withUserRowLocked(userId, async (trx) => {
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
      return insertApiKey(trx, userId, name, options)
    })
  }
}

/** Mints and stores one API key inside `trx` (no limit check); the key is returned once. */
export async function insertApiKey(
  trx: TransactionClientContract,
  userId: number,
  name: string,
  options: ClientKeyOptions = {}
): Promise<{ record: ApiToken; key: string }> {
  const key = generateApiKey()
  const record = await ApiToken.create(
    {
      userId,
      kind: 'api_key',
      name,
      tokenHash: hashApiKey(key),
      displayPrefix: displayPrefixOf(key),
      label: options.label ?? null,
      monthlyLimit: options.monthlyLimit ?? null,
    },
    { client: trx }
  )
  return { record, key }
}
