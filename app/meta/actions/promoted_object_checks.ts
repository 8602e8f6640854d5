import { AppError } from '#shared/errors'
import type { MetaUserSession } from '#meta/services/meta_access'
import type { AdAccount } from '#meta/services/normalize'
import type { OptimizationGoal } from '#meta/services/campaign_rules'
import { assertPromotedObjectFits } from '#meta/services/promoted_object_rules'
import { advertisableApps } from '#meta/actions/list_advertisable_apps'

/**
 * The promoted object of a new ad set, checked as Meta checks it so that a preview never
 * passes what the confirmed creation would fail: the keys its objective and goal need
 * (`promoted_object_rules.ts`), then that the Page is one the account can promote, the pixel
 * one it can use and the app one it can advertise, with `object_store_url` one of that app's
 * store URLs (Marketing API "Ad Set, Promoted Object": "object_store_url MUST be associated
 * with that app"; "You must have permissions for objects you promote").
 * @throws AppError 422 `meta_promoted_object_required` | `meta_promoted_object_invalid`,
 *   404 `meta_object_not_owned` (`field` names the key); Meta errors of the reads
 */
export async function checkPromotedObject(
  session: MetaUserSession,
  account: AdAccount,
  objective: string | null,
  goal: OptimizationGoal,
  promoted: Record<string, unknown> | undefined
) {
  assertPromotedObjectFits(objective, goal, promoted)
  if (!promoted) return
  if (promoted.page_id) {
    await session.assertInAccountEdge(
      account,
      'promote_pages',
      [String(promoted.page_id)],
      'promotedObject.page_id'
    )
  }
  if (promoted.pixel_id) {
    await session.assertInAccountEdge(
      account,
      'adspixels',
      [String(promoted.pixel_id)],
      'promotedObject.pixel_id'
    )
  }
  if (!promoted.application_id) return
  const appId = String(promoted.application_id)
  const apps = await advertisableApps(session, account)
  const app = apps.find((candidate) => candidate.id === appId)
  if (!app) {
    throw new AppError(
      'meta_object_not_owned',
      `${appId} is not an app this ad account can advertise (${account.id}).`,
      404,
      { objectId: appId, field: 'promotedObject.application_id', adAccountId: account.id }
    )
  }
  const storeUrl = promoted.object_store_url ? String(promoted.object_store_url) : null
  if (storeUrl && !app.storeUrls.some((listing) => listing.url === storeUrl)) {
    throw new AppError(
      'meta_promoted_object_invalid',
      `${storeUrl} is not a store URL of the app “${app.name}”: use one of ${app.storeUrls.map((listing) => listing.url).join(', ') || '(none listed)'}.`,
      422,
      { field: 'promotedObject.object_store_url', storeUrls: app.storeUrls }
    )
  }
}
