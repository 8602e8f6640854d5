import { useCallback, useEffect, useMemo, useRef, useState } from 'react'
import { EmbedError, SESSION_EXPIRED_CODE, type EmbedPath } from './client.js'
import { useEmbedContext } from './provider.js'
import type {
  EmbedCampaignPerformance,
  EmbedKey,
  EmbedQuota,
  EmbedRecentCall,
  EmbedRuleRun,
  EmbedSessionInfo,
  EmbedUsage,
} from './types.js'

/** What every headless hook returns. */
export interface EmbedResource<T> {
  /** The last answer, kept while a refetch runs */
  data: T | undefined
  /**
   * The last failure (cleared by a success); `embed_session_expired` (401) while the session
   * has expired and `fetchClientSecret` could not renew it
   */
  error: EmbedError | null
  /** True until the first answer or failure */
  isLoading: boolean
  /** Reads again now */
  refetch: () => void
}

/** Default refetch interval, in ms (figures change as calls are made). */
export const REFETCH_INTERVAL_MS = 60_000

function useEmbedResource<T>(
  path: EmbedPath,
  query: Record<string, string | undefined> = {},
  refetchIntervalMs = REFETCH_INTERVAL_MS
): EmbedResource<T> {
  const { client, generation, expired } = useEmbedContext()
  const [state, setState] = useState<{ data: T | undefined; error: EmbedError | null }>({
    data: undefined,
    error: null,
  })
  const [isLoading, setLoading] = useState(true)
  const [tick, setTick] = useState(0)
  const queryKey = JSON.stringify(query)
  const latest = useRef(0)

  useEffect(() => {
    const request = ++latest.current
    client
      .get<T>(path, JSON.parse(queryKey))
      .then(
        (data) => request === latest.current && setState({ data, error: null }),
        (error: unknown) =>
          request === latest.current &&
          setState((previous) => ({
            data: previous.data,
            error:
              error instanceof EmbedError
                ? error
                : new EmbedError('unexpected_error', String(error), 0),
          }))
      )
      .finally(() => request === latest.current && setLoading(false))
  }, [client, path, queryKey, generation, tick])

  useEffect(() => {
    if (!refetchIntervalMs) return
    const timer = setInterval(() => setTick((value) => value + 1), refetchIntervalMs)
    return () => clearInterval(timer)
  }, [refetchIntervalMs])

  // The session expired (a renewal failed after a 401 or at expiry): every hook says so, the
  // data it had is kept as the last answer. A new secret clears it (and refetches).
  const expiredError = useMemo(
    () =>
      expired
        ? new EmbedError(
            SESSION_EXPIRED_CODE,
            'The embed session expired and fetchClientSecret could not renew it.',
            401
          )
        : null,
    [expired]
  )

  const refetch = useCallback(() => setTick((value) => value + 1), [])
  return { data: state.data, error: expiredError ?? state.error, isLoading, refetch }
}

/** The session's scope, expiry and branding (`GET /embed/v1/<id>/session`). */
export function useEmbedSession(): EmbedResource<EmbedSessionInfo> {
  return useEmbedResource<EmbedSessionInfo>('session', {}, 0)
}

/** used / limit / remaining / resetsAt for the account or the session's client key. */
export function useQuota(): EmbedResource<EmbedQuota> {
  return useEmbedResource<EmbedQuota>('quota')
}

/** This month's calls per day and the most called actions. */
export function useUsage(): EmbedResource<EmbedUsage> {
  return useEmbedResource<EmbedUsage>('usage')
}

/** The latest calls, newest first (`limit` 1-50, default 10). */
export function useRecentCalls(options: { limit?: number } = {}): EmbedResource<EmbedRecentCall[]> {
  return useEmbedResource<EmbedRecentCall[]>('recent_calls', {
    limit: options.limit === undefined ? undefined : String(options.limit),
  })
}

/** The keys in the session's scope, masked, with last use and usage. */
export function useKeys(): EmbedResource<EmbedKey[]> {
  return useEmbedResource<EmbedKey[]>('keys')
}

/**
 * Spend, impressions, clicks, CTR, results, cost per result and ROAS of one of the session's
 * ad accounts (default: its first), total and per day.
 */
export function useCampaignPerformance(
  options: { adAccountId?: string; datePreset?: 'last_7d' | 'last_14d' | 'last_30d' } = {}
): EmbedResource<EmbedCampaignPerformance> {
  return useEmbedResource<EmbedCampaignPerformance>('campaign_performance', {
    adAccountId: options.adAccountId,
    datePreset: options.datePreset,
  })
}

/**
 * The latest runs of the account's automated rules with their changes, newest first
 * (`limit` 1-50, default 10). A session with ad accounts sees only rules scoped to them.
 */
export function useRuleActivity(options: { limit?: number } = {}): EmbedResource<EmbedRuleRun[]> {
  return useEmbedResource<EmbedRuleRun[]>('rule_activity', {
    limit: options.limit === undefined ? undefined : String(options.limit),
  })
}
