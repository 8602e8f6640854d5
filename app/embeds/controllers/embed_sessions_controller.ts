import type { HttpContext } from '@adonisjs/core/http'
import { inject } from '@adonisjs/core'
import { CreateEmbedSession } from '#embeds/actions/create_embed_session'
import { ManageEmbedSessions } from '#embeds/actions/manage_embed_sessions'
import { createEmbedSessionBody, embedSessionIdParams } from '#embeds/http/embed_endpoints'
import { parseInput } from '#registry/action_registry'
import { AppError } from '#shared/errors'

/**
 * `/api/v1/embed/sessions` (app/embeds/http/embed_endpoints.ts describes them): server to
 * server with the account's API key, verified but not counted by `meteredApi`.
 */
@inject()
export default class EmbedSessionsController {
  constructor(
    private createSession: CreateEmbedSession,
    private sessions: ManageEmbedSessions
  ) {}

  /** POST → 201 {id, clientSecret, expiresAt} */
  async store({ apiKey, request, response }: HttpContext) {
    // A browser always sends Origin on a cross-origin POST (Fetch standard): the API key
    // would be in the page. Servers do not send it.
    if (request.header('origin')) {
      throw new AppError(
        'embed_session_from_browser',
        'Mint embed sessions on your server: never send your API key from a browser.',
        403
      )
    }
    const input = parseInput(createEmbedSessionBody, request.body())
    const key = apiKey!
    const created = await this.createSession.execute(
      { userId: key.userId, planId: key.planId, tokenId: key.tokenId },
      input
    )
    return response.status(201).send(created)
  }

  /** GET → the latest 100 sessions */
  async index({ apiKey }: HttpContext) {
    return this.sessions.list(apiKey!.userId)
  }

  /** DELETE /:id → the revoked session; 404 unless it is the account's */
  async destroy({ apiKey, params }: HttpContext) {
    const { id } = parseInput(embedSessionIdParams, params)
    return this.sessions.revoke(apiKey!.userId, id)
  }
}
