/*
| Shapes of the embed endpoints (issue 17), imported as types by the screens and by the
| @adrelay/widgets package so they are declared once. No imports here: browser builds read it.
*/

/** The widgets an embed session may show. */
export const EMBED_COMPONENTS = [
  'quota',
  'usage',
  'recent_calls',
  'keys',
  'campaign_performance',
  'rule_activity',
] as const

export type EmbedComponent = (typeof EMBED_COMPONENTS)[number]

/** `POST /api/v1/embed/sessions` → 201 */
export interface CreatedEmbedSession {
  id: string
  /** `<id>_secret_<random>`: give it to the browser; shown once */
  clientSecret: string
  /** ISO 8601 instant */
  expiresAt: string
}

/** An embed session as `GET /api/v1/embed/sessions` lists it (never its secret). */
export interface ListedEmbedSession {
  id: string
  components: EmbedComponent[]
  keyId: number | null
  adAccountIds: string[]
  allowedOrigins: string[]
  hidePoweredBy: boolean
  status: 'active' | 'expired' | 'revoked'
  createdAt: string
  expiresAt: string
  revokedAt: string | null
}

/** `GET /embed/v1/<id>/session`: what the widgets need to know about their session. */
export interface EmbedSessionInfo {
  id: string
  components: EmbedComponent[]
  adAccountIds: string[]
  /** The client key the session is scoped to (label only), or null for the whole account */
  key: { label: string | null } | null
  /** Whether the "Powered by Adrelay" line must be shown (Agency plans may hide it) */
  poweredBy: boolean
  expiresAt: string
}

/** `GET /embed/v1/<id>/quota`: used / limit / resets for the account or one client key. */
export interface EmbedQuota {
  scope: 'account' | 'key'
  /** Requests counted this calendar month (UTC) */
  used: number
  /** The key's own limit, else the plan's quota */
  limit: number
  /** What can still be called this month (the smaller of the key's and the account's room) */
  remaining: number
  /** YYYY-MM */
  period: string
  /** ISO 8601 instant the counters reset (the first of next month, UTC) */
  resetsAt: string
}

/** `GET /embed/v1/<id>/usage`: this month's calls per day and the most called actions. */
export interface EmbedUsage {
  period: string
  daily: { date: string; calls: number; successful: number; failed: number }[]
  byAction: { action: string; calls: number }[]
}

/** `GET /embed/v1/<id>/recent_calls`: the latest calls, newest first. */
export interface EmbedRecentCall {
  method: string
  endpoint: string
  statusCode: number
  responseTimeMs: number
  createdAt: string
}

/** `GET /embed/v1/<id>/keys`: keys masked, with last use and this month's usage. */
export interface EmbedKey {
  name: string
  label: string | null
  /** Masked: the first characters then bullets; never the key */
  token: string
  lastUsedAt: string | null
  usage: number
  monthlyLimit: number | null
}

/**
 * `GET /embed/v1/<id>/campaign_performance?adAccountId=act_…&datePreset=last_7d|last_30d`:
 * Meta Ads Insights of one allowed ad account. Money in minor units of `currency`.
 */
export interface EmbedCampaignPerformance {
  adAccountId: string
  currency: string
  datePreset: string
  totals: CampaignFigures
  daily: (CampaignFigures & { date: string })[]
}

export interface CampaignFigures {
  /** Minor units of `currency` */
  spend: number
  impressions: number
  clicks: number
  /** Percent, clicks / impressions × 100; null without impressions */
  ctr: number | null
  /** Purchases (Meta `purchase` / `omni_purchase` actions) */
  results: number
  /** Minor units per result; null without results */
  costPerResult: number | null
  /** Purchase value / spend; null without spend */
  roas: number | null
}

/**
 * `GET /embed/v1/<id>/rule_activity?limit=1-50`: the latest runs of the account's automated
 * rules, newest first. A session with ad accounts sees only rules scoped to a list of them
 * (never `"all"`); a session without sees every rule (ADR 0015).
 */
export interface EmbedRuleRun {
  id: number
  ruleName: string
  /** `dry_run` plans without writing; `approval` waits for a person; `auto` writes */
  mode: 'dry_run' | 'approval' | 'auto'
  trigger: 'schedule' | 'manual'
  status: 'running' | 'completed' | 'skipped' | 'failed'
  /** ISO 8601, UTC */
  startedAt: string
  finishedAt: string | null
  /** Objects in scope the run looked at */
  evaluated: number
  /** Objects whose conditions held */
  matched: number
  /** Objects the rule changed (or notified about) */
  acted: number
  /** At most 50 per run */
  changes: EmbedRuleChange[]
}

/** One object a run changed or would change. Budgets and bids in minor units. */
export interface EmbedRuleChange {
  adAccountId: string
  objectType: 'campaign' | 'ad_set' | 'ad'
  objectId: string
  objectName: string
  action: string
  /** status | daily_budget | lifetime_budget | bid_amount; null for notify/webhook */
  field: string | null
  before: string | null
  after: string | null
  status:
    | 'planned'
    | 'pending_approval'
    | 'approving'
    | 'executed'
    | 'skipped'
    | 'failed'
    | 'rejected'
    | 'reverted'
}

/**
 * `GET /api/embed/bundle`: the script-tag build as the app serves it. A type alias, not an
 * interface: Inertia page props must be plain JSON records (index-signature compatible).
 */
export type WidgetBundleInfo = {
  version: string
  /** `/widgets/<version>/adrelay-widgets.js` */
  path: string
  /** Subresource Integrity value (W3C SRI), `sha384-<base64>` */
  integrity: string
}
