import type { HttpContext } from '@adonisjs/core/http'
import type { NextFn } from '@adonisjs/core/types/http'
import BaseInertiaMiddleware from '@adonisjs/inertia/inertia_middleware'
import { loadSessionUser } from '#web/actions/load_session_user'

/**
 * Shares the signed-in user (with role, plan, `entitled` and plan `features`) with every page;
 * React reads the shape as `Data.SharedProps` (generated from this class by `node ace codegen`).
 * A page can render before the session/auth middleware ran (404s), so every context property
 * is optional here.
 */
export default class InertiaMiddleware extends BaseInertiaMiddleware {
  async share(ctx: HttpContext) {
    const { auth } = ctx as Partial<HttpContext>
    // Undefined, not null, for a visitor: the serializer refuses to serialize null.
    const user = auth?.user ? await loadSessionUser(auth.user) : undefined
    return {
      user: ctx.inertia.always(user),
    }
  }

  async handle(ctx: HttpContext, next: NextFn) {
    await this.init(ctx)
    const output = await next()
    this.dispose(ctx)
    return output
  }
}

declare module '@adonisjs/inertia/types' {
  type MiddlewareSharedProps = InferSharedProps<InertiaMiddleware>
  export interface SharedProps extends MiddlewareSharedProps {}
}
