import { inject } from '@adonisjs/core'
import { ApiKeyVerifier } from '#keys/services/api_key_verifier'
import { KeyCacheBus } from '#keys/services/key_cache_bus'
import type { ApiKeyRevoked } from '#keys/events'

/**
 * Drops the API key verifier's cached outcomes when what they carry changes: a plan change
 * (`subscription:changed`, billing), a suspension (`user:suspended` / `user:unsuspended`,
 * admin) or a revocation (`api_key:revoked`, keys). Effective at once on this instance; with
 * Redis the invalidation is also published to the other instances (`KeyCacheBus`), which
 * drop it when the message arrives; without Redis (or if a message is lost) they follow
 * within the verifier's cache TTL (`API_KEY_CACHE_TTL_MS`). Registered in start/events.ts.
 */
@inject()
export default class ForgetCachedKeys {
  constructor(
    private verifier: ApiKeyVerifier,
    private bus: KeyCacheBus
  ) {}

  /** The user's plan or status changed: every cached key of the user is re-read. */
  async forgetUser({ userId }: { userId: number }) {
    this.verifier.forgetUser(userId)
    await this.bus.publishUser(userId)
  }

  /** One key (its digest) or all of the user's credentials were revoked. */
  async forgetRevoked({ userId, tokenHash }: ApiKeyRevoked) {
    if (tokenHash === null) {
      this.verifier.forgetUser(userId)
      await this.bus.publishUser(userId)
    } else {
      this.verifier.forgetDigest(tokenHash)
      await this.bus.publishDigest(tokenHash)
    }
  }
}
