import router from '@adonisjs/core/services/router'
import { middleware, sessionApiMiddleware, webMiddleware } from '#start/kernel'
import { throttleMetaConnect } from '#start/limiter'
import { meteredApi } from '#usage/middleware/metered_api_middleware'

const IntegrationsController = () => import('#meta/controllers/integrations_controller')
const MetaOauthController = () => import('#meta/controllers/meta_oauth_controller')
const MetaConnectionController = () => import('#meta/controllers/meta_connection_controller')
const IntegratorController = () => import('#meta/controllers/integrator_controller')
const CampaignsPageController = () => import('#meta/controllers/campaigns_page_controller')

/* Page and the OAuth redirects (browser navigation, session cookie). */
router
  .group(() => {
    router.get('/integrations', [IntegrationsController, 'show'])
    router.get('/campaigns', [CampaignsPageController, 'show'])
    router.get('/meta/oauth/start', [MetaOauthController, 'start']).use(throttleMetaConnect)
    router.get('/meta/oauth/callback', [MetaOauthController, 'callback'])
  })
  .use(webMiddleware())

/* JSON for the Integrations page (session). */
router
  .group(() => {
    router.get('/status', [MetaConnectionController, 'status'])
    router.delete('/disconnect', [MetaConnectionController, 'disconnect'])
    router.get('/ad-accounts', [MetaConnectionController, 'adAccounts'])
  })
  .prefix('/api/meta')
  .use(sessionApiMiddleware(middleware.requireUser()))

/* Integrator endpoints (bearer API key, metered). */
router
  .group(() => {
    router.post('/resolve', [IntegratorController, 'resolve'])
    router.post('/proxy', [IntegratorController, 'proxy'])
  })
  .prefix('/internal/meta')
  .use(meteredApi())
