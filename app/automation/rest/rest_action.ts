import type { HttpContext } from '@adonisjs/core/http'
import app from '@adonisjs/core/services/app'
import type { ActionHttpMethod } from '#registry/action_registry'
import { AppError } from '#shared/errors'
import { resolveOnce } from '#shared/resolve_once'

/**
 * The route handler that runs published action `name` through the REST adapter, at its
 * `/api/v1/<module>/<name>` path and at its declared `restAliases` (app/automation/routes.ts).
 */
export function restAction(name: string) {
  return async (ctx: HttpContext) => {
    const got = sharedController()
    const controller = got instanceof Promise ? await got : got
    return controller.invoke(ctx, name)
  }
}

/**
 * The REST adapter, imported and made once per process (a container singleton, see
 * providers/app_provider.ts). Neither a dynamic `import()` nor a container lookup per
 * request is free on the metered hot path.
 */
const sharedController = resolveOnce(async () => {
  const { default: RestActionsController } =
    await import('#automation/controllers/rest_actions_controller')
  return app.container.make(RestActionsController)
})

/** Handler for the other verb on an action path: 405 naming the one that works. */
export function wrongMethod(allowed: ActionHttpMethod) {
  return async (_ctx: HttpContext) => {
    throw new AppError(
      'method_not_allowed',
      `Use ${allowed} for this endpoint (${allowed === 'GET' ? 'read-only actions take query parameters' : 'actions that change data take a JSON body'}).`,
      405,
      {},
      { Allow: allowed }
    )
  }
}
