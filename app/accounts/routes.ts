import app from '@adonisjs/core/services/app'
import router from '@adonisjs/core/services/router'
import { middleware, sessionApiMiddleware, webMiddleware } from '#start/kernel'
import { throttleDataExport, throttleSignIn } from '#start/limiter'

const SessionsController = () => import('#accounts/controllers/sessions_controller')
const PlansController = () => import('#accounts/controllers/plans_controller')
const AccountDataController = () => import('#accounts/controllers/account_data_controller')

router
  .group(() => {
    router.get('/api/login', [SessionsController, 'login']).use(throttleSignIn)
    // The development sign-in does not exist in production (not even as a route).
    if (!app.inProduction) {
      router.post('/api/login/dev', [SessionsController, 'devLogin']).use(throttleSignIn)
    }
    router.get('/api/callback', [SessionsController, 'callback']).use(throttleSignIn)
    router.get('/api/logout', [SessionsController, 'logout'])
  })
  .use(webMiddleware())

router.get('/api/plans', [PlansController, 'index'])

/* Data rights (profile page): download everything held about me, delete my account. */
router
  .group(() => {
    router.get('/export', [AccountDataController, 'export']).use(throttleDataExport)
    router.delete('/', [AccountDataController, 'destroy'])
  })
  .prefix('/api/account')
  .use(sessionApiMiddleware(middleware.requireUser()))
