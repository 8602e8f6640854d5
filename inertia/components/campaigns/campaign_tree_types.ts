import type { MetricKey, RowMetrics, SortDirection } from '~/lib/campaigns'

/**
 * The shapes and per-level constants of the Campaigns table: one row whatever its level, the
 * write a row asks the page to preview, the sort, and which action and id field each level uses.
 */

export type TreeKind = 'campaign' | 'ad_set' | 'ad'

/** One row of the tree, whatever its level. */
export interface TreeObject {
  kind: TreeKind
  id: string
  name: string
  status: string
  effectiveStatus: string
  /** The campaign's objective (ad sets and ads inherit it; decides what a result is). */
  objective: string | null
  currency: string
  dailyBudget: number | null
  lifetimeBudget: number | null
  /** An ad set under a campaign budget has none of its own. */
  underCampaignBudget: boolean
  metrics: RowMetrics
}

/** A write the page should preview and confirm (see WritePreviewDialog). */
export interface WriteRequest {
  title: string
  action: string
  input: Record<string, unknown>
  confirmLabel: string
  successTitle: string
  destructive?: boolean
}

export interface TreeHandlers {
  onWrite: (request: WriteRequest) => void
  onDetails: (object: TreeObject) => void
}

export interface SortState {
  key: MetricKey | 'name'
  direction: SortDirection
}

export const KIND_LABEL: Record<TreeKind, string> = {
  campaign: 'Campaign',
  ad_set: 'Ad set',
  ad: 'Ad',
}
export const ID_FIELD: Record<TreeKind, string> = {
  campaign: 'campaignId',
  ad_set: 'adSetId',
  ad: 'adId',
}
export const STATUS_ACTION: Record<TreeKind, string> = {
  campaign: 'update_campaign_status',
  ad_set: 'update_ad_set_status',
  ad: 'update_ad_status',
}
export const BUDGET_ACTION: Record<Exclude<TreeKind, 'ad'>, string> = {
  campaign: 'update_campaign_budget',
  ad_set: 'update_ad_set_budget',
}
export const DUPLICATE_ACTION: Record<TreeKind, string> = {
  campaign: 'duplicate_campaign',
  ad_set: 'duplicate_ad_set',
  ad: 'duplicate_ad',
}
