import router from '@adonisjs/core/services/router'
import { webMiddleware } from '#start/kernel'

const PagesController = () => import('#web/controllers/pages_controller')

router
  .group(() => {
    router.get('/', [PagesController, 'home'])
    router.get('/privacy', [PagesController, 'privacy'])
    router.get('/profile', [PagesController, 'profile'])
  })
  .use(webMiddleware())
