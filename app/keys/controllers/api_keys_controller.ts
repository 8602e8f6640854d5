import type { HttpContext } from '@adonisjs/core/http'
import { inject } from '@adonisjs/core'
import ApiToken from '#keys/models/api_token'
import { CreateApiKey } from '#keys/actions/create_api_key'
import { RevokeApiKeys } from '#keys/actions/revoke_api_keys'
import { apiKeyIdValidator, createApiKeyValidator } from '#keys/validators/api_key'
import { toListedApiKey } from '#keys/transformers'
import { UserSessions } from '#accounts/services/user_sessions'

/** Session endpoints for a user's API keys (spec §7). */
@inject()
export default class ApiKeysController {
  constructor(
    private createKey: CreateApiKey,
    private revokeKeys: RevokeApiKeys,
    private userSessions: UserSessions
  ) {}

  /** GET /api/tokens → [{id, name, token (masked), createdAt, lastUsedAt}] newest first */
  async index({ auth }: HttpContext) {
    const tokens = await ApiToken.query()
      .where('user_id', auth.user!.id)
      .whereNull('revoked_at')
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
    return tokens.map(toListedApiKey)
  }

  /** POST /api/tokens {name} → 201 {id, name, token (the full key, shown once), createdAt} */
  async store({ auth, request, response }: HttpContext) {
    const { name } = await request.validateUsing(createApiKeyValidator)
    const { record, key } = await this.createKey.execute(auth.user!.id, name ?? 'API Key')
    return response.status(201).send({
      id: record.id,
      name: record.name,
      token: key,
      createdAt: record.createdAt.toISO(),
    })
  }

  /** DELETE /api/tokens/:id → 204; 404 unless the key is the caller's */
  async destroy({ auth, request, response }: HttpContext) {
    const { params } = await request.validateUsing(apiKeyIdValidator)
    await this.revokeKeys.one(auth.user!.id, params.id)
    return response.status(204)
  }

  /** DELETE /api/tokens → {revoked: n}; also ends the user's other browser sessions */
  async destroyAll({ auth, session }: HttpContext) {
    const revoked = await this.revokeKeys.all(auth.user!.id)
    const sessionsEnded = await this.userSessions.endAll(auth.user!.id, session.sessionId)
    return { revoked, sessionsEnded }
  }
}
