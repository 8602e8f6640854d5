/**
 * Client-side pacing driven by Meta's usage headers (Graph API "Rate Limiting"):
 *
 * - `X-App-Usage`: `{call_count, total_cputime, total_time}` in percent, app-wide
 * - `X-Ad-Account-Usage`: `{acc_id_util_pct, reset_time_duration (s), ads_api_access_tier}`
 * - `X-Business-Use-Case-Usage`: `{"<business-id>": [{type, call_count, total_cputime,
 *   total_time, estimated_time_to_regain_access (minutes)}]}`
 * - `x-fb-ads-insights-throttle`: `{app_id_util_pct, acc_id_util_pct}`
 *
 * Below `slowDownAtPercent` calls go straight through; above it each call waits a delay that
 * grows quadratically up to `maxDelayMs` at 100%. While Meta says access is blocked
 * (`estimated_time_to_regain_access` > 0, account usage at 100% with a reset duration, or a
 * rate-limit error) calls are refused locally until then, without reaching Meta.
 * Observations older than `observationTtlMs` are forgotten (Meta's windows are rolling).
 */
export class UsageThrottle {
  #scopes = new Map<string, { percent: number; blockedUntilMs: number; observedAtMs: number }>()
  #businessesByAccount = new Map<string, Set<string>>()

  constructor(
    readonly options: {
      slowDownAtPercent?: number
      maxDelayMs?: number
      observationTtlMs?: number
      now?: () => number
    } = {}
  ) {}

  get #now() {
    return (this.options.now ?? Date.now)()
  }

  /** Scopes a request touches: the app, the token (user) and, if known, the ad account. */
  scopesFor(tokenScope: string, adAccountId?: string | null): string[] {
    const scopes = ['app', `token:${tokenScope}`]
    if (adAccountId) {
      const account = normalizeAccountId(adAccountId)
      scopes.push(`account:${account}`)
      for (const business of this.#businessesByAccount.get(account) ?? []) {
        scopes.push(`business:${business}`)
      }
    }
    return scopes
  }

  /**
   * What to do before a call: wait `delayMs`, or (when `blockedForSeconds` > 0) do not call.
   */
  plan(scopes: string[]): { delayMs: number; blockedForSeconds: number; percent: number } {
    const now = this.#now
    let percent = 0
    let blockedUntilMs = 0
    for (const scope of scopes) {
      const state = this.#scopes.get(scope)
      if (!state) continue
      if (
        now - state.observedAtMs > (this.options.observationTtlMs ?? 5 * 60_000) &&
        state.blockedUntilMs <= now
      ) {
        this.#scopes.delete(scope)
        continue
      }
      percent = Math.max(percent, state.percent)
      blockedUntilMs = Math.max(blockedUntilMs, state.blockedUntilMs)
    }
    if (blockedUntilMs > now) {
      return { delayMs: 0, blockedForSeconds: Math.ceil((blockedUntilMs - now) / 1000), percent }
    }
    const threshold = this.options.slowDownAtPercent ?? 75
    if (percent < threshold) return { delayMs: 0, blockedForSeconds: 0, percent }
    const ratio = Math.min(1, (percent - threshold) / (100 - threshold))
    return {
      delayMs: Math.round((this.options.maxDelayMs ?? 5000) * Math.max(ratio * ratio, 0.01)),
      blockedForSeconds: 0,
      percent,
    }
  }

  /** Reads the usage headers of a Graph response. */
  observe(headers: Headers, tokenScope: string, adAccountId?: string | null) {
    const account = adAccountId ? normalizeAccountId(adAccountId) : null

    const appUsage = parseJson(headers.get('x-app-usage'))
    if (appUsage) this.#record('app', maxPercent(appUsage), 0)

    const accountUsage = parseJson(headers.get('x-ad-account-usage'))
    if (accountUsage && account) {
      const percent = Number(accountUsage.acc_id_util_pct) || 0
      const resetSeconds = Number(accountUsage.reset_time_duration) || 0
      this.#record(`account:${account}`, percent, percent >= 100 ? resetSeconds : 0)
    }

    const insights = parseJson(headers.get('x-fb-ads-insights-throttle'))
    if (insights) {
      this.#record('app', Number(insights.app_id_util_pct) || 0, 0)
      if (account) this.#record(`account:${account}`, Number(insights.acc_id_util_pct) || 0, 0)
    }

    const businessUsage = parseJson(headers.get('x-business-use-case-usage'))
    if (businessUsage) {
      for (const [businessId, entries] of Object.entries(businessUsage)) {
        if (!Array.isArray(entries)) continue
        for (const entry of entries) {
          const percent = maxPercent(entry)
          const blockSeconds = (Number(entry?.estimated_time_to_regain_access) || 0) * 60
          this.#record(`business:${businessId}`, percent, blockSeconds)
          this.#record(`token:${tokenScope}`, percent, blockSeconds)
          if (account) {
            this.#record(`account:${account}`, percent, blockSeconds)
            const known = this.#businessesByAccount.get(account) ?? new Set()
            known.add(businessId)
            this.#businessesByAccount.set(account, known)
          }
        }
      }
    }
  }

  /** A rate-limit error from Meta blocks the scopes for `retryAfterSeconds`. */
  block(scopes: string[], retryAfterSeconds: number) {
    for (const scope of scopes) this.#record(scope, 100, retryAfterSeconds)
  }

  /** Longest remaining block among `scopes`, in seconds (0 when none). */
  blockedForSeconds(scopes: string[]) {
    return this.plan(scopes).blockedForSeconds
  }

  #record(scope: string, percent: number, blockSeconds: number) {
    const now = this.#now
    const previous = this.#scopes.get(scope)
    const fresh = previous && previous.observedAtMs === now
    this.#scopes.set(scope, {
      percent: fresh ? Math.max(previous.percent, percent) : percent,
      blockedUntilMs: Math.max(
        previous?.blockedUntilMs ?? 0,
        blockSeconds > 0 ? now + blockSeconds * 1000 : 0
      ),
      observedAtMs: now,
    })
  }
}

function normalizeAccountId(id: string) {
  return id.replace(/^act_/, '')
}

function parseJson(value: string | null): Record<string, any> | null {
  if (!value) return null
  try {
    const parsed = JSON.parse(value)
    return parsed && typeof parsed === 'object' ? parsed : null
  } catch {
    return null
  }
}

function maxPercent(usage: Record<string, any>) {
  return Math.max(
    Number(usage?.call_count) || 0,
    Number(usage?.total_cputime) || 0,
    Number(usage?.total_time) || 0
  )
}
