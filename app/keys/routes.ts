import router from '@adonisjs/core/services/router'
import { middleware, sessionApiMiddleware } from '#start/kernel'

const ApiKeysController = () => import('#keys/controllers/api_keys_controller')

router
  .group(() => {
    router.get('/tokens', [ApiKeysController, 'index'])
    router.post('/tokens', [ApiKeysController, 'store'])
    router.delete('/tokens/:id', [ApiKeysController, 'destroy'])
    router.delete('/tokens', [ApiKeysController, 'destroyAll'])
  })
  .prefix('/api')
  .use(sessionApiMiddleware(middleware.requireUser()))
