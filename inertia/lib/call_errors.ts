/**
 * The one error→toast mapping of the screens (spec §6, §8). Every failed query and mutation
 * goes through `reportCallError` (wired into the QueryClient's QueryCache and MutationCache in
 * ~/lib/query_client), so a page never repeats these rules:
 * 1. 401 "Unauthorized": toast 'Unauthorized' / 'You are logged out. Logging in again...' and
 *    a full-page move to /api/login after 500 ms;
 * 2. 403 `admin_required`: toast 'Access Denied' / 'Admin access required.' and a move to /
 *    after 500 ms;
 * 3. 429 (for example `rate_limited`, with `Retry-After`): toast 'Too Many Requests' with the
 *    server's message;
 * 4. otherwise the call's own toast (`meta.errorToast`), if it declares one; a call without one
 *    shows its error where its data would be.
 */
import { toast } from '~/hooks/use_toast'
import { ApiError } from '~/lib/api'

/** Delay before going to the sign-in page after an unauthorized answer, in ms (spec §9). */
export const UNAUTHORIZED_REDIRECT_DELAY_MS = 500

/** The 'Access Denied' toast of spec §6, and the delay before going to / (ms). */
export const ACCESS_DENIED_TOAST = {
  title: 'Access Denied',
  description: 'Admin access required.',
} as const
export const ACCESS_DENIED_REDIRECT_DELAY_MS = 500

/** The toast a call shows when it fails for a reason the shared rules do not cover. */
export interface ErrorToast {
  /** Defaults to 'Error'. */
  title?: string
  /** The spec's failure text for this call. */
  description: string
  /** Show the server's `error.message` instead of `description` when the answer has one. */
  preferServerMessage?: boolean
}

/**
 * Spec §8: a 401 whose message matches "Unauthorized". Errors from `~/lib/api` have the
 * message `"401: <body>"`; the server answers signed-out session calls with
 * `{"message":"Unauthorized"}`.
 */
export function isUnauthorizedError(error: unknown): boolean {
  if (!(error instanceof Error)) return false
  return /^401: .*Unauthorized/is.test(error.message)
}

let redirecting = false

/**
 * Shows 'Unauthorized' / 'You are logged out. Logging in again...' and does a full-page
 * navigation to /api/login (the OAuth start) after 500 ms. Safe to call more than once.
 */
export function redirectToLogin() {
  toast({
    title: 'Unauthorized',
    description: 'You are logged out. Logging in again...',
    variant: 'destructive',
  })
  if (redirecting) return
  redirecting = true
  setTimeout(() => {
    window.location.href = '/api/login'
  }, UNAUTHORIZED_REDIRECT_DELAY_MS)
}

let denied = false

/**
 * Spec §6: 'Access Denied' / 'Admin access required.' and a full-page move to / after 500 ms.
 * Safe to call more than once.
 */
export function denyAdminAccess() {
  // Raised at once, with the redirect timer: a toast raised before the Toaster subscribes (its
  // effect runs after the page's on a first render) is picked up when it does (useToast).
  toast({ ...ACCESS_DENIED_TOAST, variant: 'destructive' })
  if (denied) return
  denied = true
  setTimeout(() => {
    window.location.href = '/'
  }, ACCESS_DENIED_REDIRECT_DELAY_MS)
}

/**
 * The text of a 429 answer: the server's message, else one built from `Retry-After`.
 */
export function rateLimitMessage(error: ApiError): string {
  if (error.serverMessage) return error.serverMessage
  if (error.retryAfterSeconds !== null) {
    const seconds = error.retryAfterSeconds
    return `Too many attempts. Try again in ${seconds} ${seconds === 1 ? 'second' : 'seconds'}.`
  }
  return 'Too many attempts. Please wait a moment and try again.'
}

/**
 * Applies the shared rules (see the file comment) to a failed call, then the call's own
 * `errorToast`.
 */
export function reportCallError(error: unknown, errorToast?: ErrorToast) {
  if (isUnauthorizedError(error)) {
    redirectToLogin()
    return
  }
  if (error instanceof ApiError && error.status === 403 && error.code === 'admin_required') {
    denyAdminAccess()
    return
  }
  if (error instanceof ApiError && error.status === 429) {
    toast({
      title: 'Too Many Requests',
      description: rateLimitMessage(error),
      variant: 'destructive',
    })
    return
  }
  if (!errorToast) return
  const serverMessage =
    errorToast.preferServerMessage && error instanceof ApiError ? error.serverMessage : undefined
  toast({
    title: errorToast.title ?? 'Error',
    description: serverMessage ?? errorToast.description,
    variant: 'destructive',
  })
}
