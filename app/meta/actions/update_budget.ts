import { AppError } from '#shared/errors'
import type { MetaUserSession } from '#meta/services/meta_access'
import { minorStringToInt } from '#meta/services/currency'
import { toAdSet, toCampaign } from '#meta/services/normalize'
import { assertBudgetAmount } from '#meta/services/campaign_rules'
import { appliedResult, previewResult, type WriteResult } from '#meta/actions/write_preview'

export interface BudgetInput {
  /** New daily budget, integer minor units of the account currency. */
  dailyBudget?: number
  /** New lifetime budget, integer minor units of the account currency. */
  lifetimeBudget?: number
  /** Allow a budget more than 10 × the current one. */
  force?: boolean
  confirm?: boolean
}

const hasBudget = (node: any) =>
  minorStringToInt(node?.daily_budget, true) !== null ||
  minorStringToInt(node?.lifetime_budget, true) !== null

const conflict = (message: string, details: Record<string, unknown>) =>
  new AppError('meta_budget_conflict', message, 422, { metaSubcode: 1885621, ...details })

/**
 * Shared by update_campaign_budget and update_ad_set_budget: validates the amount, checks
 * ownership and refuses, before calling Meta, the changes Meta would reject with error subcode
 * 1885621 (a budget on both the campaign — Advantage campaign budget — and its ad sets):
 * - an ad-set budget while the parent campaign holds the budget;
 * - a campaign budget while the campaign's ad sets hold budgets.
 * Switching between daily and lifetime budgets is refused too (Meta does not allow it once
 * the object has one kind): `meta_budget_type_mismatch`. A budget of 0 or less answers
 * `meta_budget_not_positive`, and one over 10 × the current budget
 * `meta_budget_increase_too_large` unless `force` is true.
 */
export async function updateBudget(
  session: MetaUserSession,
  type: 'campaign' | 'ad_set',
  id: string,
  input: BudgetInput
): Promise<WriteResult> {
  const given = [input.dailyBudget, input.lifetimeBudget].filter(
    (value) => value !== undefined && value !== null
  )
  if (given.length !== 1) {
    throw new AppError(
      'validation_failed',
      'Give exactly one of dailyBudget or lifetimeBudget.',
      422,
      {
        field: 'dailyBudget',
      }
    )
  }
  const amount = given[0] as number
  const inputField = input.dailyBudget !== undefined ? 'dailyBudget' : 'lifetimeBudget'
  assertBudgetAmount(amount, inputField, null, true)
  const field = input.dailyBudget !== undefined ? 'daily_budget' : 'lifetime_budget'
  const other = field === 'daily_budget' ? 'lifetime_budget' : 'daily_budget'
  const idField = type === 'campaign' ? 'campaignId' : 'adSetId'
  const { node, account } = await session.ownedObject(id, type, idField)

  if (type === 'ad_set') {
    const campaign = await session.get(
      String(node.campaign_id),
      { fields: 'id,name,daily_budget,lifetime_budget' },
      account.id
    )
    if (hasBudget(campaign)) {
      throw conflict(
        `Ad set ${id} takes its budget from campaign ${campaign.id} ("${campaign.name}"), which uses a campaign budget (Advantage campaign budget). Change the campaign's budget instead.`,
        { campaignId: String(campaign.id), budgetLevel: 'campaign' }
      )
    }
  } else if (!hasBudget(node)) {
    const adSets = await session.page(
      `${id}/adsets`,
      { fields: 'id,daily_budget,lifetime_budget' },
      { limit: 100, adAccountId: account.id }
    )
    const withBudget = adSets.data.filter(hasBudget).map((adSet: any) => String(adSet.id))
    if (withBudget.length > 0) {
      throw conflict(
        `Campaign ${id} uses ad set budgets (${withBudget.length} ad set${withBudget.length === 1 ? ' has' : 's have'} one). Change the ad sets' budgets instead.`,
        { adSetIds: withBudget, budgetLevel: 'ad_set' }
      )
    }
  }
  if (minorStringToInt(node[other], true) !== null) {
    throw new AppError(
      'meta_budget_type_mismatch',
      `This ${type === 'campaign' ? 'campaign' : 'ad set'} has a ${other.replace('_', ' ')}; Meta does not switch between daily and lifetime budgets. Change its ${other.replace('_', ' ')} instead.`,
      422,
      { field: field === 'daily_budget' ? 'dailyBudget' : 'lifetimeBudget' }
    )
  }

  const before = minorStringToInt(node[field], true)
  assertBudgetAmount(amount, inputField, before, input.force, account.currency)
  const base = {
    objectType: type,
    objectId: String(node.id),
    name: String(node.name ?? ''),
    adAccountId: account.id,
    currency: account.currency,
    changes: [{ field, before, after: amount }],
    requests:
      before === amount
        ? []
        : [{ method: 'POST' as const, path: id, params: { [field]: String(amount) } }],
    warnings: [] as string[],
  }
  if (!input.confirm) return previewResult(base)
  const needed = before !== amount
  if (needed) await session.post(id, { [field]: String(amount) }, account.id)
  const after = needed ? await readNode(session, id, type, idField) : node
  return appliedResult(
    base,
    type === 'campaign' ? toCampaign(after, account.currency) : toAdSet(after, account.currency),
    needed
  )
}

async function readNode(
  session: MetaUserSession,
  id: string,
  type: 'campaign' | 'ad_set',
  field: string
) {
  const { node } = await session.ownedObject(id, type, field)
  return node
}
