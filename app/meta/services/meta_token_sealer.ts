import { createDecipheriv, createHash } from 'node:crypto'
import type { Encryption } from '@adonisjs/core/encryption'
import type { QueryClientContract } from '@adonisjs/lucid/types/database'
import type { TokenKey } from '#config/meta'

/** What `open` found: the token, and whether its stored form should be re-sealed. */
export interface OpenedToken {
  token: string
  /** True for a value in the pre-0250 format (see `openLegacy`): re-seal it. */
  legacy: boolean
}

/**
 * Seals Meta access tokens at rest with AdonisJS encryption (the `meta_tokens` encrypter of
 * config/encryption.ts: AES-256-GCM, the first key seals, every listed key opens) and a
 * per-user purpose (`meta_connection:user:<id>`, bound as GCM additional data), so a sealed
 * token copied onto another user's row does not open.
 *
 * Stored form: `meta_tokens.<ciphertext>.<iv>.<tag>` (the framework's). Values written before
 * migration 0250 (`<iv>.<tag>.<ciphertext>`, hand-rolled AES-256-GCM with a SHA-256 of the
 * secret as key, same purpose as additional data) still open with any configured key until
 * that migration re-seals them.
 */
export class MetaTokenSealer {
  /**
   * @param encryption the `meta_tokens` encrypter (`encryption.use('meta_tokens')`)
   * @param keys the same secrets, for values in the pre-0250 format
   */
  constructor(
    private encryption: Encryption,
    keys: readonly TokenKey[]
  ) {
    this.#legacyKeys = keys.map((key) => createHash('sha256').update(key.secret).digest())
  }

  #legacyKeys: Buffer[]

  /** Seals `token` for `userId` with the current key. */
  seal(token: string, userId: number): string {
    return this.encryption.encrypt(token, { purpose: purposeOf(userId) })
  }

  /**
   * Opens a stored token of `userId`.
   * @throws Error when no configured key opens it for this user (wrong user, retired key,
   *   corrupted value); the message never contains the value
   */
  open(stored: string, userId: number): OpenedToken {
    if (isLegacy(stored)) {
      const token = this.#openLegacy(stored, userId)
      if (token !== null) return { token, legacy: true }
    } else {
      const token = this.encryption.decrypt<string>(stored, purposeOf(userId))
      if (typeof token === 'string') return { token, legacy: false }
    }
    throw new Error(`The Meta access token of user ${userId} does not open with any configured key`)
  }

  #openLegacy(stored: string, userId: number): string | null {
    const [iv, tag, ciphertext] = stored.split('.').map((part) => Buffer.from(part, 'base64url'))
    for (const key of this.#legacyKeys) {
      try {
        const decipher = createDecipheriv('aes-256-gcm', key, iv)
        decipher.setAAD(Buffer.from(purposeOf(userId)))
        decipher.setAuthTag(tag)
        return Buffer.concat([decipher.update(ciphertext), decipher.final()]).toString('utf8')
      } catch {
        // Not this key: try the next one.
      }
    }
    return null
  }
}

/** The purpose a user's token is sealed for (GCM additional data). */
function purposeOf(userId: number) {
  return `meta_connection:user:${userId}`
}

/** Pre-0250 values have three dot-separated parts; the framework's have four. */
function isLegacy(stored: string) {
  return stored.split('.').length === 3
}

/**
 * Re-seals every stored token still in the pre-0250 format with the framework encryption
 * (migration 0250 runs it). Rows are read and written in batches of 500 by id; a row no key
 * opens is left as it is and counted in `unopenable` (its owner reconnects Meta).
 * Returns `{resealed, unopenable}`.
 */
export async function resealLegacyMetaTokens(
  client: QueryClientContract,
  sealer: MetaTokenSealer
): Promise<{ resealed: number; unopenable: number }> {
  let resealed = 0
  let unopenable = 0
  let lastId = 0
  for (;;) {
    const rows: Array<{ id: number; user_id: number; access_token_encrypted: string }> =
      await client
        .from('meta_connections')
        .where('id', '>', lastId)
        .orderBy('id')
        .limit(500)
        .select('id', 'user_id', 'access_token_encrypted')
    if (rows.length === 0) break
    lastId = Number(rows[rows.length - 1].id)
    for (const row of rows) {
      if (!isLegacy(row.access_token_encrypted)) continue
      const userId = Number(row.user_id)
      let token: string
      try {
        token = sealer.open(row.access_token_encrypted, userId).token
      } catch {
        unopenable++
        continue
      }
      await client
        .from('meta_connections')
        .where('id', row.id)
        .update({ access_token_encrypted: sealer.seal(token, userId) })
      resealed++
    }
  }
  return { resealed, unopenable }
}
