import type { HttpContext } from '@adonisjs/core/http'
import { inject } from '@adonisjs/core'
import { AppError } from '#shared/errors'
import { entitlementOf } from '#accounts/actions/resolve_entitlement'
import type { PlanId } from '#accounts/plan_catalog'
import { ActionRegistry } from '#registry/action_registry'
import { coerceQuery } from '#registry/json_schema'

/**
 * Session adapter over the action registry for the web screens (the Campaigns page, later the
 * Rules page): `POST /api/actions/:name` with a JSON body runs any published action, `GET
 * /api/actions/:name` with query parameters runs a read-only one. The caller is the signed-in
 * user with their current plan and `tokenId: null`; the call is not metered (like every
 * session endpoint), while the plan gate, input validation and ownership checks are exactly
 * those of REST and MCP, because the same `ActionRegistry.invoke` runs.
 */
@inject()
export default class SessionActionsController {
  constructor(private registry: ActionRegistry) {}

  /** POST /api/actions/:name → the action's output (errors as `{error:{code,message}}`). */
  async invoke(ctx: HttpContext) {
    return this.#run(ctx, ctx.request.body())
  }

  /** GET /api/actions/:name → a read-only action's output; 405 for actions that write. */
  async read(ctx: HttpContext) {
    const action = this.#find(ctx.params.name)
    if (action.method !== 'GET') {
      throw new AppError(
        'method_not_allowed',
        'This action changes data: call it with POST and a JSON body.',
        405,
        {},
        { Allow: 'POST' }
      )
    }
    return this.#run(ctx, coerceQuery(ctx.request.qs(), action.inputJsonSchema))
  }

  #find(name: string) {
    const action = this.registry.find(String(name))
    if (!action) throw new AppError('not_found', `There is no action named "${name}".`, 404)
    return action
  }

  async #run(ctx: HttpContext, input: unknown) {
    const name = String(ctx.params.name)
    this.#find(name)
    const user = ctx.auth.user!
    const entitlement = await entitlementOf(user.id)
    return this.registry.invoke(
      name,
      { userId: user.id, planId: entitlement.plan.id as PlanId, tokenId: null, surface: 'web' },
      input
    )
  }
}
