import { AppError } from '#shared/errors'
import type { MetaUserSession } from '#meta/services/meta_access'

/** Effective statuses Meta accepts in the `effective_status` filter of campaigns/ad sets/ads. */
export const EFFECTIVE_STATUSES = [
  'ACTIVE',
  'PAUSED',
  'DELETED',
  'ARCHIVED',
  'CAMPAIGN_PAUSED',
  'ADSET_PAUSED',
  'IN_PROCESS',
  'WITH_ISSUES',
  'PENDING_REVIEW',
  'DISAPPROVED',
] as const
export type EffectiveStatus = (typeof EFFECTIVE_STATUSES)[number]

export interface ListInput {
  statuses?: EffectiveStatus[]
  /** Page size, 1-100 (default 25). */
  limit?: number
  /** Cursor from the previous page's `paging.after`. */
  after?: string | null
}

/**
 * Where a list is read from: the ad account itself (`act_<id>/<edge>`) or a parent object
 * (`<campaign>/adsets`, `<campaign>/ads`, `<adset>/ads`), after the ownership check.
 */
export async function listScope(
  session: MetaUserSession,
  scope: { adAccountId?: string; campaignId?: string; adSetId?: string }
) {
  if (scope.adSetId) {
    const { account } = await session.ownedObject(scope.adSetId, 'ad_set', 'adSetId')
    return { parent: scope.adSetId, account }
  }
  if (scope.campaignId) {
    const { account } = await session.ownedObject(scope.campaignId, 'campaign', 'campaignId')
    return { parent: scope.campaignId, account }
  }
  if (scope.adAccountId) {
    const account = await session.ownedAdAccount(scope.adAccountId)
    return { parent: account.id, account }
  }
  throw new AppError(
    'validation_failed',
    'Give an adAccountId (or a parent campaignId / adSetId).',
    422,
    {
      field: 'adAccountId',
    }
  )
}

/** Graph list parameters for a status filter and a page. */
export function listParams(fields: string, input: ListInput) {
  const limit = Math.min(Math.max(Math.trunc(input.limit ?? 25), 1), 100)
  const params: Record<string, unknown> = { fields }
  if (input.statuses && input.statuses.length > 0) params.effective_status = input.statuses
  return { params, limit, after: input.after ?? null }
}

/**
 * One page of `edge` (`campaigns`, `adsets`, `ads`) under the scope `input` names (see
 * listScope), with `fields`, the status filter and the cursor of `input` (see listParams).
 * @returns the owning ad account, the page's raw Graph nodes and the next cursor (null at the end)
 * @throws AppError `meta_object_not_owned`, `invalid_meta_id`, 422 without a scope, Meta errors
 */
export async function listPage(
  session: MetaUserSession,
  input: { adAccountId?: string; campaignId?: string; adSetId?: string } & ListInput,
  edge: 'campaigns' | 'adsets' | 'ads',
  fields: string
) {
  const { parent, account } = await listScope(session, input)
  const { params, limit, after } = listParams(fields, input)
  const page = await session.page(`${parent}/${edge}`, params, {
    limit,
    after,
    adAccountId: account.id,
  })
  return { account, nodes: page.data, after: page.after }
}
