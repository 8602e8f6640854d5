import { randomBytes, randomInt } from 'node:crypto'

/**
 * Device and user codes of the OAuth 2.0 Device Authorization Grant (RFC 8628).
 *
 * - Device code: 32 random bytes, base64url (256 bits); the CLI keeps it, we store its hash.
 * - User code: 8 characters from the 20 consonants RFC 8628 §6.1 suggests (no vowels, so no
 *   words; no look-alikes such as 0/O, 1/I), shown as XXXX-XXXX; 20^8 ≈ 2.6 × 10^10 codes.
 *   Entry is case-insensitive and the dash (or spaces) optional.
 */
export const USER_CODE_ALPHABET = 'BCDFGHJKLMNPQRSTVWXZ'
export const USER_CODE_LENGTH = 8

/** The OAuth client id of the adrelay CLI, the only client of the device grant. */
export const CLI_CLIENT_ID = 'adrelay-cli'

/** `grant_type` of the token request (RFC 8628 §3.4). */
export const DEVICE_CODE_GRANT_TYPE = 'urn:ietf:params:oauth:grant-type:device_code'

/** Lifetime of a device/user code pair (`expires_in`), seconds. */
export const DEVICE_CODE_LIFETIME_SECONDS = 900

/** Initial polling interval (`interval`), seconds; RFC 8628 §3.2 default. */
export const DEVICE_CODE_INTERVAL_SECONDS = 5

/** How much a `slow_down` adds to the interval, seconds (RFC 8628 §3.5). */
export const SLOW_DOWN_STEP_SECONDS = 5

/** Lifetime of the CLI token the grant issues: 90 days, in seconds. */
export const CLI_TOKEN_LIFETIME_SECONDS = 90 * 24 * 3600

export function generateDeviceCode(): string {
  return randomBytes(32).toString('base64url')
}

/** A fresh user code, normalised (no dash): each character uniform over the alphabet. */
export function generateUserCode(): string {
  let code = ''
  for (let index = 0; index < USER_CODE_LENGTH; index++) {
    code += USER_CODE_ALPHABET[randomInt(USER_CODE_ALPHABET.length)]
  }
  return code
}

/** `BCDFGHJK` → `BCDF-GHJK`, the form shown to people. */
export function formatUserCode(normalised: string): string {
  return `${normalised.slice(0, 4)}-${normalised.slice(4)}`
}

/**
 * What a person typed (`bcdf-ghjk`, `BCDF GHJK`, `bcdfghjk`) in stored form, or null when it
 * cannot be a user code (wrong length or a character outside the alphabet).
 */
export function normaliseUserCode(input: string): string | null {
  const code = input.toUpperCase().replace(/[\s-]/g, '')
  if (code.length !== USER_CODE_LENGTH) return null
  for (const character of code) if (!USER_CODE_ALPHABET.includes(character)) return null
  return code
}
