import { inject } from '@adonisjs/core'
import type ApiToken from '#keys/models/api_token'
import { ListApiKeys } from '#keys/actions/list_api_keys'
import { ActionRegistry } from '#registry/action_registry'
import { GetAccountUsage } from '#usage/actions/get_account_usage'
import { GetCallActivity } from '#usage/actions/get_call_activity'
import { ListRuleActivity } from '#rules/actions/list_rule_activity'
import { AppError } from '#shared/errors'
import { planHasFeature } from '#accounts/plan_catalog'
import type { AuthorizedEmbedSession } from '#embeds/actions/authorize_embed_request'
import type {
  CampaignFigures,
  EmbedCampaignPerformance,
  EmbedKey,
  EmbedQuota,
  EmbedRecentCall,
  EmbedRuleRun,
  EmbedSessionInfo,
  EmbedUsage,
} from '#embeds/types'

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
    private accountUsage: GetAccountUsage,
    private activity: GetCallActivity,
    private listKeys: ListApiKeys,
    private registry: ActionRegistry,
    private ruleRuns: ListRuleActivity
  ) {}

  /**
   * The session's client key (with this month's usage), or null for an account-wide session.
   * @throws AppError 403 `embed_key_revoked` when the key was revoked since
   */
  async #scopedKey(session: AuthorizedEmbedSession['session']): Promise<ApiToken | null> {
    if (!session.keyId) return null
    const keys = await this.listKeys.execute(session.userId)
    const key = keys.find((candidate) => candidate.id === session.keyId)
    if (!key) {
      throw new AppError(
        'embed_key_revoked',
        'The client key of this embed session has been revoked.',
        403
      )
    }
    return key
  }

  /** What the widgets need to know about their session. */
  async info({ session, planId }: AuthorizedEmbedSession): Promise<EmbedSessionInfo> {
    const key = await this.#scopedKey(session)
    const unbranded = planHasFeature(planId, 'embed_unbranded') && session.hidePoweredBy
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
  async quota({ session }: AuthorizedEmbedSession): Promise<EmbedQuota> {
    const account = await this.accountUsage.execute(session.userId)
    const key = await this.#scopedKey(session)
    if (!key) {
      return {
        scope: 'account',
        used: account.total,
        limit: account.limit,
        remaining: account.remaining,
        period: account.period,
        resetsAt: account.resetsAt,
      }
    }
    const used = Number(key.$extras.usage ?? 0)
    const limit = key.monthlyLimit ?? account.limit
    return {
      scope: 'key',
      used,
      limit,
      remaining: Math.max(0, Math.min(limit - used, account.remaining)),
      period: account.period,
      resetsAt: account.resetsAt,
    }
  }

  /** This month's calls per day (every day from the 1st to today) and the top 8 actions. */
  async usage({ session }: AuthorizedEmbedSession): Promise<EmbedUsage> {
    await this.#scopedKey(session)
    return this.activity.month(session.userId, session.keyId)
  }

  /** The latest `limit` (1-50) calls, newest first. */
  async recentCalls({ session }: AuthorizedEmbedSession, limit = 10): Promise<EmbedRecentCall[]> {
    await this.#scopedKey(session)
    return this.activity.recent(session.userId, session.keyId, limit)
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
   * The latest `limit` (1-50) runs of the account's automated rules, newest first, with the
   * changes each made: a session with ad accounts sees only rules scoped to a list of those
   * accounts; a session without sees all the account's rules. Not narrowed by a client key
   * (rules belong to the account).
   */
  async ruleActivity({ session }: AuthorizedEmbedSession, limit = 10): Promise<EmbedRuleRun[]> {
    return this.ruleRuns.execute(session.userId, {
      adAccountIds: session.adAccountIds.length ? session.adAccountIds : null,
      limit,
    })
  }

  /**
   * Spend, impressions, clicks, CTR, results (purchases), cost per result and ROAS of one of
   * the session's ad accounts, in total and per day, through the `get_insights` action
   * (Meta Ads Insights, `time_increment=1`).
   * @throws AppError 403 `embed_ad_account_not_allowed`, 422 `validation_failed`, Meta errors
   */
  async campaignPerformance(
    { session, planId }: AuthorizedEmbedSession,
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
    const caller = { userId: session.userId, planId, tokenId: null }
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
