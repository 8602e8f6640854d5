import { AppError } from '#shared/errors'
import type { MetaUserSession } from '#meta/services/meta_access'
import { minorStringToInt } from '#meta/services/currency'
import type { AdAccount } from '#meta/services/normalize'
import {
  appliedResult,
  previewResult,
  type GraphRequestPlan,
  type WriteResult,
} from '#meta/actions/write_preview'
import { compactParams, creationChanges, sendPlan } from '#meta/actions/write_plan'

/** Objects Meta copies in one synchronous `/copies` request (larger trees are split). */
export const MAX_OBJECTS_PER_COPY = 3

export interface DuplicateInput {
  deepCopy?: boolean
  statusOption?: 'PAUSED' | 'ACTIVE' | 'INHERITED_FROM_SOURCE'
  renameStrategy?: 'ONLY_TOP_LEVEL_RENAME' | 'DEEP_RENAME' | 'NO_RENAME'
  renamePrefix?: string
  renameSuffix?: string
  /** Ad set copies: the campaign to copy into (default: the same). */
  campaignId?: string
  /** Ad copies: the ad set to copy into (default: the same). */
  adSetId?: string
  startTime?: string
  endTime?: string
  confirm?: boolean
}

type CopyType = 'campaign' | 'ad_set' | 'ad'
const FIELD: Record<CopyType, string> = { campaign: 'campaignId', ad_set: 'adSetId', ad: 'adId' }
const COPIED_KEY: Record<CopyType, string> = {
  campaign: 'copied_campaign_id',
  ad_set: 'copied_adset_id',
  ad: 'copied_ad_id',
}

const hasBudget = (node: any) =>
  minorStringToInt(node?.daily_budget, true) !== null ||
  minorStringToInt(node?.lifetime_budget, true) !== null

/**
 * Shared by duplicate_campaign, duplicate_ad_set and duplicate_ad: Meta's copies edge
 * (`POST /<id>/copies` with `deep_copy`, `status_option`, `rename_options`
 * {rename_strategy, rename_prefix, rename_suffix}, and `campaign_id` / `adset_id` /
 * `start_time` / `end_time` where they apply). Meta copies at most 3 objects per synchronous
 * request, so a deep copy of a larger tree is planned as several requests (the parent, then
 * each child into the new parent); the preview lists every request, with `{copied_..._id}`
 * standing for ids Meta returns on the way. Copies are PAUSED unless told otherwise.
 *
 * Checked first: ownership of the source and of the target campaign / ad set (same ad
 * account), and the budget rule when an ad set moves to another campaign (1885621).
 * @throws AppError 404 `meta_object_not_owned`, 422 `meta_wrong_object_type`,
 *   `meta_account_mismatch`, `meta_budget_conflict`, `meta_budget_required`; Meta errors
 *   (a failure part-way deletes the copy made so far first: see `rolledBack`)
 */
export async function duplicateObject(
  session: MetaUserSession,
  type: CopyType,
  id: string,
  input: DuplicateInput
): Promise<WriteResult> {
  const { node, account } = await session.ownedObject(id, type, FIELD[type])
  const deep = input.deepCopy === true && type !== 'ad'
  const statusOption = input.statusOption ?? 'PAUSED'
  const childRename = renameOptions(input, false)
  const common = { status_option: statusOption }

  const extra: Record<string, unknown> = {}
  if (type === 'ad_set') {
    if (input.campaignId && input.campaignId !== String(node.campaign_id)) {
      const target = await session.ownedObject(input.campaignId, 'campaign', 'campaignId')
      assertSameAccount(account, target.account, 'campaignId')
      if (hasBudget(target.node) && hasBudget(node)) {
        throw new AppError(
          'meta_budget_conflict',
          `Campaign ${input.campaignId} uses a campaign budget; ad set ${id} has its own budget and cannot be copied into it.`,
          422,
          { metaSubcode: 1885621, field: 'campaignId' }
        )
      }
      if (!hasBudget(target.node) && !hasBudget(node)) {
        throw new AppError(
          'meta_budget_required',
          `Campaign ${input.campaignId} has no campaign budget and ad set ${id} has none either: its copy would have no budget.`,
          422,
          { field: 'campaignId' }
        )
      }
      extra.campaign_id = input.campaignId
    }
    extra.start_time = input.startTime
    extra.end_time = input.endTime
  }
  if (type === 'ad' && input.adSetId && input.adSetId !== String(node.adset_id)) {
    const target = await session.ownedObject(input.adSetId, 'ad_set', 'adSetId')
    assertSameAccount(account, target.account, 'adSetId')
    extra.adset_id = input.adSetId
  }

  // The tree under the source, to count objects and plan the requests.
  const adSets: Array<{ id: string; ads: string[] }> = []
  if (deep && type === 'campaign') {
    const sets = await session.page(
      `${id}/adsets`,
      { fields: 'id' },
      { limit: 100, adAccountId: account.id }
    )
    const ads = await session.page(
      `${id}/ads`,
      { fields: 'id,adset_id' },
      { limit: 100, adAccountId: account.id }
    )
    for (const set of sets.data) {
      adSets.push({
        id: String(set.id),
        ads: ads.data
          .filter((ad: any) => String(ad.adset_id) === String(set.id))
          .map((ad: any) => String(ad.id)),
      })
    }
  } else if (deep && type === 'ad_set') {
    const ads = await session.page(
      `${id}/ads`,
      { fields: 'id' },
      { limit: 100, adAccountId: account.id }
    )
    adSets.push({ id, ads: ads.data.map((ad: any) => String(ad.id)) })
  }
  const total =
    type === 'campaign'
      ? 1 + adSets.reduce((sum, set) => sum + 1 + set.ads.length, 0)
      : type === 'ad_set'
        ? 1 + (adSets[0]?.ads.length ?? 0)
        : 1

  const requests: GraphRequestPlan[] = []
  const copy = (source: string, params: Record<string, unknown>) =>
    requests.push({ method: 'POST', path: `${source}/copies`, params: compactParams(params) })
  if (!deep || total <= MAX_OBJECTS_PER_COPY) {
    copy(id, {
      deep_copy: deep ? true : undefined,
      ...common,
      rename_options: renameOptions(input, true, false),
      ...extra,
    })
  } else if (type === 'campaign') {
    copy(id, { deep_copy: false, ...common, rename_options: renameOptions(input, true) })
    adSets.forEach((set, index) => {
      if (1 + set.ads.length <= MAX_OBJECTS_PER_COPY) {
        copy(set.id, {
          deep_copy: true,
          ...common,
          rename_options: childRename,
          campaign_id: '{copied_campaign_id}',
        })
      } else {
        copy(set.id, {
          deep_copy: false,
          ...common,
          rename_options: childRename,
          campaign_id: '{copied_campaign_id}',
        })
        for (const ad of set.ads) {
          copy(ad, {
            ...common,
            rename_options: childRename,
            adset_id: `{copied_adset_id_${index + 1}}`,
          })
        }
      }
    })
  } else {
    copy(id, { deep_copy: false, ...common, rename_options: renameOptions(input, true), ...extra })
    for (const ad of adSets[0].ads) {
      copy(ad, { ...common, rename_options: childRename, adset_id: '{copied_adset_id}' })
    }
  }

  const base = {
    objectType: type,
    objectId: null as string | null,
    name: String(node.name ?? ''),
    adAccountId: account.id,
    currency: account.currency,
    changes: creationChanges(requests[0].params),
    requests,
    warnings:
      requests.length > 1
        ? [
            `Meta copies at most ${MAX_OBJECTS_PER_COPY} objects per request; this deep copy of ${total} objects is sent as ${requests.length} requests.`,
          ]
        : statusOption === 'ACTIVE'
          ? ['The copies are created ACTIVE and start delivering.']
          : [],
  }
  if (!input.confirm) {
    return {
      ...previewResult(base),
      message: 'Preview only: nothing was copied.',
    }
  }

  const ids: Record<string, string> = {}
  const copies: Array<{ objectType: string; sourceId: string; copiedId: string }> = []
  let setIndex = 0
  for (const request of requests) {
    const params = JSON.parse(
      JSON.stringify(request.params).replace(
        /\{(copied_[a-z_0-9]+)\}/g,
        (match, key) => ids[key] ?? match
      )
    )
    let body: Record<string, any>
    try {
      body = await sendPlan(session, { ...request, params }, account)
    } catch (error) {
      const topCopy = ids[COPIED_KEY[type]]
      if (error instanceof AppError && topCopy) {
        throw await rolledBack(session, account, error, { type, topCopy, copies })
      }
      throw error
    }
    for (const item of Array.isArray(body.ad_object_ids) ? body.ad_object_ids : []) {
      copies.push({
        objectType: String(item.ad_object_type),
        sourceId: String(item.source_id),
        copiedId: String(item.copied_id),
      })
    }
    if (body.copied_campaign_id) ids.copied_campaign_id = String(body.copied_campaign_id)
    if (body.copied_adset_id) {
      ids.copied_adset_id ??= String(body.copied_adset_id)
      if (type === 'campaign') ids[`copied_adset_id_${++setIndex}`] = String(body.copied_adset_id)
    }
    if (body.copied_ad_id) ids.copied_ad_id ??= String(body.copied_ad_id)
  }
  const copiedId = ids[COPIED_KEY[type]]
  return {
    ...appliedResult({ ...base, objectId: copiedId ?? null }, { copiedId, copies }, true),
    message: `Copied: the new ${type.replace('_', ' ')} is ${copiedId}.`,
  }
}

/**
 * The refusal of a split deep copy part-way, after undoing it: the copy made by the first
 * request (`topCopy`, holding every later one) is deleted at Meta (`DELETE /<id>`, which
 * deletes what is in it), so no half-made tree is left behind. The error keeps Meta's code and
 * text and says what happened: `rolledBack` true with the deleted copies in `copiedSoFar`,
 * or false with `leftOver` (the id to delete) when Meta refused the deletion too.
 */
async function rolledBack(
  session: MetaUserSession,
  account: AdAccount,
  error: AppError,
  made: {
    type: CopyType
    topCopy: string
    copies: Array<{ objectType: string; sourceId: string; copiedId: string }>
  }
): Promise<AppError> {
  const label = made.type.replace('_', ' ')
  let deleted = true
  try {
    await session.request({
      method: 'DELETE',
      path: made.topCopy,
      params: {},
      adAccountId: account.id,
    })
  } catch {
    deleted = false
  }
  const outcome = deleted
    ? `The copy stopped part-way, so the ${label} copied so far (${made.topCopy}, with what it held) was deleted: nothing is left half-copied.`
    : `The copy stopped part-way and the ${label} copied so far (${made.topCopy}, paused) could not be deleted: delete it with delete_object.`
  return new AppError(error.code, `${error.message} ${outcome}`, error.status, {
    ...error.details,
    copiedSoFar: made.copies,
    rolledBack: deleted,
    ...(deleted ? {} : { leftOver: { objectType: made.type, objectId: made.topCopy } }),
  })
}

/**
 * Meta's `rename_options` for one request. When a deep copy is split, the parent's request
 * renames the parent only and the children's requests rename them only for DEEP_RENAME.
 */
function renameOptions(input: DuplicateInput, top: boolean, split = true) {
  const strategy = input.renameStrategy
  if (!strategy && input.renamePrefix === undefined && input.renameSuffix === undefined) {
    return top ? undefined : { rename_strategy: 'NO_RENAME' }
  }
  const effective = strategy ?? 'ONLY_TOP_LEVEL_RENAME'
  if (!top && effective !== 'DEEP_RENAME') return { rename_strategy: 'NO_RENAME' }
  return compactParams({
    rename_strategy:
      top && split && effective === 'DEEP_RENAME' ? 'ONLY_TOP_LEVEL_RENAME' : effective,
    rename_prefix: input.renamePrefix,
    rename_suffix: input.renameSuffix,
  })
}

function assertSameAccount(source: AdAccount, target: AdAccount, field: string) {
  if (source.id !== target.id) {
    throw new AppError(
      'meta_account_mismatch',
      `Copies stay in their ad account: the source is in ${source.id}, the target in ${target.id}.`,
      422,
      { field }
    )
  }
}
