import router from '@adonisjs/core/services/router'
import { middleware, sessionApiMiddleware } from '#start/kernel'
import { meteredApi } from '#usage/middleware/metered_api_middleware'
import { requireCliToken } from '#usage/middleware/require_cli_token'

const UsageController = () => import('#usage/controllers/usage_controller')
const UsageAnalyticsController = () => import('#usage/controllers/usage_analytics_controller')
const UsageReportController = () => import('#usage/controllers/usage_report_controller')

router
  .group(() => {
    router.get('/usage', [UsageController, 'show'])
    router.get('/recent-calls', [UsageController, 'recentCalls'])
    router.get('/usage/analytics', [UsageAnalyticsController, 'show'])
    router.get('/usage/success-rate', [UsageAnalyticsController, 'successRate'])
  })
  .prefix('/api')
  .use(sessionApiMiddleware(middleware.requireUser()))

/* The CLI's usage report: a CLI token, not counted against the quota. */
router
  .get('/api/v1/usage/report', [UsageReportController, 'show'])
  .use([meteredApi({ countRequest: false }), requireCliToken])
