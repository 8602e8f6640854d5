import { inject } from '@adonisjs/core'
import type { HttpContext } from '@adonisjs/core/http'
import type { NextFn } from '@adonisjs/core/types/http'
import StaticMiddleware from '@adonisjs/static/static_middleware'

/** Paths that are never files in public/: the JSON, MCP and integrator surfaces. */
const NOT_FILES = ['/api/', '/mcp', '/internal/', '/health']

/**
 * Serves files from public/ like @adonisjs/static, except on API paths: looking each of those
 * up on disk first (an fs stat per request) was measurable on the metered hot path and can
 * never find anything.
 */
@inject()
export default class PublicFilesMiddleware {
  constructor(private staticFiles: StaticMiddleware) {}

  handle(ctx: HttpContext, next: NextFn) {
    const url = ctx.request.url()
    if (NOT_FILES.some((prefix) => url.startsWith(prefix))) return next()
    return this.staticFiles.handle(ctx, next)
  }
}
