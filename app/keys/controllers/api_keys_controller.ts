import type { HttpContext } from '@adonisjs/core/http'
import { inject } from '@adonisjs/core'
import { CreateApiKey } from '#keys/actions/create_api_key'
import { ListApiKeys } from '#keys/actions/list_api_keys'
import { RevokeApiKeys } from '#keys/actions/revoke_api_keys'
import {
  apiKeyIdValidator,
  createApiKeyValidator,
  updateApiKeyValidator,
} from '#keys/validators/api_key'
import { UpdateApiKey } from '#keys/actions/update_api_key'
import ApiKeyTransformer from '#keys/transformers/api_key_transformer'
import { EndUserSessions } from '#accounts/actions/end_user_sessions'

/** Session endpoints for a user's API keys (spec §7). */
@inject()
export default class ApiKeysController {
  constructor(
    private createKey: CreateApiKey,
    private listKeys: ListApiKeys,
    private revokeKeys: RevokeApiKeys,
    private endSessions: EndUserSessions,
    private updateKey: UpdateApiKey
  ) {}

  /** GET /api/tokens → [{id, name, token (masked), createdAt, lastUsedAt}] newest first */
  async index({ auth, serialize }: HttpContext) {
    const keys = await this.listKeys.execute(auth.user!.id)
    return serialize(ApiKeyTransformer.transform(keys))
  }

  /**
   * POST /api/tokens {name, label?, monthlyLimit?} → 201 {id, name, token (the full key,
   * shown once), createdAt, label, monthlyLimit}
   */
  async store({ auth, request, response, serialize }: HttpContext) {
    const { name, label, monthlyLimit } = await request.validateUsing(createApiKeyValidator)
    const { record, key } = await this.createKey.execute(auth.user!.id, name ?? 'API Key', {
      label,
      monthlyLimit,
    })
    response.status(201)
    return serialize(ApiKeyTransformer.transform(record, key).useVariant('forCreation'))
  }

  /** PATCH /api/tokens/:id {label?, monthlyLimit?} → the key as listed; 404 unless the caller's */
  async update({ auth, request, serialize }: HttpContext) {
    const { params, label, monthlyLimit } = await request.validateUsing(updateApiKeyValidator)
    await this.updateKey.execute(auth.user!.id, params.id, { label, monthlyLimit })
    const keys = await this.listKeys.execute(auth.user!.id)
    return serialize(ApiKeyTransformer.transform(keys.find((key) => key.id === params.id)!))
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
    const sessionsEnded = await this.endSessions.execute(auth.user!.id, session.sessionId)
    return { revoked, sessionsEnded }
  }
}
