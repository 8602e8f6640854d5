import type { HttpContext } from '@adonisjs/core/http'
import type { NextFn } from '@adonisjs/core/types/http'

/**
 * Resolves the session user when there is one. A suspended user's session is ended here,
 * so suspension takes effect on the next request in every browser.
 */
export default class SilentAuthMiddleware {
  async handle(ctx: HttpContext, next: NextFn) {
    await ctx.auth.check()
    const user = ctx.auth.user
    if (user && user.suspendedAt) {
      await ctx.auth.use('web').logout()
      ctx.session.regenerate()
    }
    return next()
  }
}
