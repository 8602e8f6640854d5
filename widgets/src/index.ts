/**
 * @adrelay/widgets: Adrelay figures in a client portal (issue 17). Wrap the components in
 * `<AdrelayEmbedProvider fetchClientSecret baseUrl appearance>`; use the headless hooks to
 * draw your own UI. The same components as custom elements are the script-tag build, loaded
 * from the Adrelay app (`<script src="https://<adrelay>/widgets/<version>/adrelay-widgets.js">`),
 * not imported from this package (ADR 0015 §10).
 */
export { AdrelayEmbedProvider, type AdrelayEmbedProviderProps } from './provider.js'
export { QuotaMeter } from './components/quota_meter.js'
export { UsageChart } from './components/usage_chart.js'
export { RecentCalls } from './components/recent_calls.js'
export { KeyList } from './components/key_list.js'
export { CampaignPerformance } from './components/campaign_performance.js'
export { RuleActivity } from './components/rule_activity.js'
export {
  useCampaignPerformance,
  useEmbedSession,
  useKeys,
  useQuota,
  useRecentCalls,
  useRuleActivity,
  useUsage,
  REFETCH_INTERVAL_MS,
  type EmbedResource,
} from './hooks.js'
export { EmbedError, REFRESH_MARGIN_MS, type ClientSecretAnswer } from './client.js'
export { ADRELAY_EVENTS, type ErrorDetail, type QuotaThresholdDetail } from './events.js'
export {
  CSS_VARIABLES,
  type AdrelayTheme,
  type Appearance,
  type AppearanceVariables,
} from './theme.js'
export type * from './types.js'
