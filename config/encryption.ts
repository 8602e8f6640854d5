import { defineConfig, drivers } from '@adonisjs/core/encryption'
import type { InferEncryptors } from '@adonisjs/core/types'
import { appKey } from '#config/app'
import metaConfig from '#config/meta'

/**
 * `app` encrypts cookies and sessions with APP_KEY. `meta_tokens` seals Meta access tokens at
 * rest with its own keys (META_TOKEN_ENCRYPTION_KEY, then META_TOKEN_ENCRYPTION_PREVIOUS_KEYS),
 * so they rotate independently of APP_KEY: AES-256-GCM, new values sealed with the first key,
 * values sealed with any listed key still open (see MetaTokenSealer).
 */
const encryptionConfig = defineConfig({
  default: 'app',
  list: {
    app: drivers.aes256gcm({
      id: 'app',
      keys: [appKey],
    }),
    meta_tokens: drivers.aes256gcm({
      id: 'meta_tokens',
      keys: metaConfig.tokenKeys.map((key) => key.secret),
    }),
  },
})

export default encryptionConfig

declare module '@adonisjs/core/types' {
  export interface EncryptorsList extends InferEncryptors<typeof encryptionConfig> {}
}
