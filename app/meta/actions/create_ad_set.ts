import { inject } from '@adonisjs/core'
import { AppError } from '#shared/errors'
import { MetaAccess, type MetaUserSession } from '#meta/services/meta_access'
import {
  AD_SET_DETAIL_FIELDS,
  CAMPAIGN_DETAIL_FIELDS,
  toAdSetDetails,
} from '#meta/services/normalize'
import { minorStringToInt } from '#meta/services/currency'
import {
  DEFAULT_GOAL,
  assertBidFits,
  assertBudgetAmount,
  assertGoalFits,
  type BillingEvent,
  type Objective,
  type OptimizationGoal,
} from '#meta/services/campaign_rules'
import { compactParams, runCreation } from '#meta/actions/write_plan'
import { checkTargeting, withAdvantageAudience } from '#meta/actions/targeting_checks'
import { checkPromotedObject } from '#meta/actions/promoted_object_checks'
import type { WriteResult } from '#meta/actions/write_preview'
import type { AdAccount } from '#meta/services/normalize'

export interface CreateAdSetInput {
  campaignId: string
  name: string
  optimizationGoal?: OptimizationGoal
  billingEvent?: BillingEvent
  dailyBudget?: number
  lifetimeBudget?: number
  bidStrategy?: string
  bidAmount?: number
  bidConstraints?: { roasAverageFloor: number }
  targeting: Record<string, any>
  startTime?: string
  endTime?: string
  frequencyControlSpecs?: Array<Record<string, unknown>>
  promotedObject?: Record<string, unknown>
  destinationType?: string
  dynamicCreative?: boolean
  status?: 'PAUSED' | 'ACTIVE'
  confirm?: boolean
}

/** The parent campaign as the ad-set checks need it. */
export async function parentCampaign(
  session: MetaUserSession,
  campaignId: string,
  account: AdAccount
) {
  const node = await session.get(campaignId, { fields: CAMPAIGN_DETAIL_FIELDS }, account.id)
  return {
    node,
    objective: (node.objective ?? null) as Objective | null,
    specialAdCategories: Array.isArray(node.special_ad_categories)
      ? (node.special_ad_categories as string[])
      : [],
    hasBudget:
      minorStringToInt(node.daily_budget, true) !== null ||
      minorStringToInt(node.lifetime_budget, true) !== null,
    bidStrategy: (node.bid_strategy ?? null) as string | null,
  }
}

/**
 * Creates an ad set in a campaign (`POST /act_<id>/adsets`, Marketing API Ad Set). Before Meta
 * is called it checks: the campaign is the user's; the optimization goal fits the objective and
 * the billing event fits the goal; a budget is given exactly when the campaign has none (Meta
 * subcode 1885621 otherwise); a lifetime budget has an end time; bid caps have a bid amount;
 * frequency caps only with REACH; the targeting obeys the campaign's Special Ad Category and
 * names real interests; the promoted object is the one the objective and goal need (pixel and
 * event, Page, or app and store URL) and the account's (`checkPromotedObject`).
 * PAUSED by default; preview unless `confirm: true`.
 * @throws AppError 422 `meta_optimization_goal_invalid`, `meta_billing_event_invalid`,
 *   `meta_budget_conflict`, `meta_budget_required`, `meta_budget_not_positive`,
 *   `meta_bid_amount_required`, `meta_frequency_cap_not_supported`,
 *   `meta_targeting_not_allowed`, `meta_invalid_interest`, `meta_promoted_object_required`,
 *   `meta_promoted_object_invalid`, `validation_failed`;
 *   404 `meta_object_not_owned`; 409 `meta_not_connected`; Meta errors
 */
@inject()
export class CreateAdSet {
  constructor(private meta: MetaAccess) {}

  async execute(userId: number, input: CreateAdSetInput): Promise<WriteResult> {
    const session = await this.meta.forUser(userId)
    const { account } = await session.ownedObject(input.campaignId, 'campaign', 'campaignId')
    const campaign = await parentCampaign(session, input.campaignId, account)
    const goal =
      input.optimizationGoal ?? DEFAULT_GOAL[campaign.objective as Objective] ?? 'LINK_CLICKS'
    const billingEvent = input.billingEvent ?? 'IMPRESSIONS'
    assertGoalFits(campaign.objective, goal, billingEvent)

    const budgets = [input.dailyBudget, input.lifetimeBudget].filter((value) => value !== undefined)
    if (budgets.length === 2) {
      throw new AppError(
        'validation_failed',
        'Give dailyBudget or lifetimeBudget, not both.',
        422,
        {
          field: 'lifetimeBudget',
        }
      )
    }
    if (campaign.hasBudget && budgets.length > 0) {
      throw new AppError(
        'meta_budget_conflict',
        `Campaign ${input.campaignId} uses a campaign budget (Advantage campaign budget): its ad sets cannot have their own. Leave dailyBudget and lifetimeBudget out.`,
        422,
        { metaSubcode: 1885621, campaignId: input.campaignId, budgetLevel: 'campaign' }
      )
    }
    if (!campaign.hasBudget && budgets.length === 0) {
      throw new AppError(
        'meta_budget_required',
        `Campaign ${input.campaignId} has no campaign budget, so the ad set needs a dailyBudget or lifetimeBudget.`,
        422,
        { field: 'dailyBudget', campaignId: input.campaignId, budgetLevel: 'ad_set' }
      )
    }
    if (input.dailyBudget !== undefined)
      assertBudgetAmount(input.dailyBudget, 'dailyBudget', null, true)
    if (input.lifetimeBudget !== undefined) {
      assertBudgetAmount(input.lifetimeBudget, 'lifetimeBudget', null, true)
      if (!input.endTime) {
        throw new AppError(
          'validation_failed',
          'An ad set with a lifetime budget needs an endTime.',
          422,
          {
            field: 'endTime',
          }
        )
      }
    }
    assertSchedule(input.startTime, input.endTime)
    assertBidFits(
      input.bidStrategy ?? campaign.bidStrategy,
      input.bidAmount,
      input.bidConstraints?.roasAverageFloor
    )
    if (input.frequencyControlSpecs && goal !== 'REACH') {
      throw new AppError(
        'meta_frequency_cap_not_supported',
        'Frequency caps are only available for ad sets optimized for REACH.',
        422,
        { field: 'frequencyControlSpecs' }
      )
    }
    const targeting = withAdvantageAudience(input.targeting)
    await checkTargeting(session, account, campaign.specialAdCategories, targeting)
    await checkPromotedObject(session, account, campaign.objective, goal, input.promotedObject)

    const params = compactParams({
      name: input.name,
      campaign_id: input.campaignId,
      status: input.status ?? 'PAUSED',
      optimization_goal: goal,
      billing_event: billingEvent,
      daily_budget: input.dailyBudget === undefined ? undefined : String(input.dailyBudget),
      lifetime_budget:
        input.lifetimeBudget === undefined ? undefined : String(input.lifetimeBudget),
      bid_strategy: input.bidStrategy,
      bid_amount: input.bidAmount === undefined ? undefined : String(input.bidAmount),
      bid_constraints: input.bidConstraints
        ? { roas_average_floor: input.bidConstraints.roasAverageFloor }
        : undefined,
      targeting,
      start_time: input.startTime,
      end_time: input.endTime,
      frequency_control_specs: input.frequencyControlSpecs,
      promoted_object: input.promotedObject,
      destination_type: input.destinationType,
      is_dynamic_creative: input.dynamicCreative ? true : undefined,
    })
    return runCreation(session, {
      objectType: 'ad_set',
      account,
      name: input.name,
      request: { method: 'POST', path: `${account.id}/adsets`, params },
      confirm: input.confirm,
      read: async (id) =>
        toAdSetDetails(
          await session.get(id, { fields: AD_SET_DETAIL_FIELDS }, account.id),
          account.currency
        ),
    })
  }
}

/**
 * End after start, both valid times.
 * @throws AppError 422 `validation_failed`
 */
export function assertSchedule(startTime: string | undefined, endTime: string | undefined) {
  if (startTime && endTime && Date.parse(endTime) <= Date.parse(startTime)) {
    throw new AppError('validation_failed', 'endTime must be after startTime.', 422, {
      field: 'endTime',
    })
  }
  if (endTime && Date.parse(endTime) <= Date.now()) {
    throw new AppError('validation_failed', 'endTime must be in the future.', 422, {
      field: 'endTime',
    })
  }
}
