import { BaseTransformer } from '@adonisjs/core/transformers'
import type ApiToken from '#keys/models/api_token'

/**
 * An API key as the session endpoints answer it (React: `Data.Keys.ApiKey`):
 * `{id, name, token, createdAt, lastUsedAt, expiresAt, label, monthlyLimit, usage}` where
 * `token` is the masked display form, never the key, `expiresAt` the end of a rotated key's
 * grace period (else null), and `usage` this month's count for the key (issue 17). The `forCreation` variant (`POST /api/tokens`) is `{id, name, token, createdAt}`
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
      label: token.label,
      monthlyLimit: token.monthlyLimit,
      // Set by ListApiKeys (this month's count of the key); 0 when not loaded.
      usage: Number(token.$extras.usage ?? 0),
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
      label: token.label,
      monthlyLimit: token.monthlyLimit,
    }
  }
}
