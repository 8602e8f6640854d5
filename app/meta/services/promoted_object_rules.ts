import { AppError } from '#shared/errors'
import type { Objective, OptimizationGoal } from '#meta/services/campaign_rules'

/**
 * What an ad set must promote for its objective and optimization goal, checked before any
 * call (and by the Meta sandbox, which imports this module, for its own validation). Sources:
 * Marketing API v25.0 reference, "Ad Set, Promoted Object" (a pixel needs `custom_event_type`;
 * `object_store_url` needs `application_id` and must be one of the app's store URLs; the
 * objects must be ones the token may promote) and "Ad Set, Creating" / Outcome-Driven Ad
 * Experiences (conversion goals promote a pixel and event, lead forms and Page likes a Page,
 * App promotion campaigns the app). Without it Meta refuses the ad set with error 100,
 * subcode 1815430 "Promoted object required".
 */

/** Standard events an ad set can optimize for (SDK AdPromotedObject.CustomEventType, v26). */
export const CONVERSION_EVENTS = [
  'PURCHASE',
  'ADD_TO_CART',
  'INITIATED_CHECKOUT',
  'ADD_PAYMENT_INFO',
  'ADD_TO_WISHLIST',
  'CONTENT_VIEW',
  'SEARCH',
  'LEAD',
  'COMPLETE_REGISTRATION',
  'CONTACT',
  'SUBMIT_APPLICATION',
  'SCHEDULE',
  'START_TRIAL',
  'SUBSCRIBE',
  'DONATE',
  'FIND_LOCATION',
  'CUSTOMIZE_PRODUCT',
  'SERVICE_BOOKING_REQUEST',
  'LISTING_INTERACTION',
  'RATE',
  'TUTORIAL_COMPLETION',
  'LEVEL_ACHIEVED',
  'ACHIEVEMENT_UNLOCKED',
  'SPENT_CREDITS',
  'D2_RETENTION',
  'D7_RETENTION',
  'AD_IMPRESSION',
  'MESSAGING_CONVERSATION_STARTED_7D',
  'OTHER',
] as const
export type ConversionEvent = (typeof CONVERSION_EVENTS)[number]

/** The kinds of promoted object Adrelay builds ad sets for. */
export type PromotedObjectKind = 'pixel' | 'page' | 'app'

/** The `promoted_object` keys each kind needs (all of them). */
export const PROMOTED_OBJECT_KEYS: Record<PromotedObjectKind, readonly string[]> = {
  pixel: ['pixel_id', 'custom_event_type'],
  page: ['page_id'],
  app: ['application_id', 'object_store_url'],
}

/** In words, for messages: "a pixel and a conversion event". */
const KIND_WORDS: Record<PromotedObjectKind, string> = {
  pixel: 'a pixel and a conversion event (pixel_id from list_pixels, custom_event_type)',
  page: 'a Facebook Page (page_id from list_pages)',
  app: 'an app and its store URL (application_id and object_store_url from list_advertisable_apps)',
}

/**
 * The promoted object an ad set with `goal` in a campaign with `objective` needs, or null when
 * it needs none: every App promotion ad set promotes the app (its destination is the app);
 * website conversions and value (OFFSITE_CONVERSIONS, VALUE) a pixel and its event; instant
 * forms (LEAD_GENERATION, QUALITY_LEAD) and Page likes the Page; app installs the app.
 */
export function promotedObjectKind(
  objective: string | null,
  goal: OptimizationGoal
): PromotedObjectKind | null {
  if ((objective as Objective | null) === 'OUTCOME_APP_PROMOTION') return 'app'
  switch (goal) {
    case 'OFFSITE_CONVERSIONS':
    case 'VALUE':
      return 'pixel'
    case 'LEAD_GENERATION':
    case 'QUALITY_LEAD':
    case 'PAGE_LIKES':
      return 'page'
    case 'APP_INSTALLS':
    case 'APP_INSTALLS_AND_OFFSITE_CONVERSIONS':
      return 'app'
    default:
      return null
  }
}

/** The `promoted_object` keys given a value (non-empty). */
function givenKeys(promoted: Record<string, unknown> | null | undefined): Set<string> {
  return new Set(
    Object.entries(promoted ?? {})
      .filter(([, value]) => value !== undefined && value !== null && value !== '')
      .map(([key]) => key)
  )
}

/**
 * Refuses a promoted object Meta would refuse on its own terms (before ownership, which needs
 * Graph reads): missing for a goal that needs one, missing one of the kind's keys, a pixel
 * without its event, a store URL without its app.
 * @throws AppError 422 `meta_promoted_object_required` (Meta subcode 1815430; `needs` lists the
 *   keys, `kind` says what to promote) | `meta_promoted_object_invalid` (`field` names the key)
 */
export function assertPromotedObjectFits(
  objective: string | null,
  goal: OptimizationGoal,
  promoted: Record<string, unknown> | null | undefined
) {
  const given = givenKeys(promoted)
  const kind = promotedObjectKind(objective, goal)
  if (kind) {
    const missing = PROMOTED_OBJECT_KEYS[kind].filter((key) => !given.has(key))
    if (missing.length > 0) {
      throw new AppError(
        'meta_promoted_object_required',
        `An ad set optimized for ${goal} in an ${objective ?? 'unknown'} campaign must promote ${KIND_WORDS[kind]}: give promotedObject.${missing.join(' and promotedObject.')}.`,
        422,
        {
          field: `promotedObject.${missing[0]}`,
          kind,
          needs: [...PROMOTED_OBJECT_KEYS[kind]],
          objective,
          optimizationGoal: goal,
          metaSubcode: 1815430,
        }
      )
    }
  }
  if (given.has('pixel_id') && !given.has('custom_event_type')) {
    throw new AppError(
      'meta_promoted_object_invalid',
      'A promoted pixel needs the conversion event it optimizes for: give promotedObject.custom_event_type (e.g. PURCHASE).',
      422,
      { field: 'promotedObject.custom_event_type' }
    )
  }
  if (given.has('object_store_url') && !given.has('application_id')) {
    throw new AppError(
      'meta_promoted_object_invalid',
      'A store URL is promoted with its app: give promotedObject.application_id too (list_advertisable_apps).',
      422,
      { field: 'promotedObject.application_id' }
    )
  }
}
