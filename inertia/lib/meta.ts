/**
 * Meta connection rules of the Integrations page (spec §2 Integrations, §8, §9), kept pure so
 * they can be tested without a browser.
 */

/** GET /api/meta/status (spec §3 Meta status, plus Adrelay's extra fields). */
export interface MetaStatus {
  connected: boolean
  status: 'connected' | 'reconnect_required' | 'not_connected'
  reconnectRequired: boolean
  name: string | null
  userId: string | null
  isLongLived: boolean
  expiresAt: string | null
  expiresSoon: boolean
  scopes: string[]
  missingScopes: string[]
  sandbox: boolean
}

export interface MetaAdAccount {
  id: string
  accountId: string
  name: string
  currency: string
  timezone: string | null
  status: string
  amountSpent: number
  spendCap: number | null
}

/** Expiry warning threshold (spec §9): 7 days. */
export const EXPIRY_WARNING_MS = 7 * 24 * 60 * 60 * 1000

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

/** True when the token expires within 7 days (and has an expiry). */
export function expiresSoon(expiresAt: string | null, now: number = Date.now()): boolean {
  if (!expiresAt) return false
  return new Date(expiresAt).getTime() - now < EXPIRY_WARNING_MS
}

/** Minor units → "1,234.56 USD"-style text in the account currency. */
export function formatMoney(minor: number, currency: string, locale = 'en-US'): string {
  let digits = 2
  try {
    digits =
      new Intl.NumberFormat(locale, { style: 'currency', currency }).resolvedOptions()
        .maximumFractionDigits ?? 2
  } catch {
    digits = 2
  }
  try {
    return new Intl.NumberFormat(locale, { style: 'currency', currency }).format(
      minor / 10 ** digits
    )
  } catch {
    return `${(minor / 10 ** digits).toFixed(digits)} ${currency}`
  }
}
