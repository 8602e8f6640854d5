/**
 * Meta's rate-limit buckets a Graph call counts against, keyed the way Meta scopes them
 * (Graph API "Rate Limiting", Marketing API "Rate Limiting"):
 *
 * - `app`: the app-level Platform limit, reported by `X-App-Usage` and error code 4 (and the
 *   `app_id_util_pct` of `x-fb-ads-insights-throttle`): shared by every user of the app;
 * - `token:<digest>`: one user's access token, error code 17 (user request limit);
 * - `account:<id>`: one ad account, `X-Ad-Account-Usage` and error code 613 (and
 *   `acc_id_util_pct` of the insights header);
 * - `buc:<business id>:<use case>`: one business object and use case of
 *   `X-Business-Use-Case-Usage` (ads_management, ads_insights, custom_audience, ...), error
 *   codes 80000-80014.
 *
 * So one customer reaching their limit never slows down or blocks another customer, except
 * for the app-level limit, which Meta itself applies to the whole app.
 */
export interface ThrottleTarget {
  /** A digest of the user access token; null for app-token and OAuth calls. */
  tokenScope: string | null
  /** `act_<id>` or `<id>`, when the call concerns one ad account. */
  adAccountId?: string | null
  /** Path after the version (decides the business use case). */
  path: string
}

/** Meta's business use cases (`type` in X-Business-Use-Case-Usage). */
export type BusinessUseCase =
  | 'ads_management'
  | 'ads_insights'
  | 'custom_audience'
  | 'leadgen'
  | 'pages'
  | 'instagram'
  | 'messenger'
  | 'whatsapp'
  | 'catalog_management'
  | 'catalog_batch'

/** Error code → business use case it reports (Marketing API "Rate Limiting", error codes). */
const USE_CASE_OF_CODE: Record<number, BusinessUseCase> = {
  80000: 'ads_insights',
  80001: 'pages',
  80002: 'instagram',
  80003: 'custom_audience',
  80004: 'ads_management',
  80005: 'leadgen',
  80006: 'messenger',
  80008: 'whatsapp',
  80009: 'catalog_management',
  80014: 'catalog_batch',
}

/** The business use case a Graph path counts against. */
export function useCaseOf(path: string): BusinessUseCase {
  if (/(^|\/)insights$/.test(path)) return 'ads_insights'
  if (/(^|\/)(customaudiences|saved_audiences)$/.test(path)) return 'custom_audience'
  if (/(^|\/)(leads|leadgen_forms)$/.test(path)) return 'leadgen'
  return 'ads_management'
}

interface ScopeState {
  /** Highest usage seen, in percent of the limit. */
  percent: number
  /** Epoch ms until which Meta refuses calls (0: not blocked). */
  blockedUntilMs: number
  observedAtMs: number
}

/**
 * Client-side pacing driven by Meta's usage headers, one state per bucket (see ThrottleTarget).
 *
 * - `X-App-Usage`: `{call_count, total_cputime, total_time}` in percent → `app`
 * - `X-Ad-Account-Usage`: `{acc_id_util_pct, reset_time_duration (s)}` → `account:<id>`
 * - `X-Business-Use-Case-Usage`: `{"<business id>": [{type, call_count, total_cputime,
 *   total_time, estimated_time_to_regain_access (minutes)}]}` → `buc:<business>:<type>`
 * - `x-fb-ads-insights-throttle`: `{app_id_util_pct, acc_id_util_pct}` → `app`, `account:<id>`
 *
 * A call is subject to `app`, its token, its ad account, and the business use cases that ad
 * account was seen under (for the call's use case). Below `slowDownAtPercent` calls go
 * straight through; above it each call waits a delay that grows quadratically up to
 * `maxDelayMs` at 100%. While Meta says a bucket is blocked (`estimated_time_to_regain_access`
 * > 0, account usage at 100% with a reset duration, or a rate-limit error on it) calls that
 * count against it are refused locally until then, without reaching Meta. Observations older
 * than `observationTtlMs` are forgotten (Meta's windows are rolling).
 *
 * State is per process (the Graph client is a container singleton).
 */
export class UsageThrottle {
  #scopes = new Map<string, ScopeState>()
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

  /** The buckets a call counts against (see the class comment). */
  scopesFor(target: ThrottleTarget): string[] {
    const scopes = ['app']
    if (target.tokenScope) scopes.push(`token:${target.tokenScope}`)
    const account = target.adAccountId ? normalizeAccountId(target.adAccountId) : null
    if (account) {
      scopes.push(`account:${account}`)
      const useCase = useCaseOf(target.path)
      for (const business of this.#businessesByAccount.get(account) ?? []) {
        scopes.push(`buc:${business}:${useCase}`)
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

  /** Reads the usage headers of a Graph response to a call on `target`. */
  observe(headers: Headers, target: ThrottleTarget) {
    const account = target.adAccountId ? normalizeAccountId(target.adAccountId) : null

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
        if (account) {
          const known = this.#businessesByAccount.get(account) ?? new Set()
          known.add(businessId)
          this.#businessesByAccount.set(account, known)
        }
        for (const entry of entries) {
          if (typeof entry?.type !== 'string') continue
          const blockSeconds = (Number(entry.estimated_time_to_regain_access) || 0) * 60
          this.#record(`buc:${businessId}:${entry.type}`, maxPercent(entry), blockSeconds)
        }
      }
    }
  }

  /**
   * After Meta answered a call on `target` with rate-limit error `code`, blocks the one bucket
   * that error is about for `retryAfterSeconds` (or Meta's own estimate where its headers gave
   * one) and returns how long that is: 4 → `app`; 17 → the token; 613 → the ad account
   * (the token without one); 80000-80014 → the business use case of the code for the
   * businesses of the ad account (learned from the headers), else the ad account, else the
   * token. Returns `retryAfterSeconds` and blocks nothing when there is no bucket to key on.
   */
  blockAfterError(code: number, target: ThrottleTarget, retryAfterSeconds: number): number {
    const scopes = this.#scopesOfError(code, target)
    const known = this.plan(scopes).blockedForSeconds
    const seconds = known > 0 ? known : retryAfterSeconds
    for (const scope of scopes) this.#record(scope, 100, seconds)
    return seconds
  }

  /** Forgets everything observed (Meta's windows start over: tests, the sandbox's reset). */
  reset() {
    this.#scopes.clear()
    this.#businessesByAccount.clear()
  }

  #scopesOfError(code: number, target: ThrottleTarget): string[] {
    const account = target.adAccountId ? normalizeAccountId(target.adAccountId) : null
    // Without a user token (OAuth calls) there is no user bucket to key on: nothing is
    // blocked locally rather than every user.
    const user = target.tokenScope ? [`token:${target.tokenScope}`] : []
    if (code === 4) return ['app']
    if (code === 17) return user
    if (code === 613) return account ? [`account:${account}`] : user
    const businesses = account ? [...(this.#businessesByAccount.get(account) ?? [])] : []
    if (businesses.length > 0) {
      const useCase = USE_CASE_OF_CODE[code] ?? useCaseOf(target.path)
      return businesses.map((business) => `buc:${business}:${useCase}`)
    }
    return account ? [`account:${account}`] : user
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
