import type ApiToken from '#keys/models/api_token'

/** A key as listed: `token` is the masked display form, never the key. */
export function toListedApiKey(token: ApiToken) {
  return {
    id: token.id,
    name: token.name,
    token: token.maskedToken,
    createdAt: token.createdAt.toISO(),
    lastUsedAt: token.lastUsedAt?.toISO() ?? null,
  }
}
