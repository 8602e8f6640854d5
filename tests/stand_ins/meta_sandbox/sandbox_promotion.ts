import { DateTime } from 'luxon'
import type { OptimizationGoal } from '#meta/services/campaign_rules'
import {
  CONVERSION_EVENTS,
  PROMOTED_OBJECT_KEYS,
  promotedObjectKind,
} from '#meta/services/promoted_object_rules'
import {
  SANDBOX_SUBCODES,
  graphError,
  invalidParameter,
} from '#stand_ins/meta_sandbox/sandbox_errors'
import { graphTime, type SandboxStore } from '#stand_ins/meta_sandbox/sandbox_store'

type Paged = (items: Array<Record<string, any>>, wanted: string[], type: string) => unknown

/**
 * What an ad set promotes, in the sandbox: the pixels (`act_<id>/adspixels`, AdsPixel nodes)
 * and apps (`act_<id>/advertisable_applications`, Application nodes with `object_store_urls`)
 * of an ad account, and the promoted-object validation of a new ad set with Meta's rules
 * (the table Adrelay's own pre-flight uses, `promoted_object_rules.ts`) and Meta's errors.
 */
export class SandboxPromotion {
  constructor(private store: SandboxStore) {}

  /** `GET act_<id>/adspixels`; undefined for any other edge. */
  accountGet(accountId: string, edge: string, wanted: string[] | null, paged: Paged) {
    if (edge === 'adspixels') {
      return paged(
        [...this.store.pixels.values()]
          .filter((pixel) => pixel.accountIds.includes(accountId))
          .map((pixel) => ({
            id: pixel.id,
            name: pixel.name,
            code: `<!-- Meta Pixel Code ${pixel.id} -->`,
            creation_time: graphTime(DateTime.now().minus({ days: 200 })),
            last_fired_time:
              pixel.lastFiredDaysAgo === null
                ? undefined
                : graphTime(DateTime.now().minus({ days: pixel.lastFiredDaysAgo })),
            is_unavailable: false,
          })),
        wanted ?? ['id'],
        'AdsPixel'
      )
    }
    if (edge === 'advertisable_applications') {
      return paged(
        [...this.store.apps.values()]
          .filter((app) => app.accountIds.includes(accountId))
          .map((app) => ({
            id: app.id,
            name: app.name,
            object_store_urls: app.objectStoreUrls,
            supported_platforms: app.supportedPlatforms,
          })),
        wanted ?? ['id'],
        'Application'
      )
    }
    return undefined
  }

  /**
   * Refuses a new ad set's `promoted_object` as Meta does: missing what its objective and goal
   * need (1815430), a pixel, app or Page the account may not use, a pixel without a valid
   * conversion event, a store URL that is not the app's.
   */
  checkAdSet(
    accountId: string,
    objective: string,
    goal: OptimizationGoal,
    promoted: Record<string, any> | null
  ) {
    const kind = promotedObjectKind(objective, goal)
    if (kind && PROMOTED_OBJECT_KEYS[kind].some((key) => !promoted?.[key])) {
      throw invalidParameter(
        SANDBOX_SUBCODES.promotedObjectRequired,
        'Promoted object required',
        'Please select a promoted object for your ad set (a pixel and conversion event, an app, or a Page).'
      )
    }
    if (!promoted) return
    if (promoted.pixel_id) {
      const pixel = this.store.pixels.get(String(promoted.pixel_id))
      if (!pixel || !pixel.accountIds.includes(accountId)) {
        throw invalidParameter(
          SANDBOX_SUBCODES.pixelNotAvailable,
          'Pixel not available',
          `The pixel ${promoted.pixel_id} is not shared with this ad account.`
        )
      }
      if (!promoted.custom_event_type) {
        throw invalidParameter(
          SANDBOX_SUBCODES.conversionEventRequired,
          'Conversion event required',
          'Choose the conversion event this ad set optimizes for.'
        )
      }
    }
    if (
      promoted.custom_event_type &&
      !CONVERSION_EVENTS.includes(promoted.custom_event_type as any)
    ) {
      throw graphError(
        100,
        `(#100) promoted_object[custom_event_type] must be one of the following values: ${CONVERSION_EVENTS.join(', ')}`
      )
    }
    if (promoted.page_id) {
      const page = this.store.pages.get(String(promoted.page_id))
      if (!page || !page.accountIds.includes(accountId)) {
        throw invalidParameter(
          SANDBOX_SUBCODES.pageNotPromotable,
          'Page not available',
          `This ad account cannot promote the Page ${promoted.page_id}. Choose a Page from promote_pages.`
        )
      }
    }
    if (promoted.application_id || promoted.object_store_url) {
      const app = this.store.apps.get(String(promoted.application_id ?? ''))
      if (!app || !app.accountIds.includes(accountId)) {
        throw invalidParameter(
          SANDBOX_SUBCODES.appNotAvailable,
          'App not available',
          `The app ${promoted.application_id ?? '(none)'} cannot be advertised by this ad account.`
        )
      }
      if (
        promoted.object_store_url &&
        !Object.values(app.objectStoreUrls).includes(String(promoted.object_store_url))
      ) {
        throw invalidParameter(
          SANDBOX_SUBCODES.storeUrlNotOfApp,
          'Store URL does not match the app',
          `${promoted.object_store_url} is not a store URL of ${app.name}.`
        )
      }
    }
  }
}
