import type { HttpContext } from '@adonisjs/core/http'
import type { ActionHttpMethod } from '#automation/registry/action_registry'
import { AppError } from '#shared/errors'

/**
 * A route handler that runs published action `name` through the REST adapter. Module route
 * files use it to keep older URLs working (`GET /api/v1/usage` → `get_usage`); the
 * controller is imported on first use.
 */
export function restAction(name: string) {
  return async (ctx: HttpContext) => {
    const RestActionsController = await loadController()
    const controller = await ctx.containerResolver.make(RestActionsController)
    return controller.invoke(ctx, name)
  }
}

let controllerModule: Promise<
  typeof import('#automation/controllers/rest_actions_controller')
> | null = null

/**
 * Imports the controller once. A dynamic `import()` per request is not free: under loader
 * hooks (ts-exec in development) every call goes through module resolution again.
 */
async function loadController() {
  controllerModule ??= import('#automation/controllers/rest_actions_controller')
  const loaded = await controllerModule
  return loaded.default
}

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
