/**
 * Display rules of the Integrations page (spec §2 Integrations, §8, §9), kept pure so they can
 * be tested without a browser. The status itself (expiry warning included) comes from the
 * server (~/types MetaStatus).
 */

/** 'Connection Failed' descriptions per `?error=` code (spec §8). */
export const CONNECTION_ERROR_MESSAGES: Record<string, string> = {
  meta_oauth_failed: 'Meta OAuth failed. Please try again.',
  invalid_state: 'Invalid state parameter. Please try again.',
  session_expired: 'Session expired. Please try again.',
  token_exchange_failed: 'Failed to exchange authorization code.',
  user_info_failed: 'Failed to get user information from Meta.',
  oauth_callback_failed: 'OAuth callback failed. Please try again.',
}

/** The description for any return code ('An error occurred during connection.' otherwise). */
export function connectionErrorMessage(code: string): string {
  return CONNECTION_ERROR_MESSAGES[code] ?? 'An error occurred during connection.'
}

/** Token Type row: 'Long-lived (60 days)' or 'Short-lived (1 hour)'. */
export function tokenTypeLabel(isLongLived: boolean): string {
  return isLongLived ? 'Long-lived (60 days)' : 'Short-lived (1 hour)'
}

/** Expires row: date and time, or 'Never expires'. */
export function expiresLabel(expiresAt: string | null, locale = 'en-US'): string {
  if (!expiresAt) return 'Never expires'
  return new Date(expiresAt).toLocaleString(locale, { dateStyle: 'medium', timeStyle: 'short' })
}
