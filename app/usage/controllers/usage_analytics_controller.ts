import type { HttpContext } from '@adonisjs/core/http'
import { inject } from '@adonisjs/core'
import { GetUsageAnalytics } from '#usage/actions/get_usage_analytics'
import { GetSuccessRateTrend } from '#usage/actions/get_success_rate_trend'

/** Session endpoints behind the dashboard's Advanced Analytics view and success-rate trend. */
@inject()
export default class UsageAnalyticsController {
  constructor(
    private analytics: GetUsageAnalytics,
    private trend: GetSuccessRateTrend
  ) {}

  /** GET /api/usage/analytics → current month's analytics; 403 plan_upgrade_required on Free */
  async show({ auth }: HttpContext) {
    return this.analytics.execute(auth.user!.id)
  }

  /** GET /api/usage/success-rate → {currentMonth, lastMonth} success rates */
  async successRate({ auth }: HttpContext) {
    return this.trend.execute(auth.user!.id)
  }
}
