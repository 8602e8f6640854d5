import type { HttpContext } from '@adonisjs/core/http'
import type { NextFn } from '@adonisjs/core/types/http'

/** Admin endpoints: 401 when signed out, 403 `admin_required` for non-admins. */
export default class RequireAdminMiddleware {
  async handle(ctx: HttpContext, next: NextFn) {
    if (!ctx.auth.user) return ctx.response.status(401).send({ message: 'Unauthorized' })
    if (ctx.auth.user.role !== 'admin') {
      return ctx.response
        .status(403)
        .send({ error: { code: 'admin_required', message: 'Admin access required.' } })
    }
    return next()
  }
}
