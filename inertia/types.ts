/**
 * The server's shapes as the screens read them, every one derived from the server's code and
 * none written out here: transformer outputs (`Data.*`, generated from
 * app/<module>/transformers by `node ace codegen`) and, where a transformer does not fit
 * (results of actions that the CLI and other machines read as well), the action's own result
 * type. Change a shape on the server and the screens that read it stop type-checking.
 */
import type { Data } from '@generated/data'
import type { GetAccountUsage } from '#usage/actions/get_account_usage'
import type { GetSuccessRateTrend } from '#usage/actions/get_success_rate_trend'
import type { GetUsageAnalytics } from '#usage/actions/get_usage_analytics'
import type { GetUsageForecast } from '#usage/actions/get_usage_forecast'
import type { GetMetaConnection } from '#meta/actions/get_meta_connection'
import type { ListAdAccounts } from '#meta/actions/list_ad_accounts'
import type { ValidateInvitationCode } from '#billing/actions/validate_invitation_code'
import type { FinalizeSubscription } from '#billing/actions/finalize_subscription'
import type { KeepCurrentPlan } from '#billing/actions/keep_current_plan'
import type { ListAuditEntries } from '#admin/actions/list_audit_entries'

import type AutomationController from '#automation/controllers/automation_controller'
import type { buildClientConfigs } from '#automation/n8n_template'
import type { ListRules } from '#rules/actions/list_rules'
import type { ListRuleRuns } from '#rules/actions/list_rule_runs'
import type { PreviewRule } from '#rules/actions/preview_rule'
import type { BacktestRule } from '#rules/actions/backtest_rule'
import type { RuleTemplate } from '#rules/templates'

/** What an action's `execute` resolves to (what its session endpoint answers). */
type ResultOf<Action extends { execute(...args: any[]): unknown }> = Awaited<
  ReturnType<Action['execute']>
>

/* Accounts and keys (transformers). */
export type SharedProps = Data.SharedProps
export type SessionUser = Data.Accounts.SessionUser
/** A machine-checked plan feature (`PlanFeature` of app/accounts/plan_catalog.ts). */
export type PlanFeature = SessionUser['features'][number]
export type PublicPlan = Data.Accounts.Plan
/** Which promised features exist (app/automation/product_features.ts), keyed by feature id. */
export type ProductFeatureAvailability = SharedProps['productFeatures']
export type ListedApiKey = Data.Keys.ApiKey
export type CreatedApiKey = Data.Keys.ApiKey.Variants['forCreation']

/* Usage (actions). */
export type AccountUsage = ResultOf<GetAccountUsage>
export type { RecentCall } from '#usage/actions/list_recent_calls'
export type SuccessRateTrend = ResultOf<GetSuccessRateTrend>
export type UsageAnalytics = ResultOf<GetUsageAnalytics>
export type UsageForecast = ResultOf<GetUsageForecast>

/* Meta (actions). */
export type MetaStatus = ResultOf<GetMetaConnection>
export type MetaAdAccount = ResultOf<ListAdAccounts>['adAccounts'][number]
export type SpendForecast = ResultOf<import('#meta/actions/get_spend_forecast').GetSpendForecast>

/* Billing (actions and config). */
export type { BillingMode } from '#config/billing'
export type { SubscriptionPreview } from '#billing/actions/preview_subscription_change'
export type { CreateSubscriptionResult } from '#billing/actions/create_subscription'
export type { PendingPayment } from '#billing/actions/get_pending_payment'
export type InvitationValidation = ResultOf<ValidateInvitationCode>
export type FinalizedSubscription = ResultOf<FinalizeSubscription>
export type KeptPlan = ResultOf<KeepCurrentPlan>

/* Admin (actions). */
export type { PlatformStats } from '#admin/actions/get_platform_stats'
export type { ListUsersResult } from '#admin/actions/list_users'
export type { AdminUser } from '#admin/transformers/admin_user'
export type { AdminUserDetail } from '#admin/actions/get_user_detail'
export type { SuspensionResult } from '#admin/actions/set_user_suspension'
export type { InvitationCodeView } from '#billing/actions/list_invitation_codes'
export type { AdminCreateInvitationCodeInput } from '#admin/actions/manage_invitation_codes'
export type AuditLogPage = ResultOf<ListAuditEntries>
export type AuditEntry = AuditLogPage['entries'][number]

/* Automation (the page's props and its endpoint list). */
export type PublishedActionInfo = Awaited<ReturnType<AutomationController['actions']>>[number]
export type McpClientConfig = ReturnType<typeof buildClientConfigs>[number]

/* Automated rules (results of the rules module's published actions). */
export type {
  RuleAction,
  RuleCondition,
  RuleDefinition,
  RuleGuards,
  RuleSchedule,
} from '#rules/definition'
export type RuleSummary = ResultOf<ListRules>['rules'][number]
export type RuleRunView = ResultOf<ListRuleRuns>['runs'][number]
export type RuleRunItemView = NonNullable<RuleRunView['items']>[number]
export type RulePreview = ResultOf<PreviewRule>
export type RuleBacktest = ResultOf<BacktestRule>
export type RuleTemplateView = RuleTemplate

/* Campaigns page (Meta actions through /api/actions/:name). */
export type { Campaign, AdSet, Ad } from '#meta/services/normalize'
export type { WriteResult, FieldChange, GraphRequestPlan } from '#meta/actions/write_preview'
export type InsightsResult = ResultOf<import('#meta/actions/get_insights').GetInsights>
export type InsightsRow = InsightsResult['rows'][number]
export type ListCampaignsResult = ResultOf<import('#meta/actions/list_campaigns').ListCampaigns>
export type ListAdSetsResult = ResultOf<import('#meta/actions/list_ad_sets').ListAdSets>
export type ListAdsResult = ResultOf<import('#meta/actions/list_ads').ListAds>
export type ListPagesResult = ResultOf<import('#meta/actions/list_pages').ListPages>
export type { PromotedObjectKind } from '#meta/services/promoted_object_rules'
export type ListPixelsResult = ResultOf<import('#meta/actions/list_pixels').ListPixels>
export type ListAdvertisableAppsResult = ResultOf<
  import('#meta/actions/list_advertisable_apps').ListAdvertisableApps
>
export type TargetingSearchResult = ResultOf<
  import('#meta/actions/search_targeting').SearchTargeting
>
export type AudienceSizeEstimate = ResultOf<
  import('#meta/actions/estimate_audience_size').EstimateAudienceSize
>
/* Alerts (actions; the live push shape from the broadcaster). */
import type { ListNotifications } from '#alerts/actions/list_notifications'
import type { GetAlertPreferences } from '#alerts/actions/alert_preferences'
import type {
  CreateAlertWebhook,
  ListAlertDeliveries,
  ListAlertWebhooks,
} from '#alerts/actions/alert_webhooks'
export type NotificationList = ResultOf<ListNotifications>
export type AlertNotification = NotificationList['notifications'][number]
export type AlertPreferences = ResultOf<GetAlertPreferences>
export type AlertWebhookList = ResultOf<ListAlertWebhooks>
export type CreatedAlertWebhook = ResultOf<CreateAlertWebhook>
export type AlertDeliveryList = ResultOf<ListAlertDeliveries>
export type { NotificationBroadcast } from '#alerts/services/notification_broadcaster'
export type { AlertChannel } from '#alerts/services/alert_defaults'
export type { AlertType } from '#alerts/events'

/* Leads (actions; the page's props from its controller). */
import type { ListLeadForms, ListLeads } from '#leads/actions/list_leads'
import type {
  CreateLeadForwarding,
  ListLeadDeliveries,
  ListLeadForwardings,
} from '#leads/actions/lead_forwardings'
export type LeadFormList = ResultOf<ListLeadForms>
export type LeadList = ResultOf<ListLeads>
export type LeadForwardingList = ResultOf<ListLeadForwardings>
export type CreatedLeadForwarding = ResultOf<CreateLeadForwarding>
export type LeadDeliveryList = ResultOf<ListLeadDeliveries>
export type { LeadsPageProps } from '#leads/types'

/* Data rights (privacy page, profile's Delete my account). */
export type { PrivacyRetention } from '#web/types'
export type { AccountDeletionResult } from '#accounts/actions/delete_account'

// Embeds (issue 17): shapes declared once in app/embeds/types.ts.
export type { CreatedEmbedSession, EmbedComponent, WidgetBundleInfo } from '#embeds/types'
