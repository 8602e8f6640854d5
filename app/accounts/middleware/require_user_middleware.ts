import type { HttpContext } from '@adonisjs/core/http'
import type { NextFn } from '@adonisjs/core/types/http'

/** Session-only endpoints: 401 `{"message":"Unauthorized"}` when signed out (spec §8). */
export default class RequireUserMiddleware {
  async handle(ctx: HttpContext, next: NextFn) {
    if (!ctx.auth.isAuthenticated || !ctx.auth.user) {
      return ctx.response.status(401).send({ message: 'Unauthorized' })
    }
    return next()
  }
}
