import app from '@adonisjs/core/services/app'
import { type HttpContext, ExceptionHandler } from '@adonisjs/core/http'
import { errors as vineErrors } from '@vinejs/vine'
import { AppError, httpStatusOf } from '#shared/errors'
import { rateLimitedError } from '#start/limiter'

/** API paths reached by full-page browser navigation, not by fetch. */
const BROWSER_NAVIGATIONS = new Set(['/api/login', '/api/logout', '/api/callback'])

/** Known framework error codes → stable Adrelay codes. */
const FRAMEWORK_CODES: Record<string, { code: string; message: string }> = {
  E_ROUTE_NOT_FOUND: { code: 'route_not_found', message: 'No such endpoint.' },
  E_REQUEST_ENTITY_TOO_LARGE: {
    code: 'payload_too_large',
    message: 'The request body is larger than 1 MB.',
  },
  E_ENCODING_UNSUPPORTED: { code: 'unsupported_encoding', message: 'Unsupported body encoding.' },
  E_BAD_CSRF_TOKEN: {
    code: 'csrf_token_mismatch',
    message: 'The CSRF token is missing or invalid. Reload the page and try again.',
  },
  E_ROW_NOT_FOUND: { code: 'not_found', message: 'Resource not found.' },
  E_UNAUTHORIZED_ACCESS: { code: 'unauthorized', message: 'Unauthorized' },
  E_INVALID_MULTIPART_REQUEST: { code: 'invalid_body', message: 'Invalid multipart body.' },
}

/**
 * One place maps every error to a response:
 * - `AppError` → its status, headers and `{ error: { code, message, ...details } }`
 * - validation errors → 422 `validation_failed` with the offending fields
 * - malformed JSON → 400 `invalid_json`; an unreadable multipart body → 400 `invalid_body`; bodies over 1 MB → 413 `payload_too_large`
 * - unknown `/api/*` routes → 404 JSON; other unknown paths → the 404 page
 * - anything unexpected → 500 `internal_error` with the request id, never internals
 */
export default class HttpExceptionHandler extends ExceptionHandler {
  protected debug = !app.inProduction
  protected renderStatusPages = true

  protected statusPages = {
    '404': (_: unknown, { inertia }: HttpContext) => inertia.render('errors/not_found', {}),
  } as any

  #wantsJson(ctx: HttpContext) {
    const url = ctx.request.url()
    if (
      url.startsWith('/api/') ||
      url === '/mcp' ||
      url.startsWith('/internal/') ||
      url.startsWith('/meta/')
    ) {
      // Browser navigations (sign-in, OAuth returns) get HTML error pages.
      return !url.startsWith('/meta/oauth') && !BROWSER_NAVIGATIONS.has(url.split('?')[0])
    }
    if (ctx.request.header('x-inertia')) return false
    return ctx.request.accepts(['html', 'json']) === 'json'
  }

  async handle(error: any, ctx: HttpContext) {
    error = rateLimitedError(error)
    if (error instanceof AppError && error.code === 'rate_limited' && this.#isNavigation(ctx)) {
      // A sign-in or connect link followed in the browser: a readable page, same status.
      for (const [name, value] of Object.entries(error.headers)) ctx.response.header(name, value)
      return ctx.response.status(429).type('html').send(tooManyRequestsPage(error.message))
    }
    const oauth = oauthRequestError(error, ctx)
    if (oauth) {
      return ctx.response.header('Cache-Control', 'no-store').status(400).send(oauth)
    }
    if (error instanceof AppError) {
      for (const [name, value] of Object.entries(error.headers)) ctx.response.header(name, value)
      return ctx.response.status(error.status).send(error.toJSON())
    }

    if (error instanceof vineErrors.E_VALIDATION_ERROR) {
      const fields = (
        error.messages as Array<{ field: string; message: string; rule: string }>
      ).map(({ field, message, rule }) => ({ field, message, rule }))
      return ctx.response.status(422).send({
        error: {
          code: 'validation_failed',
          message: fields[0]?.message ?? 'Invalid input.',
          // The first offending field, as the action registry's validation_failed gives it.
          field: fields[0]?.field ?? null,
          fields,
        },
      })
    }

    if (!this.#wantsJson(ctx)) {
      return super.handle(error, ctx)
    }

    const status = httpStatusOf(error)
    if (
      status === 401 &&
      ctx.request.url().startsWith('/api/') &&
      !ctx.request.url().startsWith('/api/v1/')
    ) {
      return ctx.response.status(401).send({ message: 'Unauthorized' })
    }
    if (status >= 400 && status < 500) {
      const known =
        FRAMEWORK_CODES[error?.code as string] ??
        // A multipart body the parser cannot read at all (no boundary in its Content-Type,
        // say) fails inside formidable without a framework code: not a JSON error.
        (status === 400 && ctx.request.is(['multipart']) === 'multipart'
          ? FRAMEWORK_CODES.E_INVALID_MULTIPART_REQUEST
          : undefined)
      const code =
        known?.code ??
        (error instanceof SyntaxError || status === 400 ? 'invalid_json' : 'bad_request')
      const message =
        known?.message ??
        (code === 'invalid_json'
          ? 'The request body is not valid JSON.'
          : String(error?.message ?? 'Bad request'))
      return ctx.response.status(status).send({ error: { code, message } })
    }

    await this.report(error, ctx)
    return ctx.response.status(500).send({
      error: {
        code: 'internal_error',
        message: 'Something went wrong on our side. Try again later.',
        requestId: ctx.request.id(),
      },
    })
  }

  /** A full-page browser navigation (sign-in, OAuth start or return), not a fetch. */
  #isNavigation(ctx: HttpContext) {
    const path = ctx.request.url()
    return (
      (BROWSER_NAVIGATIONS.has(path) || path.startsWith('/meta/oauth/')) &&
      ctx.request.accepts(['html', 'json']) === 'html'
    )
  }

  async report(error: unknown, ctx: HttpContext) {
    if (error instanceof AppError) return
    return super.report(error, ctx)
  }
}

/**
 * The OAuth shape (RFC 6749 §5.2, RFC 8628 §3.4-3.5) for a request to `/oauth/*` refused before
 * its controller ran (a malformed or unreadable body, a body too large): `{"error":
 * "invalid_request", "error_description"}` with status 400, which is what OAuth clients parse;
 * null for other paths, for errors that are not the client's (5xx), and for rate limits (their
 * own 429 with Retry-After). The controllers answer their own OAuth errors (OAuthError).
 */
function oauthRequestError(error: any, ctx: HttpContext) {
  if (!ctx.request.url().startsWith('/oauth/')) return null
  const status = httpStatusOf(error)
  if (
    status < 400 ||
    status >= 500 ||
    (error instanceof AppError && error.code === 'rate_limited')
  ) {
    return null
  }
  const description =
    error instanceof AppError
      ? error.message
      : (FRAMEWORK_CODES[error?.code as string]?.message ??
        (error instanceof SyntaxError || status === 400
          ? 'The request body is not valid JSON.'
          : 'The request is malformed.'))
  return { error: 'invalid_request', error_description: description }
}

/** The small page a browser shows for a rate-limited navigation. */
function tooManyRequestsPage(message: string) {
  const text = message.replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`)
  return (
    '<!doctype html><html lang="en"><head><meta charset="utf-8">' +
    '<meta name="viewport" content="width=device-width, initial-scale=1">' +
    '<title>Too many requests · Adrelay</title></head>' +
    '<body style="font-family: system-ui, sans-serif; max-width: 32rem; margin: 4rem auto; padding: 0 1rem">' +
    `<h1>Too many requests</h1><p>${text}</p><p><a href="/">Back to Adrelay</a></p>` +
    '</body></html>'
  )
}
