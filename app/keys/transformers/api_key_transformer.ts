import { BaseTransformer } from '@adonisjs/core/transformers'
import type ApiToken from '#keys/models/api_token'

/**
 * An API key as the session endpoints answer it (React: `Data.Keys.ApiKey`):
 * `{id, name, token, createdAt, lastUsedAt, expiresAt}` where `token` is the masked display
 * form, never the key, and `expiresAt` the end of a rotated key's grace period (else null). The `forCreation` variant (`POST /api/tokens`) is `{id, name, token, createdAt}`
 * with the full key, shown once: pass it as the second argument of `transform`.
 */
export default class ApiKeyTransformer extends BaseTransformer<ApiToken> {
  constructor(
    token: ApiToken,
    protected key?: string
  ) {
    super(token)
  }

  toObject() {
    const token = this.resource
    return {
      ...this.pick(token, ['id', 'name']),
      token: token.maskedToken,
      createdAt: token.createdAt.toISO(),
      lastUsedAt: token.lastUsedAt?.toISO() ?? null,
      expiresAt: token.expiresAt?.toISO() ?? null,
    }
  }

  /** The answer to a key's creation: the full key instead of the masked form. */
  forCreation() {
    const token = this.resource
    if (this.key === undefined) throw new Error('ApiKeyTransformer.forCreation needs the new key')
    return {
      ...this.pick(token, ['id', 'name']),
      token: this.key,
      createdAt: token.createdAt.toISO(),
    }
  }
}
