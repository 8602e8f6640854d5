import { inject } from '@adonisjs/core'
import { MetaAccess, type MetaUserSession } from '#meta/services/meta_access'
import type { AdAccount } from '#meta/services/normalize'

/** One app an ad account can advertise, as `list_advertisable_apps` returns it. */
export interface AdvertisableApp {
  id: string
  name: string
  /** The app's store listings (Meta `object_store_urls`: store key → URL), e.g. google_play. */
  storeUrls: Array<{ store: string; url: string }>
  /** Meta's `supported_platforms` (IPHONE, IPAD, ANDROID, WEB...). */
  supportedPlatforms: string[]
}

/** Meta's `object_store_urls` ({itunes: url, google_play: url, ...}) as a list. */
function storeUrls(value: unknown): AdvertisableApp['storeUrls'] {
  if (!value || typeof value !== 'object') return []
  return Object.entries(value as Record<string, unknown>)
    .filter(([, url]) => typeof url === 'string' && url.length > 0)
    .map(([store, url]) => ({ store, url: url as string }))
}

/**
 * The apps `account` can advertise (`GET /act_<id>/advertisable_applications`, Marketing API
 * "Ad Account Advertisable Applications"; apps in development mode only for their admins),
 * up to 100.
 */
export async function advertisableApps(
  session: MetaUserSession,
  account: AdAccount
): Promise<AdvertisableApp[]> {
  const page = await session.page(
    `${account.id}/advertisable_applications`,
    { fields: 'id,name,object_store_urls,supported_platforms' },
    { limit: 100, adAccountId: account.id }
  )
  return page.data.map((node: any) => ({
    id: String(node.id),
    name: String(node.name ?? ''),
    storeUrls: storeUrls(node.object_store_urls),
    supportedPlatforms: Array.isArray(node.supported_platforms)
      ? node.supported_platforms.map(String)
      : [],
  }))
}

/**
 * The apps an ad account can advertise: the `promotedObject.application_id` of an App
 * promotion ad set must be one of them, and its `object_store_url` one of that app's store URLs.
 * @throws AppError 404 `meta_object_not_owned`, 422 `invalid_meta_id`, 409 `meta_not_connected`
 */
@inject()
export class ListAdvertisableApps {
  constructor(private meta: MetaAccess) {}

  async execute(userId: number, input: { adAccountId: string }) {
    const session = await this.meta.forUser(userId)
    const account = await session.ownedAdAccount(input.adAccountId)
    return { adAccountId: account.id, apps: await advertisableApps(session, account) }
  }
}
