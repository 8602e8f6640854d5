import { randomBytes } from 'node:crypto'

/**
 * Meta-shaped errors of the sandbox (`{"error": {message, type, code, error_subcode,
 * error_user_title, error_user_msg, fbtrace_id}}`, Graph API "Handling Errors").
 */
export class GraphError extends Error {
  constructor(
    readonly status: number,
    readonly body: Record<string, unknown>
  ) {
    super(String(body.message))
  }
}

export function graphError(
  code: number,
  message: string,
  options: {
    subcode?: number
    type?: string
    status?: number
    isTransient?: boolean
    /** Meta's text for the person using the ad account (error_user_title / error_user_msg). */
    userTitle?: string
    userMessage?: string
  } = {}
) {
  return new GraphError(options.status ?? (code === 1 || code === 2 ? 500 : 400), {
    message,
    type: options.type ?? (code === 190 ? 'OAuthException' : 'OAuthException'),
    code,
    ...(options.subcode ? { error_subcode: options.subcode } : {}),
    ...(options.isTransient !== undefined ? { is_transient: options.isTransient } : {}),
    ...(options.userTitle ? { error_user_title: options.userTitle } : {}),
    ...(options.userMessage ? { error_user_msg: options.userMessage } : {}),
    fbtrace_id: `A${randomBytes(9).toString('base64url')}`,
  })
}

export function unsupported(objectId: string, method = 'get') {
  return graphError(
    100,
    `Unsupported ${method} request. Object with ID '${objectId}' does not exist, cannot be loaded due to missing permissions, or does not support this operation. Please read the Graph API documentation at https://developers.facebook.com/docs/graph-api`,
    { subcode: 33, type: 'GraphMethodException' }
  )
}

/**
 * Code 100 (invalid parameter) with a subcode and the user-facing title and message, the way
 * Meta answers a refused creation or update.
 */
export function invalidParameter(subcode: number, userTitle: string, userMessage: string) {
  return graphError(100, 'Invalid parameter', {
    subcode,
    userTitle,
    userMessage,
    type: 'OAuthException',
  })
}

/**
 * Subcodes of error 100 the sandbox answers with. 1885621 (budget on campaign and ad set),
 * 1885272 (budget too low), 2490487 (bid amount required), 1815430 (promoted object required)
 * and 1870227 (Advantage audience flag required) are the ones Meta answers; Meta does not
 * publish all its subcodes, so the others are the sandbox's own. Adrelay never branches on
 * these: it passes Meta's `error_user_title` / `error_user_msg` through.
 */
export const SANDBOX_SUBCODES = {
  budgetConflict: 1885621,
  budgetTooLow: 1885272,
  bidAmountRequired: 2490487,
  promotedObjectRequired: 1815430,
  advantageAudienceRequired: 1870227,
  invalidObjective: 2490301,
  goalNotForObjective: 2490302,
  billingEventNotForGoal: 2490303,
  budgetRequired: 2490304,
  lifetimeBudgetNeedsEndTime: 2490305,
  targetingRequired: 2490306,
  invalidInterest: 2490307,
  specialAdCategoryTargeting: 2490308,
  specialAdCategoriesRequired: 2490309,
  pageNotPromotable: 2490310,
  imageNotFound: 2490311,
  videoNotFound: 2490312,
  invalidImage: 2490313,
  creativeNotFound: 2490314,
  accountMismatch: 2490315,
  tooManyCopies: 2490316,
  budgetScheduleInvalid: 2490317,
  frequencyCapNotSupported: 2490318,
  budgetSharingRequired: 2490319,
  pixelNotAvailable: 2490320,
  appNotAvailable: 2490321,
  storeUrlNotOfApp: 2490322,
  conversionEventRequired: 2490323,
} as const
