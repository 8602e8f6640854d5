import type { HttpContext } from '@adonisjs/core/http'
import type { NextFn } from '@adonisjs/core/types/http'
import { inject } from '@adonisjs/core'
import app from '@adonisjs/core/services/app'
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
    const startedAt = process.hrtime.bigint()
    const key = await this.metering.authenticate(ctx.request.header('authorization'))
    ctx.apiKey = key

    if (options.countRequest !== false) {
      const method = ctx.request.method()
      const endpoint = ctx.request.url()
      // Logged once the response is out, whatever its status (including 429s).
      ctx.response.response.once('finish', () => {
        this.metering.record({
          userId: key.userId,
          tokenId: key.tokenId,
          method,
          endpoint,
          statusCode: ctx.response.response.statusCode,
          responseTimeMs: Number(process.hrtime.bigint() - startedAt) / 1e6,
          createdAt: new Date(),
        })
      })
      ctx.quota = await this.metering.consume(key)
      for (const [name, value] of Object.entries(rateLimitHeaders(ctx.quota))) {
        ctx.response.header(name, value)
      }
    }
    return next()
  }
}

let shared: Promise<MeteredApiMiddleware> | null = null

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
    shared ??= app.container.make(MeteredApiMiddleware)
    const middleware = await shared
    return middleware.handle(ctx, next, options)
  }
}
