import router from '@adonisjs/core/services/router'
import { middleware, sessionApiMiddleware, webMiddleware } from '#start/kernel'
import { throttleInvitationCodes, throttleSubscriptionChanges } from '#start/limiter'

const SubscriptionsController = () => import('#billing/controllers/subscriptions_controller')
const StripeWebhooksController = () => import('#billing/controllers/stripe_webhooks_controller')
const SubscriptionPageController = () => import('#billing/controllers/subscription_page_controller')

router
  .group(() => {
    router
      .post('/create-subscription', [SubscriptionsController, 'create'])
      .use([throttleInvitationCodes, throttleSubscriptionChanges])
    router
      .post('/preview-subscription-change', [SubscriptionsController, 'preview'])
      .use(throttleSubscriptionChanges)
    router.get('/subscription/client-secret', [SubscriptionsController, 'clientSecret'])
    router
      .post('/finalize-subscription', [SubscriptionsController, 'finalize'])
      .use(throttleSubscriptionChanges)
    router
      .post('/subscription/keep-plan', [SubscriptionsController, 'keepPlan'])
      .use(throttleSubscriptionChanges)
    router
      .post('/validate-invitation-code', [SubscriptionsController, 'validateInvitationCode'])
      .use(throttleInvitationCodes)
  })
  .prefix('/api')
  .use(sessionApiMiddleware(middleware.requireUser()))

/* Stripe calls this: no session or CSRF; the signature authenticates it. */
router.post('/api/stripe/webhook', [StripeWebhooksController, 'handle'])

router.get('/subscription', [SubscriptionPageController, 'show']).use(webMiddleware())
