/**
 * Meta's enum values in the words people read (Ads Manager's wording where it has one): the
 * server's preview texts and the screens use the same tables. Pure data and functions without
 * imports, so the front end can import it (`inertia/lib/campaigns.ts`).
 */

/** Outcome-based objectives. */
export const OBJECTIVE_LABELS: Record<string, string> = {
  OUTCOME_AWARENESS: 'Awareness',
  OUTCOME_TRAFFIC: 'Traffic',
  OUTCOME_ENGAGEMENT: 'Engagement',
  OUTCOME_LEADS: 'Leads',
  OUTCOME_APP_PROMOTION: 'App promotion',
  OUTCOME_SALES: 'Sales',
}

/** Configured and effective statuses, and the status options of copies. */
export const STATUS_LABELS: Record<string, string> = {
  ACTIVE: 'Active',
  PAUSED: 'Paused',
  ARCHIVED: 'Archived',
  DELETED: 'Deleted',
  CAMPAIGN_PAUSED: 'Campaign paused',
  ADSET_PAUSED: 'Ad set paused',
  IN_PROCESS: 'In process',
  WITH_ISSUES: 'With issues',
  PENDING_REVIEW: 'In review',
  DISAPPROVED: 'Rejected',
  INHERITED_FROM_SOURCE: 'Same as the original',
}

/** Ad set optimization goals ("Performance goal" in Ads Manager). */
export const OPTIMIZATION_GOAL_LABELS: Record<string, string> = {
  AD_RECALL_LIFT: 'Ad recall lift',
  APP_INSTALLS: 'App installs',
  APP_INSTALLS_AND_OFFSITE_CONVERSIONS: 'App installs and app events',
  CONVERSATIONS: 'Conversations',
  ENGAGED_USERS: 'Engaged users',
  EVENT_RESPONSES: 'Event responses',
  IMPRESSIONS: 'Impressions',
  LANDING_PAGE_VIEWS: 'Landing page views',
  LEAD_GENERATION: 'Leads (instant forms)',
  LINK_CLICKS: 'Link clicks',
  OFFSITE_CONVERSIONS: 'Conversions',
  PAGE_LIKES: 'Page likes',
  POST_ENGAGEMENT: 'Post engagement',
  PROFILE_VISIT: 'Profile visits',
  QUALITY_CALL: 'Calls',
  QUALITY_LEAD: 'Conversion leads',
  REACH: 'Reach',
  THRUPLAY: 'ThruPlays',
  VALUE: 'Conversion value',
  VISIT_INSTAGRAM_PROFILE: 'Instagram profile visits',
}

/** What an ad set pays for. */
export const BILLING_EVENT_LABELS: Record<string, string> = {
  IMPRESSIONS: 'Impressions',
  LINK_CLICKS: 'Link clicks',
  APP_INSTALLS: 'App installs',
  PAGE_LIKES: 'Page likes',
  POST_ENGAGEMENT: 'Post engagement',
  THRUPLAY: 'ThruPlays',
}

/** Bid strategies (Ads Manager's names). */
export const BID_STRATEGY_LABELS: Record<string, string> = {
  LOWEST_COST_WITHOUT_CAP: 'Highest volume',
  LOWEST_COST_WITH_BID_CAP: 'Bid cap',
  COST_CAP: 'Cost per result goal',
  LOWEST_COST_WITH_MIN_ROAS: 'ROAS goal',
}

/** Conversion events whose words are not the enum's in sentence case. */
const CONVERSION_EVENT_LABELS: Record<string, string> = {
  INITIATED_CHECKOUT: 'Initiate checkout',
  CONTENT_VIEW: 'View content',
  D2_RETENTION: 'Day 2 retention',
  D7_RETENTION: 'Day 7 retention',
  MESSAGING_CONVERSATION_STARTED_7D: 'Messaging conversation started',
  OTHER: 'Other (custom event)',
}

/** `FINANCIAL_PRODUCTS_SERVICES` → `Financial products services`. */
export function enumWords(value: string): string {
  const words = value.replace(/_/g, ' ').toLowerCase()
  return words.charAt(0).toUpperCase() + words.slice(1)
}

/** A conversion event (`custom_event_type`) in words: `ADD_TO_CART` → `Add to cart`. */
export function conversionEventLabel(value: string): string {
  return CONVERSION_EVENT_LABELS[value] ?? enumWords(value)
}

/** `value` from `table` in words, or the enum in sentence case when the table lacks it. */
export function labelOf(table: Record<string, string>, value: string): string {
  return table[value] ?? enumWords(value)
}
