import type { HttpContext } from '@adonisjs/core/http'
import { inject } from '@adonisjs/core'
import { ResolveIntegratorContext } from '#meta/actions/resolve_integrator_context'
import { ProxyGraphRequest } from '#meta/actions/proxy_graph_request'
import { proxyRequestInput } from '#meta/validators/integrator'
import { unknownParametersError } from '#registry/action_registry'
import { closeObjects, toJsonSchema, unknownParameters } from '#registry/json_schema'

const PROXY_REQUEST_SCHEMA = closeObjects(toJsonSchema(proxyRequestInput, 'input'))

/** Integrator endpoints (bearer API key, counted against the quota; spec §7). */
@inject()
export default class IntegratorController {
  constructor(
    private resolveContext: ResolveIntegratorContext,
    private proxyRequest: ProxyGraphRequest
  ) {}

  /** POST /internal/meta/resolve → {userId, plan, quota, meta} */
  async resolve(ctx: HttpContext) {
    return this.resolveContext.execute(ctx.apiKey!.userId, ctx.quota!)
  }

  /**
   * POST /internal/meta/proxy {method, path, params} → Meta's JSON answer.
   * A body parameter other than those three is refused (422 `validation_failed`).
   */
  async proxy(ctx: HttpContext) {
    const body = ctx.request.body()
    const unknown = unknownParameters(body, PROXY_REQUEST_SCHEMA)
    if (unknown.length > 0) throw unknownParametersError(unknown, PROXY_REQUEST_SCHEMA)
    const { userId, planId } = ctx.apiKey!
    const { body: answer, headers } = await this.proxyRequest.execute(
      { userId, planId },
      {
        method: body.method,
        path: body.path,
        params: body.params,
      }
    )
    for (const [name, value] of Object.entries(headers)) ctx.response.header(name, value)
    return answer
  }
}
