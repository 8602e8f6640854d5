import app from '@adonisjs/core/services/app'
import { Logger } from '@adonisjs/core/logger'
import { HttpContext } from '@adonisjs/core/http'
import type { NextFn } from '@adonisjs/core/types/http'
import BodyParserMiddleware from '@adonisjs/core/bodyparser_middleware'
import StaticMiddleware from '@adonisjs/static/static_middleware'
import ViteMiddleware from '@adonisjs/vite/vite_middleware'
import { resolveOnce } from '#shared/resolve_once'
import { AppError } from '#shared/errors'
import bodyParserConfig from '#config/bodyparser'
import InertiaMiddleware from '#middleware/inertia_middleware'

/**
 * Is `url` (the path, without query string, as `ctx.request.url()` gives it) one of the
 * machine surfaces that answer JSON only and never use the browser stack: the bearer-key
 * surfaces `/api/v1/*`, `/mcp` and `/internal/*`, and the `/health` probe?
 *
 * They never serve a file from public/, never reach the Vite dev server and never render an
 * Inertia page: the exception handler answers their errors (404 included) with JSON
 * (`#wantsJson` in app/exceptions/handler.ts covers `/api/`, `/mcp` and `/internal/`, and
 * `/health` always matches its route). ADR 0018.
 */
export function isMachineSurface(url: string): boolean {
  return (
    url.startsWith('/api/v1/') ||
    url === '/mcp' ||
    url.startsWith('/internal/') ||
    url === '/health'
  )
}

/** The browser stack, in order, each resolved from the container once per process. */
interface BrowserStack {
  publicFiles: StaticMiddleware
  vite: ViteMiddleware
  inertia: InertiaMiddleware
}

const browserStack = resolveOnce(async (): Promise<BrowserStack> => ({
  // Container singletons of @adonisjs/static and @adonisjs/vite (their providers bind them).
  publicFiles: await app.container.make(StaticMiddleware),
  vite: await app.container.make(ViteMiddleware),
  // Stateless between requests: `init` puts the request's Inertia instance on `ctx`.
  inertia: await app.container.make(InertiaMiddleware),
}))

/**
 * The one server middleware (runs on every request, even when no route matches, so the 404
 * page can render). Binds the request's HttpContext and logger in the container for
 * `@inject()`, then:
 * - on machine surfaces ({@link isMachineSurface}) parses the body ({@link parseBody}) and goes
 *   to the router;
 * - everywhere else runs the browser stack: files from public/ (`@adonisjs/static`, skipped for
 *   paths that are never files, see `NOT_FILES`), the Vite dev server (`@adonisjs/vite`, a no-op without it), Inertia (`#middleware/inertia_middleware`)
 *   and the body parser, exactly as when they were three `server.use` entries and a `router.use` one.
 *
 * Why one entry and not four: the framework makes and calls every `server.use` entry through
 * the IoC container on every request, which cost the metered route measurable CPU per request
 * even when the middleware only called `next()` (figures in ADR 0018).
 */
export default class ServerSurfaceMiddleware {
  handle(ctx: HttpContext, next: NextFn) {
    ctx.containerResolver.bindValue(HttpContext, ctx)
    ctx.containerResolver.bindValue(Logger, ctx.logger)
    if (isMachineSurface(ctx.request.url())) return parseBody(ctx, next)
    if (awaitsDevServer()) return appReady().then(() => browser(ctx, next))
    return browser(ctx, next)
  }
}

/**
 * Whether browser requests must wait for the app to be ready: only under `node ace serve`
 * (the assembler sets `DEV_MODE`) before the providers' `ready()` hooks have run. The HTTP
 * server listens before them, and `@adonisjs/vite` creates its dev server in its `ready()`
 * (about a second after `/health` answers), so a page requested in that window found neither
 * the dev server nor a build manifest and answered 500 "Missing manifest file". Machine
 * surfaces never wait; production and tests never do either.
 */
function awaitsDevServer(): boolean {
  return (
    !readyHookRan &&
    process.env.DEV_MODE !== undefined &&
    app.getEnvironment() === 'web' &&
    !app.isReady
  )
}

/** Set by the app's `ready` hook (which runs a few awaits before `app.isReady` turns true). */
let readyHookRan = false
let readyHook: Promise<void> | null = null

/**
 * Resolves when the app's `ready` hooks run: after every provider's `ready()`, Vite's dev
 * server creation included (`Application.start` in `@adonisjs/application`).
 */
function appReady(): Promise<void> {
  readyHook ??= new Promise<void>((resolve) => {
    void app.ready(() => {
      readyHookRan = true
      resolve()
    })
  })
  return readyHook
}

/** The browser stack for one request, once its instances are resolved. */
function browser(ctx: HttpContext, next: NextFn) {
  const got = browserStack()
  return got instanceof Promise
    ? got.then((stack) => runBrowserStack(stack, ctx, next))
    : runBrowserStack(got, ctx, next)
}

/**
 * Paths never looked up in public/: the session JSON API as well (an fs stat per request that
 * can never find anything).
 */
const NOT_FILES = ['/api/', '/mcp', '/internal/', '/health']

/**
 * The framework's body parser (`@adonisjs/core/bodyparser_middleware`, a container singleton
 * configured by config/bodyparser.ts), resolved once per process.
 */
const bodyParser = resolveOnce(() => app.container.make(BodyParserMiddleware))

/**
 * Runs the body parser, then `next`. It used to be the router's global middleware
 * (`router.use`), which the framework makes and calls through the container on every matched
 * request; called from here it does exactly the same (it parses the methods config/bodyparser.ts
 * allows and only marks the others as having no files) without that per-request cost: about
 * 9 % of the metered route's throughput in an A/B on the production build (ADR 0018, amendment).
 */
function parseBody(ctx: HttpContext, next: NextFn) {
  const refused = unparsableBody(ctx)
  if (refused) return Promise.reject(refused)
  // Bodies are read for these methods only; GET and HEAD go on without the check below.
  const then = BODY_METHODS.has(ctx.request.request.method as never)
    ? () => objectBodyThen(ctx, next)
    : next
  const got = bodyParser()
  return got instanceof Promise
    ? got.then((parser) => parser.handle(ctx, then))
    : got.handle(ctx, then)
}

/**
 * Goes on only when the parsed body is an object (or absent): every endpoint takes named
 * fields, and the framework spreads an array body into `{0: …, 1: …}`, so an array read as
 * an empty input and defaults applied (a key minted with the default name). `/mcp` is left to
 * the MCP SDK, which answers JSON-RPC itself.
 * @throws AppError 422 `invalid_body`
 */
function objectBodyThen(ctx: HttpContext, next: NextFn) {
  if (Array.isArray(ctx.request.body()) && ctx.request.url() !== '/mcp') {
    throw new AppError('invalid_body', 'The body must be a JSON object, not an array.', 422)
  }
  return next()
}

/** The methods whose bodies are parsed, and the media types they are parsed from. */
const BODY_METHODS = new Set(bodyParserConfig.allowedMethods)
const PARSED_TYPES = new Set(
  [
    ...bodyParserConfig.json.types,
    ...bodyParserConfig.form.types,
    ...bodyParserConfig.multipart.types,
  ].map((type) => type.toLowerCase())
)

/**
 * A 415 `unsupported_media_type` for a request that carries a body (RFC 9112 §6.3: a
 * `Content-Length` above 0 or a `Transfer-Encoding`) in a media type the body parser does not
 * read (config/bodyparser.ts: JSON, forms, multipart), else null. The parser leaves such a body
 * unread, so every field read as absent and defaults applied: a key rotation sent as
 * text/plain with a grace period revoked the old key at once. RFC 9110 §15.5.16.
 */
function unparsableBody(ctx: HttpContext): AppError | null {
  const raw = ctx.request.request
  if (!BODY_METHODS.has(raw.method as never)) return null
  const length = raw.headers['content-length']
  if (raw.headers['transfer-encoding'] === undefined && (!length || length === '0')) return null
  const type = (raw.headers['content-type'] ?? '').split(';')[0].trim().toLowerCase()
  if (PARSED_TYPES.has(type)) return null
  return new AppError(
    'unsupported_media_type',
    `${type ? `Content-Type "${type.slice(0, 100)}"` : 'A body without a Content-Type'} is not read here. Send JSON (application/json), a form (application/x-www-form-urlencoded) or multipart/form-data.`,
    415
  )
}

function runBrowserStack(stack: BrowserStack, ctx: HttpContext, next: NextFn) {
  const rest = () =>
    stack.vite.handle(ctx, () => stack.inertia.handle(ctx, () => parseBody(ctx, next)))
  const url = ctx.request.url()
  if (NOT_FILES.some((prefix) => url.startsWith(prefix))) return rest()
  return stack.publicFiles.handle(ctx, rest)
}
