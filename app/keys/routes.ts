import router from '@adonisjs/core/services/router'
import { middleware, sessionApiMiddleware, webMiddleware } from '#start/kernel'
import { meteredApi } from '#usage/middleware/metered_api_middleware'
import { requireCliToken } from '#usage/middleware/require_cli_token'
import { throttleApiKeyCreation, throttleSignIn } from '#start/limiter'

const ApiKeysController = () => import('#keys/controllers/api_keys_controller')
const CliSessionsController = () => import('#keys/controllers/cli_sessions_controller')
const CliApiController = () => import('#keys/controllers/cli_api_controller')
const DeviceAuthorizationController = () =>
  import('#keys/controllers/device_authorization_controller')
const DevicePageController = () => import('#keys/controllers/device_page_controller')

/* Profile page: API keys and CLI sessions (session + CSRF). */
router
  .group(() => {
    router.get('/tokens', [ApiKeysController, 'index'])
    router.post('/tokens', [ApiKeysController, 'store']).use(throttleApiKeyCreation)
    router.patch('/tokens/:id', [ApiKeysController, 'update'])
    router.delete('/tokens/:id', [ApiKeysController, 'destroy'])
    router.delete('/tokens', [ApiKeysController, 'destroyAll'])
    router.get('/cli-sessions', [CliSessionsController, 'index'])
    router.delete('/cli-sessions/:id', [CliSessionsController, 'destroy'])
    router.post('/device/lookup', [DevicePageController, 'lookup'])
    router.post('/device/decision', [DevicePageController, 'decide'])
  })
  .prefix('/api')
  .use(sessionApiMiddleware(middleware.requireUser()))

/* Device sign-in (RFC 8628): the page a person opens, and the CLI's two OAuth endpoints. */
router.get('/device', [DevicePageController, 'show']).use(webMiddleware())
router.post('/oauth/device/code', [DeviceAuthorizationController, 'code']).use(throttleSignIn)
router.post('/oauth/token', [DeviceAuthorizationController, 'token'])

/*
| The CLI's bearer endpoints (app/keys/http/cli_endpoints.ts): the credential is verified but
| not counted against the quota (account management, like the profile page).
*/
router
  .group(() => {
    router.get('/auth/session', [CliApiController, 'session'])
    router.delete('/auth/session', [CliApiController, 'signOut']).use(requireCliToken)
    router
      .group(() => {
        router.get('/keys', [CliApiController, 'index'])
        // Minting a key counts against the same limit as on the profile page.
        router.post('/keys', [CliApiController, 'store']).use(throttleApiKeyCreation)
        router.patch('/keys/:id', [CliApiController, 'update'])
        router.delete('/keys/:id', [CliApiController, 'destroy'])
        router.post('/keys/:id/rotate', [CliApiController, 'rotate']).use(throttleApiKeyCreation)
      })
      .use(requireCliToken)
  })
  .prefix('/api/v1')
  .use(meteredApi({ countRequest: false }))
