import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto'
import type { TokenKey } from '#config/meta'

/** An encrypted token and the version of the key that sealed it. */
export interface SealedToken {
  ciphertext: string
  keyVersion: number
}

/**
 * Encrypts Meta access tokens at rest with AES-256-GCM (node:crypto), using a key dedicated
 * to Meta tokens (META_TOKEN_ENCRYPTION_KEY), not APP_KEY.
 *
 * Stored form: `base64url(iv).base64url(authTag).base64url(ciphertext)`; the key version is
 * stored in its own column so keys can rotate: new writes use the current key, old rows are
 * decrypted with their version's key and re-sealed on next use (see MetaConnections).
 * `context` (e.g. `user:42`) is bound as additional authenticated data, so a ciphertext copied
 * onto another user's row does not decrypt.
 */
export class TokenCipher {
  #keys: Map<number, Buffer>

  constructor(
    private currentKey: TokenKey,
    keys: TokenKey[]
  ) {
    this.#keys = new Map(
      [currentKey, ...keys].map((key) => [
        key.version,
        createHash('sha256').update(key.secret).digest(),
      ])
    )
  }

  get currentVersion() {
    return this.currentKey.version
  }

  /** Seals `token` with the current key. */
  seal(token: string, context: string): SealedToken {
    const iv = randomBytes(12)
    const cipher = createCipheriv('aes-256-gcm', this.#keys.get(this.currentKey.version)!, iv)
    cipher.setAAD(Buffer.from(context))
    const encrypted = Buffer.concat([cipher.update(token, 'utf8'), cipher.final()])
    return {
      ciphertext: [iv, cipher.getAuthTag(), encrypted]
        .map((part) => part.toString('base64url'))
        .join('.'),
      keyVersion: this.currentKey.version,
    }
  }

  /**
   * Opens a sealed token.
   * @throws Error when the key version is unknown or the ciphertext/context does not verify
   */
  open(sealed: SealedToken, context: string): string {
    const key = this.#keys.get(sealed.keyVersion)
    if (!key) throw new Error(`No Meta token key with version ${sealed.keyVersion} is configured`)
    const [iv, tag, encrypted] = sealed.ciphertext
      .split('.')
      .map((part) => Buffer.from(part, 'base64url'))
    if (!iv || !tag || !encrypted) throw new Error('Malformed sealed Meta token')
    const decipher = createDecipheriv('aes-256-gcm', key, iv)
    decipher.setAAD(Buffer.from(context))
    decipher.setAuthTag(tag)
    return Buffer.concat([decipher.update(encrypted), decipher.final()]).toString('utf8')
  }
}
