import type { HttpContext } from '@adonisjs/core/http'
import { inject } from '@adonisjs/core'
import { AppError } from '#shared/errors'
import { ActionRegistry } from '#registry/action_registry'
import { coerceQuery } from '#registry/json_schema'

/**
 * REST adapter over the action registry: `GET /api/v1/<module>/<action>` (read-only actions,
 * input from the query string coerced per the input schema) and `POST` (writes, JSON body).
 * The `meteredApi` middleware has authenticated the key and counted the request; errors
 * render as `{error:{code,message,...}}` through the exception handler.
 */
@inject()
export default class RestActionsController {
  constructor(private registry: ActionRegistry) {}

  /** Runs action `name` for the key owner and returns its output as the JSON body. */
  async invoke(ctx: HttpContext, name: string) {
    const action = this.registry.find(name)
    if (!action) throw new AppError('route_not_found', 'No such endpoint.', 404)
    const key = ctx.apiKey!
    const input =
      action.method === 'GET'
        ? coerceQuery(ctx.request.qs(), action.inputJsonSchema)
        : ctx.request.body()
    return this.registry.invoke(
      name,
      { userId: key.userId, planId: key.planId, tokenId: key.tokenId, quota: ctx.quota },
      input
    )
  }
}
