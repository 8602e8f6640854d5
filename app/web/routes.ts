import router from '@adonisjs/core/services/router'
import { middleware, webMiddleware } from '#start/kernel'

const PagesController = () => import('#web/controllers/pages_controller')
const SessionUserController = () => import('#web/controllers/session_user_controller')

router
  .group(() => {
    router.get('/', [PagesController, 'home'])
    router.get('/privacy', [PagesController, 'privacy'])
    router.get('/profile', [PagesController, 'profile'])
    router.get('/api/auth/user', [SessionUserController, 'show']).use(middleware.requireUser())
  })
  .use(webMiddleware())
