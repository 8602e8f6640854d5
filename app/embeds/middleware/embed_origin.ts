import type { HttpContext } from '@adonisjs/core/http'
import type { NextFn } from '@adonisjs/core/types/http'
import { AuthorizeEmbedRequest } from '#embeds/actions/authorize_embed_request'
import type EmbedSession from '#embeds/models/embed_session'
import { AppError } from '#shared/errors'

declare module '@adonisjs/core/http' {
  interface HttpContext {
    /** Set on /embed/v1/<id>/… once the page's origin is one the session allows. */
    embedSession?: EmbedSession
  }
}

/** Headers a widget may read from a cross-origin answer. */
const EXPOSED = 'Retry-After, RateLimit-Limit, RateLimit-Remaining, RateLimit-Reset'

/**
 * The page's origin: the `Origin` header (browsers send it on every CORS request, Fetch
 * standard §3.1), or the app's own origin for a same-origin request, which Chromium sends
 * without `Origin` on GET (`Sec-Fetch-Site: same-origin`, the Embed tab's live preview).
 * Null otherwise: a server, curl, a request with no browser context.
 */
function pageOrigin(ctx: HttpContext): string | null {
  const origin = ctx.request.header('origin')
  if (origin) return origin
  if (ctx.request.header('sec-fetch-site') === 'same-origin') {
    return `${ctx.request.protocol()}://${ctx.request.host()}`
  }
  return null
}

/**
 * CORS for the widgets' reads (Fetch standard, CORS protocol): only an origin in the
 * session's `allowedOrigins` gets `Access-Control-Allow-Origin` (echoed, with `Vary:
 * Origin`); any other origin, or an unknown session, answers 403 `embed_origin_not_allowed`
 * without CORS headers, so the page cannot read even that. Preflights (OPTIONS) of an allowed
 * origin answer 204 allowing GET with `Authorization`, cached 10 minutes.
 */
export async function embedOrigin(ctx: HttpContext, next: NextFn) {
  ctx.response.header('Vary', 'Origin')
  const origin = pageOrigin(ctx)
  const session = await new AuthorizeEmbedRequest().originAllows(
    String(ctx.params.sessionId),
    origin
  )
  if (!session || !origin) {
    throw new AppError(
      'embed_origin_not_allowed',
      'This page’s origin is not allowed to use this embed session.',
      403
    )
  }
  ctx.response.header('Access-Control-Allow-Origin', origin)
  ctx.response.header('Access-Control-Expose-Headers', EXPOSED)
  if (ctx.request.method() === 'OPTIONS') {
    ctx.response.header('Access-Control-Allow-Methods', 'GET')
    ctx.response.header('Access-Control-Allow-Headers', 'Authorization')
    ctx.response.header('Access-Control-Max-Age', '600')
    return ctx.response.status(204)
  }
  ctx.embedSession = session
  return next()
}
