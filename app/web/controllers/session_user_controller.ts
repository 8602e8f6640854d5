import type { HttpContext } from '@adonisjs/core/http'
import type User from '#accounts/models/user'
import { loadSessionUser } from '#web/actions/load_session_user'

/** The signed-in user's own record for the screens. */
export default class SessionUserController {
  /** GET /api/auth/user → the session user (`SessionUserTransformer`'s shape) */
  async show({ auth, serialize }: HttpContext) {
    return serialize(await loadSessionUser(auth.user as User))
  }
}
