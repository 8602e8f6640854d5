import { getAccount } from '#usage/tools/get_account'
import { getUsage } from '#usage/tools/get_usage'
import { getUsageForecast } from '#usage/tools/get_usage_forecast'

/** The usage module's published actions (collected by app/automation/registry). */
export const usageTools = [getUsage, getAccount, getUsageForecast]
