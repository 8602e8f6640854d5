import { describe, expect, it } from 'vitest'
import { connectionErrorMessage, expiresLabel, tokenTypeLabel } from '~/lib/meta'
import { formatMoney } from '~/lib/format'

describe('Integrations page rules (spec §2, §8, §9)', () => {
  it('gives the spec message for every Meta return code, and the fallback otherwise', () => {
    expect(connectionErrorMessage('meta_oauth_failed')).toBe('Meta OAuth failed. Please try again.')
    expect(connectionErrorMessage('invalid_state')).toBe(
      'Invalid state parameter. Please try again.'
    )
    expect(connectionErrorMessage('session_expired')).toBe('Session expired. Please try again.')
    expect(connectionErrorMessage('token_exchange_failed')).toBe(
      'Failed to exchange authorization code.'
    )
    expect(connectionErrorMessage('user_info_failed')).toBe(
      'Failed to get user information from Meta.'
    )
    expect(connectionErrorMessage('oauth_callback_failed')).toBe(
      'OAuth callback failed. Please try again.'
    )
    expect(connectionErrorMessage('something_else')).toBe('An error occurred during connection.')
  })

  it('labels the token type and a missing expiry', () => {
    expect(tokenTypeLabel(true)).toBe('Long-lived (60 days)')
    expect(tokenTypeLabel(false)).toBe('Short-lived (1 hour)')
    expect(expiresLabel(null)).toBe('Never expires')
    expect(expiresLabel('2026-03-01T15:30:00.000Z')).toMatch(/2026/)
  })

  it('formats minor units in the account currency', () => {
    expect(formatMoney(123456, 'USD')).toBe('$1,234.56')
    expect(formatMoney(500, 'JPY')).toBe('¥500')
  })
})
