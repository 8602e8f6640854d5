import { readDb } from '#shared/read_connection'
import { inject } from '@adonisjs/core'
import { CountPlatformCalls } from '#usage/actions/count_platform_calls'
import { toDbTimestamp } from '#shared/db_time'

/** `GET /api/admin/stats` (spec §3 Admin stats); money in minor units of `currency`. */
export interface PlatformStats {
  /** Every user row, suspended ones included. */
  totalUsers: number
  /**
   * Subscriptions with status `active` on a paid plan (any provider; trials not counted),
   * less invitation grants whose period has ended: the entitlement rule
   * (app/accounts/entitlement_rule.ts) ends them at their period end without changing the
   * stored status, so the users table shows such a user as Inactive and on Free.
   */
  activeSubscriptions: number
  /**
   * Monthly recurring revenue in cents: the monthly price of every `active` subscription paid
   * through Stripe or set manually by billing. Trials (`trialing`) and invitation-granted
   * plans (provider `invitation`) bring no money and are excluded.
   */
  monthlyRevenue: number
  currency: 'usd'
  /** Metered calls logged since 00:00 UTC today (from the hourly call rollups). */
  apiCallsToday: number
}

/** Platform-wide figures for the admin dashboard's stat cards. */
@inject()
export class GetPlatformStats {
  constructor(private platformCalls: CountPlatformCalls) {}

  async execute(now: Date = new Date()): Promise<PlatformStats> {
    const dayStart = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()))
    const dayEnd = new Date(dayStart.getTime() + 24 * 60 * 60 * 1000)

    // Read on the read connection (ADR 0016): admin stats never hold the hot path's connection.
    const db = readDb()
    const [users, active, revenue, calls] = await Promise.all([
      db.from('users').count('* as total').first(),
      db
        .from('subscriptions as s')
        .join('plans as p', 'p.id', 's.plan_id')
        .where('s.status', 'active')
        .where('p.price_cents', '>', 0)
        .where((grant) =>
          grant
            .whereNot('s.provider', 'invitation')
            .orWhereNull('s.current_period_end')
            .orWhere('s.current_period_end', '>', toDbTimestamp(now))
        )
        .count('* as total')
        .first(),
      db
        .from('subscriptions as s')
        .join('plans as p', 'p.id', 's.plan_id')
        .where('s.status', 'active')
        .whereIn('s.provider', ['stripe', 'manual'])
        .sum('p.price_cents as total')
        .first(),
      this.platformCalls.execute(dayStart, dayEnd),
    ])

    return {
      totalUsers: Number(users?.total ?? 0),
      activeSubscriptions: Number(active?.total ?? 0),
      monthlyRevenue: Number(revenue?.total ?? 0),
      currency: 'usd',
      apiCallsToday: calls,
    }
  }
}
