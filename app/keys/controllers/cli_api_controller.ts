import type { HttpContext } from '@adonisjs/core/http'
import { inject } from '@adonisjs/core'
import { CreateApiKey } from '#keys/actions/create_api_key'
import { ListApiKeys } from '#keys/actions/list_api_keys'
import { RevokeApiKeys } from '#keys/actions/revoke_api_keys'
import { RotateApiKey } from '#keys/actions/rotate_api_key'
import { ManageCliSessions } from '#keys/actions/manage_cli_sessions'
import ApiKeyTransformer from '#keys/transformers/api_key_transformer'
import type ApiToken from '#keys/models/api_token'
import { createKeyBody, keyIdParams, rotateKeyBody, updateKeyBody } from '#keys/http/cli_endpoints'
import { UpdateApiKey } from '#keys/actions/update_api_key'
import { ActionRegistry, parseInput } from '#registry/action_registry'
import { sanitizeName } from '#shared/user_text'
import { AppError } from '#shared/errors'

/**
 * Bearer endpoints of the adrelay CLI (app/keys/http/cli_endpoints.ts describes them). The
 * credential was verified by `meteredApi({ countRequest: false })`: none of these counts
 * against the quota. Key management needs a CLI token (`requireCliToken`).
 */
@inject()
export default class CliApiController {
  constructor(
    private createKey: CreateApiKey,
    private listKeys: ListApiKeys,
    private revokeKeys: RevokeApiKeys,
    private rotateKey: RotateApiKey,
    private cliSessions: ManageCliSessions,
    private registry: ActionRegistry,
    private updateKey: UpdateApiKey
  ) {}

  /** GET /api/v1/auth/session → {user, plan, credential} */
  async session({ apiKey }: HttpContext) {
    const key = apiKey!
    const [account, credential] = await Promise.all([
      this.registry.invoke(
        'get_account',
        { userId: key.userId, planId: key.planId, tokenId: key.tokenId },
        {}
      ) as Promise<{
        id: number
        email: string
        firstName: string | null
        lastName: string | null
        plan: { id: string; name: string }
      }>,
      this.cliSessions.credential(key.tokenId),
    ])
    if (!credential) throw new AppError('invalid_api_key', 'The credential has been revoked.', 401)
    return {
      user: {
        id: account.id,
        email: account.email,
        firstName: account.firstName,
        lastName: account.lastName,
      },
      plan: { id: account.plan.id, name: account.plan.name },
      credential,
    }
  }

  /** DELETE /api/v1/auth/session → 204: the CLI token sent is revoked */
  async signOut({ apiKey, response }: HttpContext) {
    await this.cliSessions.revoke(apiKey!.userId, apiKey!.tokenId)
    return response.status(204)
  }

  /** GET /api/v1/keys → [{id, name, token (masked), createdAt, lastUsedAt, expiresAt}] */
  async index({ apiKey, serialize }: HttpContext) {
    const keys = await this.listKeys.execute(apiKey!.userId)
    return serialize(ApiKeyTransformer.transform(keys))
  }

  /**
   * POST /api/v1/keys {name, label?, monthlyLimit?} → 201 {id, name, token (shown once),
   * createdAt, label, monthlyLimit}
   */
  async store({ apiKey, request, response }: HttpContext) {
    const { name, label, monthlyLimit } = parseInput(createKeyBody, request.body())
    const { record, key } = await this.createKey.execute(
      apiKey!.userId,
      sanitizeName(name, 'name'),
      { label: label ? sanitizeName(label, 'label') : label, monthlyLimit }
    )
    return response.status(201).send(createdKey(record, key))
  }

  /** PATCH /api/v1/keys/:id {label?, monthlyLimit?} → the key as listed */
  async update({ apiKey, params, request, serialize }: HttpContext) {
    const { id } = parseInput(keyIdParams, params)
    const { label, monthlyLimit } = parseInput(updateKeyBody, request.body())
    await this.updateKey.execute(apiKey!.userId, id, {
      label: label ? sanitizeName(label, 'label') : label,
      monthlyLimit,
    })
    const keys = await this.listKeys.execute(apiKey!.userId)
    return serialize(ApiKeyTransformer.transform(keys.find((key) => key.id === id)!))
  }

  /** DELETE /api/v1/keys/:id → 204; 404 unless it is one of the account's usable keys */
  async destroy({ apiKey, params, response }: HttpContext) {
    const { id } = parseInput(keyIdParams, params)
    await this.revokeKeys.one(apiKey!.userId, id)
    return response.status(204)
  }

  /**
   * POST /api/v1/keys/:id/rotate {graceSeconds} → 201 the new key (with the old key's label
   * and monthly limit, as created keys are answered) and the old one's end
   */
  async rotate({ apiKey, params, request, response }: HttpContext) {
    const { id } = parseInput(keyIdParams, params)
    const { graceSeconds } = parseInput(rotateKeyBody, request.body())
    const { record, key, previous } = await this.rotateKey.execute(apiKey!.userId, id, graceSeconds)
    return response.status(201).send({
      ...createdKey(record, key),
      previous: {
        id: previous.id,
        expiresAt: previous.expiresAt?.toUTC().toISO() ?? null,
        revokedAt: previous.revokedAt?.toUTC().toISO() ?? null,
      },
    })
  }
}

/**
 * A key just minted, as `createdApiKeySchema` describes it: `{id, name, token (the full key,
 * shown once), createdAt, label, monthlyLimit}`.
 */
function createdKey(record: ApiToken, key: string) {
  return {
    id: record.id,
    name: record.name,
    token: key,
    createdAt: record.createdAt.toUTC().toISO(),
    label: record.label,
    monthlyLimit: record.monthlyLimit,
  }
}
