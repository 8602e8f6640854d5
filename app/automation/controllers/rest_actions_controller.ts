import type { HttpContext } from '@adonisjs/core/http'
import { inject } from '@adonisjs/core'
import { AppError } from '#shared/errors'
import { ActionRegistry } from '#registry/action_registry'
import { coerceQuery } from '#registry/json_schema'
import { restSurface } from '#registry/call_surface'

/**
 * REST adapter over the action registry: `GET /api/v1/<module>/<action>` (read-only actions,
 * input from the query string coerced per the input schema) and `POST` (writes, JSON body).
 * The `meteredApi` middleware has authenticated the key and counted the request; errors
 * render as `{error:{code,message,...}}` through the exception handler. A request from the
 * adrelay CLI (its User-Agent) is worded for the CLI (`--yes`, `--force`), any other for REST.
 */
@inject()
export default class RestActionsController {
  constructor(private registry: ActionRegistry) {}

  /**
   * Runs action `name` for the key owner and sends its output as the JSON body
   * (`application/json; charset=utf-8`, as the framework would). The output is plain data
   * validated against the action's output schema, so `JSON.stringify` serialises it exactly;
   * the framework's safe serialiser (cycles, BigInt) cost the metered route about 5 % of its
   * throughput (bench:gateway A/B, ADR 0018 amendment).
   */
  async invoke(ctx: HttpContext, name: string): Promise<void> {
    const action = this.registry.find(name)
    if (!action) throw new AppError('route_not_found', 'No such endpoint.', 404)
    const key = ctx.apiKey!
    const input =
      action.method === 'GET'
        ? coerceQuery(ctx.request.qs(), action.inputJsonSchema)
        : ctx.request.body()
    const output = await this.registry.invoke(
      name,
      {
        userId: key.userId,
        planId: key.planId,
        tokenId: key.tokenId,
        quota: ctx.quota,
        surface: restSurface(ctx.request.header('user-agent')),
      },
      input
    )
    // An action without output answers an empty body, as a route returning nothing does.
    if (output === undefined) return
    ctx.response.header('Content-Type', 'application/json; charset=utf-8')
    ctx.response.send(JSON.stringify(output))
  }
}
