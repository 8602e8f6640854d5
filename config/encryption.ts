import { defineConfig, drivers } from '@adonisjs/core/encryption'
import { appKey } from '#config/app'

/**
 * `app` encrypts cookies and sessions with APP_KEY. Meta access tokens use their own
 * encryptor, configured in config/meta.ts, so they can be rotated independently.
 */
const encryptionConfig = defineConfig({
  default: 'app',
  list: {
    app: drivers.aes256gcm({
      id: 'app',
      keys: [appKey],
    }),
  },
})

export default encryptionConfig
