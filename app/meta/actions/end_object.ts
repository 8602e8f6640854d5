import type { MetaObjectType, MetaUserSession } from '#meta/services/meta_access'
import { toAd, toAdSet, toCampaign } from '#meta/services/normalize'
import { appliedResult, previewResult, type WriteResult } from '#meta/actions/write_preview'

const FIELD: Record<MetaObjectType, string> = {
  campaign: 'campaignId',
  ad_set: 'adSetId',
  ad: 'adId',
}

/**
 * Shared by archive_object and delete_object. Archiving (`POST /<id>` status=ARCHIVED) stops
 * delivery and hides the object from default lists; deleting (`DELETE /<id>`, Meta sets
 * status DELETED) is final. Both apply to the children too, which the preview says.
 */
export async function endObject(
  session: MetaUserSession,
  type: MetaObjectType,
  id: string,
  how: 'archive' | 'delete',
  confirm: boolean | undefined
): Promise<WriteResult> {
  const { node, account } = await session.ownedObject(id, type, FIELD[type])
  const target = how === 'archive' ? 'ARCHIVED' : 'DELETED'
  const request =
    how === 'archive'
      ? { method: 'POST' as const, path: id, params: { status: 'ARCHIVED' } }
      : { method: 'DELETE' as const, path: id, params: {} }
  const label = type.replace('_', ' ')
  const base = {
    objectType: type,
    objectId: id,
    name: String(node.name ?? ''),
    adAccountId: account.id,
    currency: account.currency,
    changes: [{ field: 'status', before: String(node.status), after: target }],
    requests: node.status === target ? [] : [request],
    warnings: [
      how === 'delete'
        ? `Deleting is final: the ${label}${type === 'ad' ? '' : ' and everything in it'} cannot be restored (its past insights stay readable).`
        : `Archiving stops delivery${type === 'ad' ? '' : ' of everything in this ' + label}; an archived ${label} can only be deleted afterwards, not edited.`,
    ],
  }
  if (!confirm) return previewResult(base)
  const needed = node.status !== target
  if (needed) await session.request({ ...request, adAccountId: account.id })
  const { node: after } = await session.ownedObject(id, type, FIELD[type])
  const object =
    type === 'campaign'
      ? toCampaign(after, account.currency)
      : type === 'ad_set'
        ? toAdSet(after, account.currency)
        : toAd(after)
  return appliedResult(base, object, needed)
}
