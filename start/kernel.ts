/*
| HTTP kernel: server-wide middleware, router middleware and named middleware.
*/
import router from '@adonisjs/core/services/router'
import server from '@adonisjs/core/services/server'

server.errorHandler(() => import('#exceptions/handler'))

/*
| Runs on every request, even when no route matches (so the 404 page can render): container
| bindings, then, except on the machine surfaces (/api/v1, /mcp, /internal, /health), public
| files, the Vite dev server and Inertia. One entry: see app/middleware/server_surface_middleware.ts
| and ADR 0018.
*/
server.use([() => import('#middleware/server_surface_middleware')])

/*
| No router-wide middleware: the body parser runs inside the server middleware above (same
| behaviour, without the framework making it through the container per request; ADR 0018).
*/

export const middleware = router.named({
  session: () => import('@adonisjs/session/session_middleware'),
  shield: () => import('@adonisjs/shield/shield_middleware'),
  initializeAuth: () => import('@adonisjs/auth/initialize_auth_middleware'),
  silentAuth: () => import('#accounts/middleware/silent_auth_middleware'),
  requireUser: () => import('#accounts/middleware/require_user_middleware'),
  requireAdmin: () => import('#accounts/middleware/require_admin_middleware'),
})

/**
 * The browser stack: server-side session, CSRF/security headers, and the session user.
 * Every cookie-authenticated route group uses it. Bearer-key surfaces (/api/v1, /mcp,
 * /internal) do not: they create no session and write nothing per request.
 */
export function webMiddleware() {
  return [
    middleware.session(),
    middleware.shield(),
    middleware.initializeAuth(),
    middleware.silentAuth(),
  ]
}

/**
 * Session JSON endpoints (`/api/...` called by the screens): the session user is checked
 * before CSRF, so a signed-out call answers 401 `{"message":"Unauthorized"}` (which the front
 * end turns into the sign-in redirect) rather than a CSRF 403. `guard` is
 * `middleware.requireUser()` or `middleware.requireAdmin()`.
 */
export function sessionApiMiddleware(
  guard: ReturnType<(typeof middleware)['requireUser' | 'requireAdmin']>
) {
  return [
    middleware.session(),
    middleware.initializeAuth(),
    middleware.silentAuth(),
    guard,
    middleware.shield(),
  ]
}
