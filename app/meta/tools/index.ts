import { getMetaConnection } from '#meta/tools/get_meta_connection'
import { listAdAccounts } from '#meta/tools/list_ad_accounts'
import { getAdAccount } from '#meta/tools/get_ad_account'
import { listCampaigns } from '#meta/tools/list_campaigns'
import { listAdSets } from '#meta/tools/list_ad_sets'
import { listAds } from '#meta/tools/list_ads'
import { getInsights } from '#meta/tools/get_insights'
import { getSpendForecast } from '#meta/tools/get_spend_forecast'
import { updateCampaignStatus } from '#meta/tools/update_campaign_status'
import { updateAdSetStatus } from '#meta/tools/update_ad_set_status'
import { updateAdStatus } from '#meta/tools/update_ad_status'
import { updateCampaignBudget } from '#meta/tools/update_campaign_budget'
import { updateAdSetBudget } from '#meta/tools/update_ad_set_budget'
import { setAccountSpendCap } from '#meta/tools/set_account_spend_cap'

import { getCampaign } from '#meta/tools/get_campaign'
import { getAdSet } from '#meta/tools/get_ad_set'
import { getAd } from '#meta/tools/get_ad'
import { listAdCreatives } from '#meta/tools/list_ad_creatives'
import { listPages } from '#meta/tools/list_pages'
import { listPixels } from '#meta/tools/list_pixels'
import { listAdvertisableApps } from '#meta/tools/list_advertisable_apps'
import { searchTargeting } from '#meta/tools/search_targeting'
import { estimateAudienceSize } from '#meta/tools/estimate_audience_size'
import { listBudgetSchedules } from '#meta/tools/list_budget_schedules'
import { createCampaign } from '#meta/tools/create_campaign'
import { createAdSet } from '#meta/tools/create_ad_set'
import { uploadAdImage } from '#meta/tools/upload_ad_image'
import { createAdCreative } from '#meta/tools/create_ad_creative'
import { createAd } from '#meta/tools/create_ad'
import { duplicateCampaign } from '#meta/tools/duplicate_campaign'
import { duplicateAdSet } from '#meta/tools/duplicate_ad_set'
import { duplicateAd } from '#meta/tools/duplicate_ad'
import { updateAdSet } from '#meta/tools/update_ad_set'
import { updateAd } from '#meta/tools/update_ad'
import { archiveObject } from '#meta/tools/archive_object'
import { deleteObject } from '#meta/tools/delete_object'
import { createBudgetSchedule } from '#meta/tools/create_budget_schedule'
import { deleteBudgetSchedule } from '#meta/tools/delete_budget_schedule'

/**
 * The Meta module's published actions (for app/automation/registry/published_actions.ts).
 * Reads need no plan feature, except `get_spend_forecast` (`advanced_analytics`: predictive
 * metrics are part of Advanced Analytics, ADR 0017); writes need `automation_tools` (Trafficker,
 * Agency).
 */
export const metaTools = [
  getMetaConnection,
  listAdAccounts,
  getAdAccount,
  listCampaigns,
  listAdSets,
  listAds,
  getInsights,
  getSpendForecast,
  getCampaign,
  getAdSet,
  getAd,
  listAdCreatives,
  listPages,
  listPixels,
  listAdvertisableApps,
  searchTargeting,
  estimateAudienceSize,
  listBudgetSchedules,
  updateCampaignStatus,
  updateAdSetStatus,
  updateAdStatus,
  updateCampaignBudget,
  updateAdSetBudget,
  setAccountSpendCap,
  createCampaign,
  createAdSet,
  uploadAdImage,
  createAdCreative,
  createAd,
  duplicateCampaign,
  duplicateAdSet,
  duplicateAd,
  updateAdSet,
  updateAd,
  archiveObject,
  deleteObject,
  createBudgetSchedule,
  deleteBudgetSchedule,
]
