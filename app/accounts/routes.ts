import app from '@adonisjs/core/services/app'
import router from '@adonisjs/core/services/router'
import { webMiddleware } from '#start/kernel'
import { throttleSignIn } from '#start/limiter'

const SessionsController = () => import('#accounts/controllers/sessions_controller')
const PlansController = () => import('#accounts/controllers/plans_controller')

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
