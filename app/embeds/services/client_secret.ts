import { createHash, randomBytes } from 'node:crypto'

/**
 * Embed session ids and client secrets, after Stripe's embedded components: the secret is
 * `<id>_secret_<random>`, so the browser can name its session in request paths (CORS
 * preflights carry no credentials, see ADR 0015) while only the secret authenticates.
 * 32 random bytes (256 bits), base64url.
 */
export function newSessionId(): string {
  return `es_${randomBytes(15).toString('base64url')}`
}

export function newClientSecret(sessionId: string): string {
  return `${sessionId}_secret_${randomBytes(32).toString('base64url')}`
}

/** Hex SHA-256, the form stored in `embed_sessions.secret_hash`. */
export function hashClientSecret(secret: string): string {
  return createHash('sha256').update(secret).digest('hex')
}

/** `es_…` ids as `newSessionId` makes them (20 base64url characters after the prefix). */
export const SESSION_ID_PATTERN = /^es_[A-Za-z0-9_-]{20}$/
