import router from '@adonisjs/core/services/router'
import { middleware, sessionApiMiddleware, webMiddleware } from '#start/kernel'

const LeadsExportController = () => import('#leads/controllers/leads_export_controller')
const LeadsPageController = () => import('#leads/controllers/leads_page_controller')
const LeadgenWebhookController = () => import('#leads/controllers/leadgen_webhook_controller')

/* Meta's leadgen webhook: no session, no CSRF (Meta signs the body with the app secret). */
router.get('/webhooks/meta/leadgen', [LeadgenWebhookController, 'verify'])
router.post('/webhooks/meta/leadgen', [LeadgenWebhookController, 'receive'])

/* CSV export of the signed-in user's leads (Agency). */
router
  .get('/api/leads/export.csv', [LeadsExportController, 'export'])
  .use(sessionApiMiddleware(middleware.requireUser()))

/* The Leads page (Agency; others see the upgrade state). */
router
  .group(() => {
    router.get('/leads', [LeadsPageController, 'page'])
  })
  .use(webMiddleware())
