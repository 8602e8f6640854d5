import { inject } from '@adonisjs/core'
import ApiToken from '#keys/models/api_token'
import { ApiKeyVerifier } from '#keys/services/api_key_verifier'
import { AppError } from '#shared/errors'
import { assertKeyLimitFits, type ClientKeyOptions } from '#keys/actions/create_api_key'

/**
 * Changes a usable API key's label and/or monthly limit (issue 17 client keys); `null`
 * clears one, an omitted field is left as it is. The new limit applies to the key's next
 * request on this instance (its cached check is dropped) and within the verifier's cache
 * bound (10 s) on the others. Lowering a limit below this month's usage refuses further
 * calls until the month ends; nothing already counted is undone.
 */
@inject()
export class UpdateApiKey {
  constructor(private verifier: ApiKeyVerifier) {}

  /**
   * @throws AppError 404 `not_found` unless it is one of the user's usable API keys, 422
   * `key_limit_above_quota` when the limit exceeds the plan's quota
   */
  async execute(userId: number, tokenId: number, changes: ClientKeyOptions): Promise<ApiToken> {
    const token = await ApiToken.query()
      .withScopes((scopes) => scopes.usable(userId, 'api_key'))
      .where('id', tokenId)
      .first()
    if (!token) throw new AppError('not_found', 'API key not found.', 404)
    await assertKeyLimitFits(userId, changes.monthlyLimit)
    if (changes.label !== undefined) token.label = changes.label
    if (changes.monthlyLimit !== undefined) token.monthlyLimit = changes.monthlyLimit
    await token.save()
    this.verifier.forgetDigest(token.tokenHash)
    return token
  }
}
