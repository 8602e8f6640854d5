/**
 * Pure rules of the Automation page (spec §2 Automation, §6 premium gating, §9). The plan gates
 * themselves are the server's: the session user's `features`.
 */
import type { PlanFeature, ProductFeatureAvailability, PublishedActionInfo } from '~/types'

/** used/limit as a percent with one decimal (spec: "percent to 1 decimal"); 0 without a limit. */
export function usagePercentOneDecimal(
  used: number | null | undefined,
  limit: number | null | undefined
): number {
  const total = Number(used ?? 0)
  const max = Number(limit ?? 0)
  if (!Number.isFinite(total) || !Number.isFinite(max) || total <= 0 || max <= 0) return 0
  return Math.round((total / max) * 1000) / 10
}

/** Requests left this month, never negative. */
export function remainingCalls(used: number | null | undefined, limit: number): number {
  return Math.max(0, limit - Number(used ?? 0))
}

/** The label of a promised feature that does not exist yet. */
export const COMING_SOON = 'Coming Soon'

/**
 * ready: usable now; locked: behind a plan gate or a setup step; soon: the feature does not
 * exist yet; unknown: its status could not be loaded (never shown as "Setup Required").
 */
export type FeatureTone = 'ready' | 'locked' | 'soon' | 'unknown'

/** The Meta-backed cards' status while the Meta connection status could not be loaded. */
export const STATUS_UNAVAILABLE = 'Status unavailable'

export interface FeatureCardStatus {
  id: 'campaign_analytics' | 'audience_insights' | 'performance_alerts' | 'lead_tracking'
  title: string
  description: string
  status: string
  tone: FeatureTone
}

/**
 * The four feature cards and their status (spec §2 Automation):
 * - Campaign Analytics, Audience Insights: Connected with a Meta connection Meta accepts, else
 *   Setup Required (no connection, or one to renew); Status unavailable when `metaConnected` is
 *   null (the connection status failed to load: a failed load is never "not connected");
 * - Performance Alerts: Coming Soon until the alerts module publishes `list_notifications`;
 *   then Available when the plan has `performance_alerts` (any paid plan), else Premium Feature;
 * - Lead Tracking: Coming Soon until `list_leads` is published; then Available when the plan
 *   has `lead_tracking` (Agency), else Agency Only.
 * `features` are the session user's plan features, as the server's gate grants them;
 * `available` is the shared prop `productFeatures` (issue 12 §3: no claim before the feature).
 */
export function featureCards(
  metaConnected: boolean | null,
  features: readonly PlanFeature[],
  available: Pick<ProductFeatureAvailability, 'performance_alerts' | 'lead_tracking'>
): FeatureCardStatus[] {
  const gated = (id: 'performance_alerts' | 'lead_tracking', locked: string) => {
    if (!available[id]) return { status: COMING_SOON, tone: 'soon' as const }
    return features.includes(id)
      ? { status: 'Available', tone: 'ready' as const }
      : { status: locked, tone: 'locked' as const }
  }
  const meta =
    metaConnected === null
      ? { status: STATUS_UNAVAILABLE, tone: 'unknown' as const }
      : metaConnected
        ? { status: 'Connected', tone: 'ready' as const }
        : { status: 'Setup Required', tone: 'locked' as const }
  return [
    {
      id: 'campaign_analytics',
      title: 'Campaign Analytics',
      description: 'Spend, results and ROAS of your Meta campaigns, from the API and MCP tools.',
      ...meta,
    },
    {
      id: 'audience_insights',
      title: 'Audience Insights',
      description: 'Breakdowns by age, gender, country and placement from Meta insights.',
      ...meta,
    },
    {
      id: 'performance_alerts',
      title: 'Performance Alerts',
      description:
        'Notifications when spend, results, your quota or your Meta connection need attention.',
      ...gated('performance_alerts', 'Premium Feature'),
    },
    {
      id: 'lead_tracking',
      title: 'Lead Tracking',
      description: 'Follow leads from your lead-generation campaigns.',
      ...gated('lead_tracking', 'Agency Only'),
    },
  ]
}

/** Actions grouped by module, in the order the server lists them. */
export function groupByModule(
  actions: readonly PublishedActionInfo[]
): Array<[string, PublishedActionInfo[]]> {
  const groups = new Map<string, PublishedActionInfo[]>()
  for (const action of actions) {
    const list = groups.get(action.module) ?? []
    list.push(action)
    groups.set(action.module, list)
  }
  return [...groups.entries()]
}

/** The name shown for a token (spec: fallback 'Unnamed Token'). */
export function tokenDisplayName(name: string | null | undefined): string {
  return name?.trim() ? name : 'Unnamed Token'
}
