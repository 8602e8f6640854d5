import type { HttpContext } from '@adonisjs/core/http'
import type { NextFn } from '@adonisjs/core/types/http'
import BaseInertiaMiddleware from '@adonisjs/inertia/inertia_middleware'
import router from '@adonisjs/core/services/router'
import { loadSessionUser } from '#web/actions/load_session_user'
import { loginErrorFor } from '#accounts/login_errors'
import { publishedRegistry } from '#automation/registry/published_actions'
import {
  productFeatureAvailability,
  type ProductFeatureAvailability,
} from '#automation/product_features'

let availability: ProductFeatureAvailability | null = null

/**
 * Which product features exist in this server (`PRODUCT_FEATURES`), computed once per process:
 * the published actions and the routes are fixed once the app has booted.
 */
function productFeatures(): ProductFeatureAvailability {
  availability ??= productFeatureAvailability(
    publishedRegistry(),
    (method, pattern) => router.find(pattern, undefined, method, false) !== null
  )
  return availability
}

/**
 * Shares the signed-in user (with role, plan, `entitled` and plan `features`), `loginError`
 * (`{code, message}` of a refused sign-in, once) and
 * `productFeatures` (which promised features exist, see app/automation/product_features.ts)
 * with every page;
 * React reads the shape as `Data.SharedProps` (generated from this class by `node ace codegen`).
 * A page can render before the session/auth middleware ran (404s), so every context property
 * is optional here.
 */
export default class InertiaMiddleware extends BaseInertiaMiddleware {
  async share(ctx: HttpContext) {
    const { auth } = ctx as Partial<HttpContext>
    // Undefined, not null, for a visitor: the serializer refuses to serialize null.
    const user = auth?.user ? await loadSessionUser(auth.user) : undefined
    // Why the last sign-in was refused (suspended account, cancelled or failed Google
    // sign-in): flashed by SessionsController, or named by `?login_error=` when the flash was
    // spent on the way (the development sign-in follows the redirect with fetch).
    const { session, request } = ctx as Partial<HttpContext>
    const loginError =
      loginErrorFor(session?.flashMessages.get('loginError')?.code) ??
      loginErrorFor(request?.qs().login_error)
    return {
      user: ctx.inertia.always(user),
      loginError,
      productFeatures: ctx.inertia.always(productFeatures()),
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
