import { getMetaConnection } from '#meta/tools/get_meta_connection'
import { listAdAccounts } from '#meta/tools/list_ad_accounts'
import { getAdAccount } from '#meta/tools/get_ad_account'
import { listCampaigns } from '#meta/tools/list_campaigns'
import { listAdSets } from '#meta/tools/list_ad_sets'
import { listAds } from '#meta/tools/list_ads'
import { getInsights } from '#meta/tools/get_insights'
import { updateCampaignStatus } from '#meta/tools/update_campaign_status'
import { updateAdSetStatus } from '#meta/tools/update_ad_set_status'
import { updateAdStatus } from '#meta/tools/update_ad_status'
import { updateCampaignBudget } from '#meta/tools/update_campaign_budget'
import { updateAdSetBudget } from '#meta/tools/update_ad_set_budget'
import { setAccountSpendCap } from '#meta/tools/set_account_spend_cap'

/**
 * The Meta module's published actions (for app/automation/registry/published_actions.ts).
 * Reads need no plan feature; writes need `automation_tools` (Trafficker, Agency).
 */
export const metaTools = [
  getMetaConnection,
  listAdAccounts,
  getAdAccount,
  listCampaigns,
  listAdSets,
  listAds,
  getInsights,
  updateCampaignStatus,
  updateAdSetStatus,
  updateAdStatus,
  updateCampaignBudget,
  updateAdSetBudget,
  setAccountSpendCap,
]
