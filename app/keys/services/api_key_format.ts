import { hash, randomBytes, timingSafeEqual } from 'node:crypto'
import { crc32 } from 'node:zlib'

/**
 * Adrelay API key format, modelled on GitHub's tokens so secret scanners can recognise and
 * validate a key offline:
 *
 *   adr_ + 22 base62 characters of randomness (≥ 128 bits) + 6 base62 characters of CRC32
 *
 * The checksum is the CRC32 of everything before it (`adr_` + random part), written in
 * base62 and left-padded with `0` to 6 characters. Regex: /^adr_[0-9A-Za-z]{28}$/.
 * Sources: GitHub "Behind GitHub's new authentication token formats" (2021).
 */
export const API_KEY_PREFIX = 'adr_'
export const API_KEY_RANDOM_LENGTH = 22
export const API_KEY_CHECKSUM_LENGTH = 6
export const API_KEY_PATTERN = /^adr_[0-9A-Za-z]{28}$/
/** Characters of the key kept for display (`adr_` + 4). */
export const API_KEY_DISPLAY_PREFIX_LENGTH = 8

const BASE62 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz'

/**
 * Encodes a non-negative safe integer in base62, left-padded with '0' to `width`. Plain
 * number arithmetic: the values encoded here (CRC32s) are far below 2^53.
 */
export function toBase62(value: number, width: number): string {
  let out = ''
  for (let rest = value; rest > 0; rest = Math.floor(rest / 62)) out = BASE62[rest % 62] + out
  return out.padStart(width, '0')
}

/** 6-character base62 CRC32 of `body` (a CRC32 is below 62^6, so six characters always fit). */
export function checksumOf(body: string): string {
  return toBase62(crc32(body) >>> 0, API_KEY_CHECKSUM_LENGTH)
}

/**
 * Random part: 22 base62 characters drawn by rejection sampling from crypto bytes, so each
 * character is uniform (log2(62) × 22 ≈ 131 bits).
 */
function randomBase62(length: number): string {
  let out = ''
  while (out.length < length) {
    for (const byte of randomBytes(length * 2)) {
      // 248 = 62 × 4: bytes at or above it would bias the distribution.
      if (byte < 248) out += BASE62[byte % 62]
      if (out.length === length) break
    }
  }
  return out
}

/** Mints a new key; the caller shows it once and stores only `hashApiKey(key)`. */
export function generateApiKey(): string {
  return mintToken(API_KEY_PREFIX)
}

/**
 * CLI tokens (device sign-in, RFC 8628) have the same construction under their own prefix,
 * so a scanner tells them apart from API keys: `adrc_` + 22 base62 + 6 base62 CRC32.
 */
export const CLI_TOKEN_PREFIX = 'adrc_'
export const CLI_TOKEN_PATTERN = /^adrc_[0-9A-Za-z]{28}$/

/** The two bearer credentials Adrelay issues. */
export type CredentialKind = 'api_key' | 'cli_token'

/** Mints a new CLI token; shown to the CLI once, stored only as `hashApiKey(token)`. */
export function generateCliToken(): string {
  return mintToken(CLI_TOKEN_PREFIX)
}

/** `prefix` + 22 random base62 characters + the 6-character checksum of both. */
function mintToken(prefix: string): string {
  const body = prefix + randomBase62(API_KEY_RANDOM_LENGTH)
  return body + checksumOf(body)
}

/**
 * Which credential `candidate` is by its shape and checksum (`api_key`, `cli_token`), or
 * null for anything else. No storage lookup: mistyped tokens are rejected for free.
 */
export function credentialKindOf(candidate: string): CredentialKind | null {
  const kind = API_KEY_PATTERN.test(candidate)
    ? 'api_key'
    : CLI_TOKEN_PATTERN.test(candidate)
      ? 'cli_token'
      : null
  if (kind === null) return null
  const checksumMatches =
    candidate.slice(-API_KEY_CHECKSUM_LENGTH) ===
    checksumOf(candidate.slice(0, -API_KEY_CHECKSUM_LENGTH))
  return checksumMatches ? kind : null
}

/**
 * True when `candidate` has the Adrelay shape and its checksum matches. Runs without any
 * storage lookup, so random or mistyped keys are rejected for free.
 */
export function hasValidChecksum(candidate: string): boolean {
  // A plain comparison is enough: the checksum is derived from the visible part of the key
  // and protects nothing, it only spares storage lookups for mistyped keys.
  return credentialKindOf(candidate) === 'api_key'
}

/** Hex SHA-256 of the key: the only form stored. Fast on purpose (keys are high-entropy). */
export function hashApiKey(key: string): string {
  return hash('sha256', key, 'hex')
}

/** Constant-time comparison of two hex digests. */
export function digestsEqual(a: string, b: string): boolean {
  const left = Buffer.from(a, 'hex')
  const right = Buffer.from(b, 'hex')
  return left.length === right.length && timingSafeEqual(left, right)
}

/** The stored display prefix of a key (`adr_` + 4 characters). */
export function displayPrefixOf(key: string): string {
  return key.slice(0, API_KEY_DISPLAY_PREFIX_LENGTH)
}
