import ApiToken from '#keys/models/api_token'

/**
 * A user's usable API keys (not revoked, not past a rotation grace period), newest first.
 * CLI tokens are not API keys and are listed by `ListCliSessions`.
 */
export class ListApiKeys {
  async execute(userId: number): Promise<ApiToken[]> {
    return ApiToken.query()
      .withScopes((scopes) => scopes.usable(userId, 'api_key'))
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
  }
}
