import type User from '#accounts/models/user'
import { entitlementOf } from '#accounts/actions/resolve_entitlement'
import SessionUserTransformer from '#accounts/transformers/session_user_transformer'
import { SummarizeApiKeys } from '#keys/actions/summarize_api_keys'

/**
 * The signed-in user as the screens receive it (`GET /api/auth/user` and the Inertia shared
 * prop `user`): the accounts module's shape (`SessionUserTransformer`: plan, `entitled`,
 * `features`) with the keys module's usable API key count. The web module composes the two so
 * accounts never imports keys (keys depends on accounts, not the reverse).
 */
export async function loadSessionUser(user: User) {
  const [entitlement, apiTokensCount] = await Promise.all([
    entitlementOf(user.id),
    new SummarizeApiKeys().usableApiKeyCount(user.id),
  ])
  return SessionUserTransformer.transform(user, entitlement, apiTokensCount)
}
