import { inject } from '@adonisjs/core'
import User from '#accounts/models/user'
import { GetAccountUsage } from '#usage/actions/get_account_usage'
import { ListRecentCalls, type RecentCall } from '#usage/actions/list_recent_calls'
import {
  DescribeMetaConnection,
  type MetaConnectionSummary,
} from '#meta/actions/describe_meta_connection'
import { SummarizeApiKeys } from '#keys/actions/summarize_api_keys'
import { toAdminUser, type AdminUser } from '#admin/transformers/admin_user'
import { AppError } from '#shared/errors'

/** `GET /api/admin/users/:id`: everything an operator needs to judge one account. */
export interface AdminUserDetail {
  user: AdminUser & { avatarUrl: string | null }
  /** The subscription row as billing keeps it; null for a user who never subscribed. */
  subscription: {
    planId: string
    planName: string
    status: string
    provider: string
    trialEnd: string | null
    currentPeriodEnd: string | null
    cancelAtPeriodEnd: boolean
  } | null
  /** This UTC month's metered requests against the limit of the plan in effect. */
  usage: {
    period: string
    total: number
    limit: number
    remaining: number
    resetsAt: string
    plan: { id: string; name: string }
  }
  /** Active (not revoked) keys and the most recent use of any of the user's keys. */
  apiKeys: { count: number; lastUsedAt: string | null }
  meta: MetaConnectionSummary
  /** The 10 latest metered calls, newest first. */
  recentCalls: RecentCall[]
}

@inject()
export class GetUserDetail {
  constructor(
    private usage: GetAccountUsage,
    private recentCalls: ListRecentCalls,
    private meta: DescribeMetaConnection,
    private apiKeys: SummarizeApiKeys
  ) {}

  /** @throws AppError 404 `not_found` for an unknown user */
  async execute(userId: number): Promise<AdminUserDetail> {
    const user = await User.query()
      .where('id', userId)
      .preload('subscription', (subscription) => subscription.preload('plan'))
      .first()
    if (!user) throw new AppError('not_found', 'User not found.', 404)

    const [usage, recentCalls, meta, keys] = await Promise.all([
      this.usage.execute(user.id),
      this.recentCalls.execute(user.id, 10),
      this.meta.execute(user.id),
      this.apiKeys.execute(user.id),
    ])

    const subscription = user.subscription
    return {
      user: { ...toAdminUser(user), avatarUrl: user.avatarUrl },
      subscription: subscription
        ? {
            planId: subscription.planId,
            planName: subscription.plan?.name ?? subscription.planId,
            status: subscription.status,
            provider: subscription.provider,
            trialEnd: subscription.trialEnd?.toISO() ?? null,
            currentPeriodEnd: subscription.currentPeriodEnd?.toISO() ?? null,
            cancelAtPeriodEnd: subscription.cancelAtPeriodEnd,
          }
        : null,
      usage: {
        period: usage.period,
        total: usage.total,
        limit: usage.limit,
        remaining: usage.remaining,
        resetsAt: usage.resetsAt,
        plan: usage.plan,
      },
      apiKeys: { count: keys.activeCount, lastUsedAt: keys.lastUsedAt },
      meta,
      recentCalls,
    }
  }
}
