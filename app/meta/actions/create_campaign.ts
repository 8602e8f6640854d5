import { inject } from '@adonisjs/core'
import { AppError } from '#shared/errors'
import { MetaAccess } from '#meta/services/meta_access'
import { CAMPAIGN_DETAIL_FIELDS, toCampaignDetails } from '#meta/services/normalize'
import { assertBudgetAmount, type Objective } from '#meta/services/campaign_rules'
import { compactParams, runCreation } from '#meta/actions/write_plan'
import type { WriteResult } from '#meta/actions/write_preview'

export interface CreateCampaignInput {
  adAccountId: string
  name: string
  objective: Objective
  specialAdCategories?: string[]
  /** Campaign budget (Advantage campaign budget), minor units; omit both for ad set budgets. */
  dailyBudget?: number
  lifetimeBudget?: number
  bidStrategy?: string
  /** Ad sets may share up to 20 % of their budgets (only without a campaign budget). */
  adSetBudgetSharing?: boolean
  /** Campaign spend cap, minor units. */
  spendCap?: number
  stopTime?: string
  status?: 'PAUSED' | 'ACTIVE'
  confirm?: boolean
}

/**
 * Creates a campaign (`POST /act_<id>/campaigns`, Marketing API Campaign: name, objective,
 * status, special_ad_categories, daily_budget | lifetime_budget, bid_strategy, spend_cap,
 * stop_time, is_adset_budget_sharing_enabled — sent when there is no campaign budget, as
 * v24+ requires). PAUSED unless told otherwise. Preview (the exact request and the campaign to
 * be created) unless `confirm: true`.
 * @throws AppError 422 `validation_failed` (both budgets; a lifetime budget without stopTime),
 *   `meta_budget_not_positive`; 404 `meta_object_not_owned`; 409 `meta_not_connected`; Meta errors
 */
@inject()
export class CreateCampaign {
  constructor(private meta: MetaAccess) {}

  async execute(userId: number, input: CreateCampaignInput): Promise<WriteResult> {
    if (input.dailyBudget !== undefined && input.lifetimeBudget !== undefined) {
      throw new AppError(
        'validation_failed',
        'Give dailyBudget or lifetimeBudget, not both (or neither, to budget the ad sets).',
        422,
        { field: 'lifetimeBudget' }
      )
    }
    if (input.dailyBudget !== undefined)
      assertBudgetAmount(input.dailyBudget, 'dailyBudget', null, true)
    if (input.lifetimeBudget !== undefined) {
      assertBudgetAmount(input.lifetimeBudget, 'lifetimeBudget', null, true)
      if (!input.stopTime) {
        throw new AppError(
          'validation_failed',
          'A campaign with a lifetime budget needs a stopTime.',
          422,
          { field: 'stopTime' }
        )
      }
    }
    if (input.spendCap !== undefined) assertBudgetAmount(input.spendCap, 'spendCap', null, true)
    const session = await this.meta.forUser(userId)
    const account = await session.ownedAdAccount(input.adAccountId)
    const campaignBudget = input.dailyBudget !== undefined || input.lifetimeBudget !== undefined
    const categories = (input.specialAdCategories ?? []).filter((category) => category !== 'NONE')
    const params = compactParams({
      name: input.name,
      objective: input.objective,
      status: input.status ?? 'PAUSED',
      special_ad_categories: categories,
      daily_budget: input.dailyBudget === undefined ? undefined : String(input.dailyBudget),
      lifetime_budget:
        input.lifetimeBudget === undefined ? undefined : String(input.lifetimeBudget),
      bid_strategy: input.bidStrategy,
      spend_cap: input.spendCap === undefined ? undefined : String(input.spendCap),
      stop_time: input.stopTime,
      is_adset_budget_sharing_enabled: campaignBudget
        ? undefined
        : (input.adSetBudgetSharing ?? false),
    })
    return runCreation(session, {
      objectType: 'campaign',
      account,
      name: input.name,
      request: { method: 'POST', path: `${account.id}/campaigns`, params },
      confirm: input.confirm,
      warnings:
        input.status === 'ACTIVE'
          ? [
              'The campaign is created ACTIVE: its ad sets and ads start delivering once they exist.',
            ]
          : [],
      read: async (id) =>
        toCampaignDetails(
          await session.get(id, { fields: CAMPAIGN_DETAIL_FIELDS }, account.id),
          account.currency
        ),
    })
  }
}
