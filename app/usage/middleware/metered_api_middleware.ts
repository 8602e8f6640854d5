import type { HttpContext } from '@adonisjs/core/http'
import type { NextFn } from '@adonisjs/core/types/http'
import { inject } from '@adonisjs/core'
import app from '@adonisjs/core/services/app'
import { resolveOnce } from '#shared/resolve_once'
import { Metering } from '#usage/services/metering'
import type { VerifiedApiKey } from '#keys/services/api_key_verifier'
import type { QuotaState } from '#usage/services/metering'

declare module '@adonisjs/core/http' {
  interface HttpContext {
    /** Set by the metered API middleware on /api/v1, /mcp and /internal requests. */
    apiKey?: VerifiedApiKey
    quota?: QuotaState
  }
}

/**
 * Guards bearer-key surfaces: verifies the key, then runs the rest of the request through
 * `Metering.meter` (count against the monthly quota → RateLimit headers and the route →
 * call record with the status the client gets, written to the call log in batches).
 * Options: `countRequest: false` authenticates without metering (MCP meters each tool call;
 * the CLI's account endpoints are not metered).
 */
@inject()
export default class MeteredApiMiddleware {
  constructor(private metering: Metering) {}

  async handle(ctx: HttpContext, next: NextFn, options: { countRequest?: boolean } = {}) {
    const authenticated = this.metering.authenticate(
      ctx.request.request.headers.authorization,
      ctx.request.request.socket
    )
    const key = authenticated instanceof Promise ? await authenticated : authenticated
    ctx.apiKey = key
    if (options.countRequest === false) return next()

    // Recorded when the outcome is known (the meter step's `finally`), not from a 'finish'
    // listener on the Node response: run side by side on one server (call-log writes off),
    // the listener alone cost ~9 % of throughput. The time measured is the time to produce
    // the response, without its socket write.
    return this.metering.meter(
      { credential: key, method: ctx.request.method(), endpoint: ctx.request.url() },
      (quota) => {
        ctx.quota = quota
        const headers = this.metering.rateLimitHeaders(quota)
        for (const name in headers) ctx.response.header(name, headers[name as keyof typeof headers])
        return next()
      },
      () => ctx.response.getStatus()
    )
  }
}

const sharedMiddleware = resolveOnce(() => app.container.make(MeteredApiMiddleware))

/**
 * The metered-API guard as a plain function middleware for route groups:
 * `.use(meteredApi())`, or `.use(meteredApi({ countRequest: false }))` on /mcp.
 *
 * Same behaviour as the class above (a container singleton, see providers/app_provider.ts),
 * resolved once per process. A named middleware would be made and its `handle` called
 * through the IoC container on every request, which cost the metered hot path about 5 µs a
 * request (bench:gateway profile).
 */
export function meteredApi(options: { countRequest?: boolean } = {}) {
  // Not async: once resolved, it hands `handle`'s promise straight back (no extra layer).
  return function meteredApiMiddleware(ctx: HttpContext, next: NextFn) {
    const got = sharedMiddleware()
    return got instanceof Promise
      ? got.then((middleware) => middleware.handle(ctx, next, options))
      : got.handle(ctx, next, options)
  }
}
