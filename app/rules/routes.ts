import router from '@adonisjs/core/services/router'
import { middleware, sessionApiMiddleware, webMiddleware } from '#start/kernel'

const RulesController = () => import('#rules/controllers/rules_controller')

/* The Rules page (issue 16); its data comes from the published actions via /api/actions. */
router
  .group(() => {
    router.get('/rules', [RulesController, 'page'])
  })
  .use(webMiddleware())

router
  .group(() => {
    router.get('/history.csv', [RulesController, 'exportHistory'])
  })
  .prefix('/api/rules')
  .use(sessionApiMiddleware(middleware.requireUser()))
