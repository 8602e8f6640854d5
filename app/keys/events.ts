/**
 * Domain events of the keys module, emitted with the AdonisJS emitter
 * (`await emitter.emit(...)`: listeners have run when it resolves).
 */

/**
 * Credentials stopped being accepted: one key (`tokenHash`, its SHA-256 digest, never the key)
 * or every credential of the user (`tokenHash` null).
 */
export interface ApiKeyRevoked {
  userId: number
  tokenHash: string | null
}

declare module '@adonisjs/core/types' {
  interface EventsList {
    'api_key:revoked': ApiKeyRevoked
  }
}
