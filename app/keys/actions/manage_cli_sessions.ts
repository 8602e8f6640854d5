import { inject } from '@adonisjs/core'
import ApiToken from '#keys/models/api_token'
import { RevokeApiKeys } from '#keys/actions/revoke_api_keys'
import type { CliSession } from '#keys/types'

/**
 * The CLI sessions (CLI tokens from device sign-in) of a user: list them, revoke one (from
 * the profile page, or `adrelay logout` revoking its own token).
 */
@inject()
export class ManageCliSessions {
  constructor(private revokeKeys: RevokeApiKeys) {}

  /** Usable CLI tokens, newest first. */
  async list(userId: number): Promise<CliSession[]> {
    const tokens = await ApiToken.query()
      .withScopes((scopes) => scopes.usable(userId, 'cli_token'))
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
    return tokens.map((token) => ({
      id: token.id,
      deviceName: token.name,
      createdAt: token.createdAt.toUTC().toISO()!,
      lastUsedAt: token.lastUsedAt?.toUTC().toISO() ?? null,
      expiresAt: token.expiresAt?.toUTC().toISO() ?? null,
    }))
  }

  /**
   * Revokes one of the user's CLI tokens: 401 at once on this instance, within the key
   * cache's TTL on the others.
   * @throws AppError 404 `not_found` unless it is the user's and still usable
   */
  async revoke(userId: number, tokenId: number): Promise<void> {
    await this.revokeKeys.one(userId, tokenId, 'cli_token')
  }

  /** The credential behind a verified bearer token (for `auth status`), or null. */
  async credential(tokenId: number) {
    const token = await ApiToken.find(tokenId)
    if (!token) return null
    return {
      id: token.id,
      kind: token.kind,
      name: token.name,
      createdAt: token.createdAt.toUTC().toISO()!,
      lastUsedAt: token.lastUsedAt?.toUTC().toISO() ?? null,
      expiresAt: token.expiresAt?.toUTC().toISO() ?? null,
    }
  }
}
