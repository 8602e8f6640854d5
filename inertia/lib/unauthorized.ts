import { toast } from '~/hooks/use_toast'

/** Delay before going to the sign-in page after an unauthorized answer, in ms (spec §9). */
export const UNAUTHORIZED_REDIRECT_DELAY_MS = 500

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

/**
 * The 401 rule for token, subscription and admin calls (spec §8): call it from `onError`.
 * @returns true when the error was an unauthorized answer and the redirect has started,
 *   so the caller skips its own error toast.
 */
export function handleUnauthorized(error: unknown): boolean {
  if (!isUnauthorizedError(error)) return false
  redirectToLogin()
  return true
}
