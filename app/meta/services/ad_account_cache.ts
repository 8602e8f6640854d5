import type { AdAccount } from '#meta/services/normalize'

/**
 * Short-lived per-process memory of the ad accounts each connection can see, so the
 * object-level authorization check does not cost a Meta call on every action. Keyed by
 * connection id and Meta user id; cleared on connect and disconnect.
 */
export class AdAccountCache {
  #entries = new Map<string, { accounts: AdAccount[]; expiresAtMs: number }>()

  constructor(readonly ttlMs: number) {}

  get(key: string): AdAccount[] | null {
    const entry = this.#entries.get(key)
    if (!entry || entry.expiresAtMs < Date.now()) {
      this.#entries.delete(key)
      return null
    }
    return entry.accounts
  }

  set(key: string, accounts: AdAccount[]) {
    if (this.#entries.size > 10_000) this.#entries.clear()
    this.#entries.set(key, { accounts, expiresAtMs: Date.now() + this.ttlMs })
  }

  forgetUser(userId: number) {
    for (const key of this.#entries.keys()) {
      if (key.startsWith(`${userId}:`)) this.#entries.delete(key)
    }
  }
}
