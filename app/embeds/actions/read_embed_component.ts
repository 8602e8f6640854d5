import { inject } from '@adonisjs/core'
import db from '@adonisjs/lucid/services/db'
import ApiToken from '#keys/models/api_token'
import { ListApiKeys } from '#keys/actions/list_api_keys'
import { ActionRegistry } from '#automation/registry/action_registry'
import { Metering } from '#usage/services/metering'
import { billingPeriodAt } from '#usage/services/billing_period'
import { AppError } from '#shared/errors'
import { fromDbTimestamp, toDbTimestamp } from '#shared/db_time'
import type { AuthorizedEmbedSession } from '#embeds/actions/authorize_embed_request'
import type {
  CampaignFigures,
  EmbedCampaignPerformance,
  EmbedKey,
  EmbedQuota,
  EmbedRecentCall,
  EmbedSessionInfo,
  EmbedUsage,
} from '#embeds/types'

const SUCCESS_SQL = 'SUM(CASE WHEN status_code BETWEEN 200 AND 399 THEN 1 ELSE 0 END)'

/** Periods `campaign_performance` offers (Meta `date_preset` values). */
export const EMBED_DATE_PRESETS = ['last_7d', 'last_14d', 'last_30d'] as const

/**
 * The read-only data behind each widget (issue 17). A session scoped to a client key sees
 * only that key: its quota, its calls, itself in the key list; an unscoped session sees the
 * account. Nothing answered carries a full key, a Meta token or another account's data.
 * Reads are not counted against the quota.
 */
@inject()
export class ReadEmbedComponent {
  constructor(
    private metering: Metering,
    private listKeys: ListApiKeys,
    private registry: ActionRegistry
  ) {}

  /** What the widgets need to know about their session. */
  async info({ session, entitlement }: AuthorizedEmbedSession): Promise<EmbedSessionInfo> {
    const key = session.keyId ? await ApiToken.find(session.keyId) : null
    const unbranded = entitlement.plan.id === 'agency' && session.hidePoweredBy
    return {
      id: session.publicId,
      components: session.components,
      adAccountIds: session.adAccountIds,
      key: key ? { label: key.label } : null,
      poweredBy: !unbranded,
      expiresAt: session.expiresAt.toUTC().toISO()!,
    }
  }

  /** used / limit / resets for the account, or for the session's client key. */
  async quota({ session, entitlement }: AuthorizedEmbedSession): Promise<EmbedQuota> {
    const account = await this.metering.usage(session.userId, entitlement.requestLimit)
    const resetsAt = account.resetsAt.toISOString()
    if (!session.keyId) {
      return {
        scope: 'account',
        used: account.used,
        limit: account.limit,
        remaining: account.remaining,
        period: account.period,
        resetsAt,
      }
    }
    const key = await ApiToken.findOrFail(session.keyId)
    const counts = await this.metering.quotas.currentForKeys([key.id], account.period)
    const used = counts.get(key.id) ?? 0
    const limit = key.monthlyLimit ?? entitlement.requestLimit
    return {
      scope: 'key',
      used,
      limit,
      remaining: Math.max(0, Math.min(limit - used, account.remaining)),
      period: account.period,
      resetsAt,
    }
  }

  /** This month's calls per day (every day from the 1st to today) and the top 8 actions. */
  async usage({ session }: AuthorizedEmbedSession, now = new Date()): Promise<EmbedUsage> {
    const { period, startsAt } = billingPeriodAt(now)
    const to = new Date(now.getTime() + 1000)
    const window = () => {
      const query = db
        .from('api_calls')
        .where('user_id', session.userId)
        .where('created_at', '>=', toDbTimestamp(startsAt))
        .where('created_at', '<', toDbTimestamp(to))
      if (session.keyId) query.where('token_id', session.keyId)
      return query
    }
    const [perDay, perAction] = await Promise.all([
      window()
        .select(
          db.raw('DATE(created_at) as day'),
          db.raw('COUNT(*) as calls'),
          db.raw(`${SUCCESS_SQL} as successful`)
        )
        .groupByRaw('DATE(created_at)'),
      window()
        .select('method', 'endpoint', db.raw('COUNT(*) as calls'))
        .groupBy('method', 'endpoint')
        .orderByRaw('COUNT(*) DESC')
        .orderBy('endpoint', 'asc')
        .limit(8),
    ])
    const byDay = new Map(
      perDay.map((row) => {
        const date =
          row.day instanceof Date
            ? row.day.toISOString().slice(0, 10)
            : String(row.day).slice(0, 10)
        const calls = Number(row.calls)
        const successful = Number(row.successful)
        return [date, { date, calls, successful, failed: calls - successful }]
      })
    )
    const daily = []
    for (let day = 1; day <= now.getUTCDate(); day++) {
      const date = new Date(Date.UTC(startsAt.getUTCFullYear(), startsAt.getUTCMonth(), day))
        .toISOString()
        .slice(0, 10)
      daily.push(byDay.get(date) ?? { date, calls: 0, successful: 0, failed: 0 })
    }
    return {
      period,
      daily,
      byAction: perAction.map((row) => ({
        action: `${row.method} ${row.endpoint}`,
        calls: Number(row.calls),
      })),
    }
  }

  /** The latest `limit` (1-50) calls, newest first. */
  async recentCalls({ session }: AuthorizedEmbedSession, limit = 10): Promise<EmbedRecentCall[]> {
    const query = db
      .from('api_calls')
      .where('user_id', session.userId)
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(Math.min(Math.max(limit, 1), 50))
      .select('method', 'endpoint', 'status_code', 'response_time_ms', 'created_at')
    if (session.keyId) query.where('token_id', session.keyId)
    const rows = await query
    return rows.map((row) => ({
      method: row.method,
      endpoint: row.endpoint,
      statusCode: Number(row.status_code),
      responseTimeMs: Number(row.response_time_ms),
      createdAt: fromDbTimestamp(row.created_at).toISOString(),
    }))
  }

  /** The account's usable keys masked, or only the session's client key. */
  async keys({ session }: AuthorizedEmbedSession): Promise<EmbedKey[]> {
    const keys = await this.listKeys.execute(session.userId)
    return keys
      .filter((key) => !session.keyId || key.id === session.keyId)
      .map((key) => ({
        name: key.name,
        label: key.label,
        token: key.maskedToken,
        lastUsedAt: key.lastUsedAt?.toUTC().toISO() ?? null,
        usage: Number(key.$extras.usage ?? 0),
        monthlyLimit: key.monthlyLimit,
      }))
  }

  /**
   * Spend, impressions, clicks, CTR, results (purchases), cost per result and ROAS of one of
   * the session's ad accounts, in total and per day, through the `get_insights` action
   * (Meta Ads Insights, `time_increment=1`).
   * @throws AppError 403 `embed_ad_account_not_allowed`, 422 `validation_failed`, Meta errors
   */
  async campaignPerformance(
    { session, entitlement }: AuthorizedEmbedSession,
    input: { adAccountId?: string; datePreset?: string }
  ): Promise<EmbedCampaignPerformance> {
    const adAccountId = input.adAccountId ?? session.adAccountIds[0]
    if (!adAccountId || !session.adAccountIds.includes(adAccountId)) {
      throw new AppError(
        'embed_ad_account_not_allowed',
        'This embed session does not include that ad account.',
        403,
        { adAccountId: adAccountId ?? null }
      )
    }
    const datePreset = input.datePreset ?? 'last_30d'
    if (!(EMBED_DATE_PRESETS as readonly string[]).includes(datePreset)) {
      throw new AppError(
        'validation_failed',
        `datePreset: one of ${EMBED_DATE_PRESETS.join(', ')}`,
        422,
        { field: 'datePreset' }
      )
    }
    const caller = { userId: session.userId, planId: entitlement.plan.id, tokenId: null }
    const insights = (await this.registry.invoke('get_insights', caller, {
      objectId: adAccountId,
      datePreset,
      timeIncrement: '1',
      fields: ['spend', 'impressions', 'clicks', 'actions', 'action_values'],
      limit: 100,
    })) as { currency: string; rows: Record<string, unknown>[] }
    const daily = insights.rows
      .map((row) => ({ date: String(row.date_start), ...figuresOf([row]) }))
      .sort((a, b) => a.date.localeCompare(b.date))
    return {
      adAccountId,
      currency: insights.currency,
      datePreset,
      totals: figuresOf(insights.rows),
      daily,
    }
  }
}

const PURCHASE_TYPES = new Set(['purchase', 'omni_purchase'])

/** Sums rows of Ads Insights into the widget's figures (spend already in minor units). */
function figuresOf(rows: Record<string, unknown>[]): CampaignFigures {
  let spend = 0
  let impressions = 0
  let clicks = 0
  let results = 0
  let value = 0
  for (const row of rows) {
    spend += Number(row.spend ?? 0)
    impressions += Number(row.impressions ?? 0)
    clicks += Number(row.clicks ?? 0)
    results += purchases(row.actions)
    value += purchases(row.action_values)
  }
  return {
    spend,
    impressions,
    clicks,
    ctr: impressions > 0 ? Math.round((clicks / impressions) * 10_000) / 100 : null,
    results,
    costPerResult: results > 0 ? Math.round(spend / results) : null,
    roas: spend > 0 ? Math.round((value / spend) * 100) / 100 : null,
  }
}

/** One purchase count (Meta lists `purchase` and `omni_purchase`; the larger is the total). */
function purchases(list: unknown): number {
  if (!Array.isArray(list)) return 0
  let best = 0
  for (const entry of list as { action_type?: string; value?: unknown }[]) {
    if (entry.action_type && PURCHASE_TYPES.has(entry.action_type)) {
      best = Math.max(best, Number(entry.value ?? 0))
    }
  }
  return best
}
