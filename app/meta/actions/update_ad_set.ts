import { inject } from '@adonisjs/core'
import { AppError } from '#shared/errors'
import { MetaAccess } from '#meta/services/meta_access'
import { AD_SET_DETAIL_FIELDS, toAdSetDetails } from '#meta/services/normalize'
import { minorStringToInt } from '#meta/services/currency'
import { assertBidFits } from '#meta/services/campaign_rules'
import { parentCampaign, assertSchedule } from '#meta/actions/create_ad_set'
import { checkTargeting } from '#meta/actions/targeting_checks'
import { compactParams, displayValue } from '#meta/actions/write_plan'
import { appliedResult, previewResult, type WriteResult } from '#meta/actions/write_preview'

export interface UpdateAdSetInput {
  adSetId: string
  name?: string
  targeting?: Record<string, any>
  bidStrategy?: string
  bidAmount?: number
  bidConstraints?: { roasAverageFloor: number }
  frequencyControlSpecs?: Array<Record<string, unknown>>
  startTime?: string
  endTime?: string
  confirm?: boolean
}

/**
 * Changes an ad set's targeting, bid (strategy, amount, minimum ROAS), frequency cap, schedule
 * or name (`POST /<ad set id>`). Status and budget have their own actions. The same checks as
 * create_ad_set run first (Special Ad Category targeting, interest ids, bid amount for capped
 * strategies, frequency caps only with REACH, end after start). Preview (before → after and the
 * exact request) unless `confirm: true`.
 * @throws AppError 422 `validation_failed` (nothing to change), `meta_targeting_not_allowed`,
 *   `meta_invalid_interest`, `meta_bid_amount_required`, `meta_frequency_cap_not_supported`;
 *   404 `meta_object_not_owned`; Meta errors
 */
@inject()
export class UpdateAdSet {
  constructor(private meta: MetaAccess) {}

  async execute(userId: number, input: UpdateAdSetInput): Promise<WriteResult> {
    const session = await this.meta.forUser(userId)
    const { account } = await session.ownedObject(input.adSetId, 'ad_set', 'adSetId')
    const node = await session.get(input.adSetId, { fields: AD_SET_DETAIL_FIELDS }, account.id)
    const campaign = await parentCampaign(session, String(node.campaign_id), account)

    const wanted = compactParams({
      name: input.name,
      targeting: input.targeting,
      bid_strategy: input.bidStrategy,
      bid_amount: input.bidAmount === undefined ? undefined : String(input.bidAmount),
      bid_constraints: input.bidConstraints
        ? { roas_average_floor: input.bidConstraints.roasAverageFloor }
        : undefined,
      frequency_control_specs: input.frequencyControlSpecs,
      start_time: input.startTime,
      end_time: input.endTime,
    })
    if (Object.keys(wanted).length === 0) {
      throw new AppError('validation_failed', 'Give at least one field to change.', 422, {
        field: 'targeting',
      })
    }
    if (input.targeting) {
      const targeting = {
        ...input.targeting,
        targeting_automation: input.targeting.targeting_automation ??
          node.targeting?.targeting_automation ?? { advantage_audience: 0 },
      }
      wanted.targeting = targeting
      await checkTargeting(session, account, campaign.specialAdCategories, targeting)
    }
    if (input.bidStrategy !== undefined || input.bidAmount !== undefined || input.bidConstraints) {
      assertBidFits(
        input.bidStrategy ?? node.bid_strategy ?? campaign.bidStrategy,
        input.bidAmount ?? minorStringToInt(node.bid_amount, true),
        input.bidConstraints?.roasAverageFloor ?? node.bid_constraints?.roas_average_floor
      )
    }
    if (input.frequencyControlSpecs && node.optimization_goal !== 'REACH') {
      throw new AppError(
        'meta_frequency_cap_not_supported',
        `Frequency caps are only available for ad sets optimized for REACH (this one optimizes for ${node.optimization_goal}).`,
        422,
        { field: 'frequencyControlSpecs' }
      )
    }
    if (input.startTime || input.endTime) {
      assertSchedule(
        input.startTime ?? node.start_time ?? undefined,
        input.endTime ?? node.end_time ?? undefined
      )
    }

    const changes = Object.entries(wanted)
      .map(([field, after]) => ({
        field,
        before: displayValue(node[field]),
        after: displayValue(after),
      }))
      .filter((change) => change.before !== change.after)
    const params = Object.fromEntries(
      changes.map((change) => [change.field, (wanted as Record<string, unknown>)[change.field]])
    )
    const base = {
      objectType: 'ad_set' as const,
      objectId: String(node.id),
      name: String(node.name ?? ''),
      adAccountId: account.id,
      currency: account.currency,
      changes,
      requests:
        changes.length === 0 ? [] : [{ method: 'POST' as const, path: input.adSetId, params }],
      warnings: [] as string[],
    }
    if (!input.confirm) return previewResult(base)
    if (changes.length > 0) await session.post(input.adSetId, params, account.id)
    const after = await session.get(input.adSetId, { fields: AD_SET_DETAIL_FIELDS }, account.id)
    return appliedResult(base, toAdSetDetails(after, account.currency), changes.length > 0)
  }
}
