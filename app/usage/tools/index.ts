import { getAccount } from '#usage/tools/get_account'
import { getUsage } from '#usage/tools/get_usage'

/** The usage module's published actions (collected by app/automation/registry). */
export const usageTools = [getUsage, getAccount]
