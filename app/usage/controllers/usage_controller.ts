import type { HttpContext } from '@adonisjs/core/http'
import { inject } from '@adonisjs/core'
import { GetAccountUsage } from '#usage/actions/get_account_usage'
import { ListRecentCalls } from '#usage/actions/list_recent_calls'
import { recentCallsValidator } from '#usage/validators'

/** Session endpoints of the usage dashboard. */
@inject()
export default class UsageController {
  constructor(
    private usage: GetAccountUsage,
    private recent: ListRecentCalls
  ) {}

  /** GET /api/usage → {total, limit} (plus remaining, period, resetsAt) */
  async show({ auth }: HttpContext) {
    return this.usage.execute(auth.user!.id)
  }

  /** GET /api/recent-calls?limit=10 */
  async recentCalls({ auth, request }: HttpContext) {
    const { limit } = await request.validateUsing(recentCallsValidator, { data: request.qs() })
    return this.recent.execute(auth.user!.id, limit ?? 10)
  }
}
