import type { HttpContext } from '@adonisjs/core/http'
import { inject } from '@adonisjs/core'
import { ManageCliSessions } from '#keys/actions/manage_cli_sessions'
import { apiKeyIdValidator } from '#keys/validators/api_key'

/** Session endpoints of the profile page's "CLI sessions" card. */
@inject()
export default class CliSessionsController {
  constructor(private cliSessions: ManageCliSessions) {}

  /** GET /api/cli-sessions → [{id, deviceName, createdAt, lastUsedAt, expiresAt}] */
  async index({ auth }: HttpContext) {
    return this.cliSessions.list(auth.user!.id)
  }

  /** DELETE /api/cli-sessions/:id → 204 */
  async destroy({ auth, request, response }: HttpContext) {
    const { params } = await request.validateUsing(apiKeyIdValidator)
    await this.cliSessions.revoke(auth.user!.id, params.id)
    return response.status(204)
  }
}
