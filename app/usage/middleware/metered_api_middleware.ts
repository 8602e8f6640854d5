import type { HttpContext } from '@adonisjs/core/http'
import type { NextFn } from '@adonisjs/core/types/http'
import { inject } from '@adonisjs/core'
import app from '@adonisjs/core/services/app'
import { resolveOnce } from '#shared/resolve_once'
import { Metering, rateLimitHeaders } from '#usage/services/metering'
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
 * Guards bearer-key surfaces: verifies the key, counts the request against the monthly
 * quota, sets the RateLimit headers, and logs the call once the response has been sent.
 * Options: `countRequest: false` authenticates without counting (MCP counts per tool call).
 */
@inject()
export default class MeteredApiMiddleware {
  constructor(private metering: Metering) {}

  async handle(ctx: HttpContext, next: NextFn, options: { countRequest?: boolean } = {}) {
    const startedAt = performance.now()
    const authenticated = this.metering.authenticate(
      ctx.request.request.headers.authorization,
      ctx.request.request.socket
    )
    const key = authenticated instanceof Promise ? await authenticated : authenticated
    ctx.apiKey = key

    if (options.countRequest !== false) {
      const method = ctx.request.method()
      const endpoint = ctx.request.url()
      const nodeResponse = ctx.response.response
      // Logged once the response is out, whatever its status (including 429s).
      // `on`, not `once`: a response finishes once, and `once` wraps every listener.
      nodeResponse.on('finish', () => {
        this.metering.record({
          userId: key.userId,
          tokenId: key.tokenId,
          method,
          endpoint,
          statusCode: nodeResponse.statusCode,
          responseTimeMs: performance.now() - startedAt,
          createdAt: new Date(),
        })
      })
      const quota = await this.metering.consume(key)
      ctx.quota = quota
      const headers = rateLimitHeaders(quota)
      for (const name in headers) ctx.response.header(name, headers[name as keyof typeof headers])
    }
    return next()
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
  return async function meteredApiMiddleware(ctx: HttpContext, next: NextFn) {
    const got = sharedMiddleware()
    const middleware = got instanceof Promise ? await got : got
    return middleware.handle(ctx, next, options)
  }
}
