/*
| Rate limits of the browser surfaces (`@adonisjs/limiter`; stores in config/limiter.ts:
| the database by default, Redis with REDIS_URL). Each limiter is a route middleware made by
| `defineRateLimit`; module route files import the ones they apply. Over a limit the request
| answers 429 `rate_limited` with `Retry-After` (app/exceptions/handler.ts, `rateLimitedError`).
|
| Later features limit their own routes the same way, e.g.
|   export const throttleDeviceCodeEntry = defineRateLimit('device_code_entry',
|     { requests: 10, every: '10 minutes' }, { message: 'Too many device codes entered.' })
*/
import type { HttpContext } from '@adonisjs/core/http'
import limiter from '@adonisjs/limiter/services/main'
import { errors as limiterErrors } from '@adonisjs/limiter'
import { AppError } from '#shared/errors'

/** How many requests a limiter lets through per window. Durations are `ms` strings. */
export interface RateLimitRule {
  requests: number
  /** Window length, e.g. `'1 minute'`, `'10 minutes'`. */
  every: string
}

/**
 * The limits, in one table (README "Rate limits" lists the same). Keyed by the signed-in user,
 * or by the client IP address when nobody is signed in (`rateLimitKey`).
 */
export const RATE_LIMITS = {
  /** GET /api/login, POST /api/login/dev, GET /api/callback, POST /oauth/device/code (per IP). */
  signIn: { requests: 30, every: '1 minute' },
  /** POST /api/validate-invitation-code, and POST /api/create-subscription with a code. */
  invitationCodes: { requests: 10, every: '10 minutes' },
  /** POST /api/create-subscription, /preview-subscription-change, /finalize-subscription, /subscription/keep-plan. */
  subscriptionChanges: { requests: 30, every: '10 minutes' },
  /** POST /api/tokens, and the CLI's POST /api/v1/keys and /api/v1/keys/:id/rotate. */
  apiKeyCreation: { requests: 20, every: '1 hour' },
  /** GET /meta/oauth/start. */
  metaConnect: { requests: 10, every: '10 minutes' },
  /** GET /api/account/export and the admin's GET /api/admin/users/:id/export (a full read). */
  dataExport: { requests: 10, every: '1 hour' },
  /** Widget reads under /embed/v1/<session id>/ (per embed session, issue 17). */
  embedReads: { requests: 120, every: '1 minute' },
  /** POST /api/v1/embed/sessions (per account). */
  embedSessionCreation: { requests: 300, every: '1 hour' },
} as const satisfies Record<string, RateLimitRule>

/**
 * Whose requests share a bucket: `user_<id>` when the user is known (a session user, or the
 * owner of the bearer key or CLI token the metered middleware verified; the limiter runs after
 * those middleware), else `ip_<address>` (the socket's address; with `trustProxy` in
 * production, the client's address from `X-Forwarded-For`).
 */
export function rateLimitKey(ctx: HttpContext): string {
  const userId = (ctx.auth?.user as { id: number } | undefined)?.id ?? ctx.apiKey?.userId
  return userId ? `user_${userId}` : `ip_${ctx.request.ip()}`
}

/** Every limiter made by `defineRateLimit`, so a user's buckets can be found again. */
const DEFINED_RATE_LIMITS: Array<{ name: string; rule: RateLimitRule }> = []

/**
 * A named rate-limit route middleware: `rule.requests` per `rule.every` for each key
 * (`options.key`, default `rateLimitKey`). Requests for which `options.appliesTo` answers
 * false are not counted. Past the limit it throws the limiter's `E_TOO_MANY_REQUESTS`
 * carrying `options.message`, which the exception handler renders as 429 `rate_limited`.
 * The bucket is `<name>_<key>` in the configured store.
 */
export function defineRateLimit(
  name: string,
  rule: RateLimitRule,
  options: {
    /** First sentence of the 429 message, e.g. "Too many sign-in attempts." */
    message: string
    key?: (ctx: HttpContext) => string
    appliesTo?: (ctx: HttpContext) => boolean
  }
) {
  DEFINED_RATE_LIMITS.push({ name, rule })
  return limiter.define(name, (ctx) => {
    if (options.appliesTo && !options.appliesTo(ctx)) return limiter.noLimit()
    return limiter
      .allowRequests(rule.requests)
      .every(rule.every)
      .usingKey((options.key ?? rateLimitKey)(ctx))
      .limitExceeded((error) => error.setMessage(options.message))
  })
}

/**
 * The limiter's exception as the app's error: 429 `rate_limited`, "<message> Try again in 42
 * seconds.", `retryAfterSeconds`, and the `Retry-After` (RFC 9110 §10.2.3) and
 * `X-RateLimit-*` headers. The message is the limiter's own (`defineRateLimit`), or "Too many
 * attempts." for limiters used directly (`penalize`). Anything else is returned unchanged.
 */
export function rateLimitedError(error: unknown): unknown {
  if (!(error instanceof limiterErrors.E_TOO_MANY_REQUESTS)) return error
  const seconds = Math.max(1, Math.ceil(error.response.availableIn))
  const lead = /[.!?]$/.test(error.message) ? error.message : 'Too many attempts.'
  const wait = seconds < 120 ? `${seconds} seconds` : `${Math.ceil(seconds / 60)} minutes`
  return new AppError(
    'rate_limited',
    `${lead} Try again in ${wait}.`,
    429,
    { retryAfterSeconds: seconds },
    {
      'Retry-After': String(seconds),
      'X-RateLimit-Limit': String(error.response.limit),
      'X-RateLimit-Remaining': '0',
    }
  )
}

/**
 * Wrong user-code entries on the /device page (RFC 8628 §5.1: user codes are short, so
 * guessing must be throttled): 10 wrong entries per user per 15 minutes, then every entry,
 * right or wrong, is refused for 15 minutes (`Retry-After: 900`). README "Rate limits" lists
 * the same.
 */
export const DEVICE_CODE_ENTRY_LIMIT = {
  requests: 10,
  every: '15 minutes',
  /** How long entries are refused once the limit is reached. */
  blockFor: '15 minutes',
} as const satisfies RateLimitRule & { blockFor: string }

/**
 * The limiter of `DEVICE_CODE_ENTRY_LIMIT`. Every entry is counted before the lookup and a
 * right code gives back its own attempt only (a right code never clears earlier wrong ones).
 * Used directly by DevicePageController (not as route middleware); its 429 goes through
 * `rateLimitedError`.
 */
export const deviceCodeEntryLimiter = () =>
  limiter.use({
    requests: DEVICE_CODE_ENTRY_LIMIT.requests,
    duration: DEVICE_CODE_ENTRY_LIMIT.every,
    blockDuration: DEVICE_CODE_ENTRY_LIMIT.blockFor,
  })

/* The limiters of this app's routes. */

export const throttleDataExport = defineRateLimit('data_export', RATE_LIMITS.dataExport, {
  message: 'Too many data exports.',
})

export const throttleSignIn = defineRateLimit('sign_in', RATE_LIMITS.signIn, {
  message: 'Too many sign-in attempts from this network.',
  // Always per address: nobody is signed in yet.
  key: (ctx) => `ip_${ctx.request.ip()}`,
})

export const throttleInvitationCodes = defineRateLimit(
  'invitation_codes',
  RATE_LIMITS.invitationCodes,
  {
    message: 'Too many invitation code attempts.',
    // Validation always counts; a subscription request only when it carries a code.
    appliesTo: (ctx) =>
      ctx.request.url() === '/api/validate-invitation-code' ||
      Boolean(ctx.request.input('invitationCode')),
  }
)

export const throttleSubscriptionChanges = defineRateLimit(
  'subscription_changes',
  RATE_LIMITS.subscriptionChanges,
  { message: 'Too many subscription requests.' }
)

export const throttleApiKeyCreation = defineRateLimit(
  'api_key_creation',
  RATE_LIMITS.apiKeyCreation,
  { message: 'Too many API keys created.' }
)

export const throttleMetaConnect = defineRateLimit('meta_connect', RATE_LIMITS.metaConnect, {
  message: 'Too many Meta connection attempts.',
})

/**
 * Deletes every rate-limit bucket kept for `userId` (`<name>_user_<id>` of each
 * `defineRateLimit` limiter, and the device-code entry penalty) in the configured store.
 * Per-address buckets (`ip_…`) are not the user's and stay. Used by account deletion.
 */
export async function clearUserRateLimits(userId: number): Promise<void> {
  for (const { name, rule } of DEFINED_RATE_LIMITS) {
    await limiter
      .use({ requests: rule.requests, duration: rule.every })
      .delete(`${name}_user_${userId}`)
  }
  await deviceCodeEntryLimiter().delete(`device_code_entry:user:${userId}`)
}
/** Widget reads: 120 a minute per embed session (the session id in the path). */
export const throttleEmbedReads = defineRateLimit('embed_reads', RATE_LIMITS.embedReads, {
  message: 'Too many widget requests for this embed session.',
  key: (ctx) => `session_${String(ctx.params.sessionId)}`,
})

/** Minting embed sessions: 300 an hour per account. */
export const throttleEmbedSessionCreation = defineRateLimit(
  'embed_session_creation',
  RATE_LIMITS.embedSessionCreation,
  { message: 'Too many embed sessions created.' }
)
