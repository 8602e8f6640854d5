import router from '@adonisjs/core/services/router'

const LeadgenWebhookController = () => import('#leads/controllers/leadgen_webhook_controller')

/* Meta's leadgen webhook: no session, no CSRF (Meta signs the body with the app secret). */
router.get('/webhooks/meta/leadgen', [LeadgenWebhookController, 'verify'])
router.post('/webhooks/meta/leadgen', [LeadgenWebhookController, 'receive'])
