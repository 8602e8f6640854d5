import { AppError } from '#shared/errors'
import type { MetaObjectType, MetaUserSession } from '#meta/services/meta_access'
import { toAd, toAdSet, toCampaign } from '#meta/services/normalize'
import { appliedResult, previewResult, type WriteResult } from '#meta/actions/write_preview'

export const WRITABLE_STATUSES = ['ACTIVE', 'PAUSED'] as const
export type WritableStatus = (typeof WRITABLE_STATUSES)[number]

const FIELD: Record<MetaObjectType, string> = {
  campaign: 'campaignId',
  ad_set: 'adSetId',
  ad: 'adId',
}

function normalizeNode(type: MetaObjectType, node: any, currency: string) {
  if (type === 'campaign') return toCampaign(node, currency)
  if (type === 'ad_set') return toAdSet(node, currency)
  return toAd(node)
}

/**
 * Shared by the three status actions: ownership check, preview, and `POST /<id>` with
 * `status` (Marketing API: campaigns, ad sets and ads take ACTIVE | PAUSED | ARCHIVED | DELETED;
 * Adrelay only writes ACTIVE and PAUSED).
 */
export async function updateStatus(
  session: MetaUserSession,
  type: MetaObjectType,
  id: string,
  status: WritableStatus,
  confirm: boolean
): Promise<WriteResult> {
  if (!WRITABLE_STATUSES.includes(status)) {
    throw new AppError('validation_failed', 'status must be ACTIVE or PAUSED.', 422, {
      field: 'status',
    })
  }
  const { node, account } = await session.ownedObject(id, type, FIELD[type])
  const base = {
    objectType: type,
    objectId: String(node.id),
    name: String(node.name ?? ''),
    adAccountId: account.id,
    currency: account.currency,
    changes: [{ field: 'status', before: String(node.status), after: status }],
    requests:
      node.status === status ? [] : [{ method: 'POST' as const, path: id, params: { status } }],
    warnings: [] as string[],
  }
  if (!confirm) return previewResult(base)
  const needed = node.status !== status
  if (needed) await session.post(id, { status }, account.id)
  const after = needed ? await readNode(session, id, type) : node
  return appliedResult(base, normalizeNode(type, after, account.currency), needed)
}

async function readNode(session: MetaUserSession, id: string, type: MetaObjectType) {
  const { node } = await session.ownedObject(id, type, FIELD[type])
  return node
}
