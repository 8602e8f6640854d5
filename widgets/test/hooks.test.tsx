import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest'
import { act, cleanup, configure, renderHook, waitFor } from '@testing-library/react'
import type { ReactNode } from 'react'
import {
  AdrelayEmbedProvider,
  useCampaignPerformance,
  useEmbedSession,
  useKeys,
  useQuota,
  useRecentCalls,
  useUsage,
} from '../src/index.js'
import { EmbedApiStandIn, QUOTA } from './embed_api_stand_in.js'

// The first read of a run also warms up jsdom and the loopback server.
configure({ asyncUtilTimeout: 5000 })

const api = new EmbedApiStandIn()
beforeAll(() => api.start().then(() => undefined))
afterAll(() => api.stop())
afterEach(cleanup)

function wrapperFor(secret: string) {
  return ({ children }: { children: ReactNode }) => (
    <AdrelayEmbedProvider fetchClientSecret={async () => secret} baseUrl={api.baseUrl}>
      {children}
    </AdrelayEmbedProvider>
  )
}

describe('headless hooks', () => {
  test('useQuota answers the API figures after a loading state', async () => {
    const wrapper = wrapperFor(api.addSession({ quota: QUOTA }))
    const { result } = renderHook(() => useQuota(), { wrapper })
    expect(result.current.isLoading).toBe(true)
    await waitFor(() => expect(result.current.data).toEqual(QUOTA))
    expect(result.current.isLoading).toBe(false)
    expect(result.current.error).toBeNull()
  })

  test('useUsage, useRecentCalls and useKeys read their components', async () => {
    const usage = { period: '2026-11', daily: [], byAction: [] }
    const wrapper = wrapperFor(api.addSession({ usage, recent_calls: [], keys: [] }))
    const { result } = renderHook(
      () => ({ usage: useUsage(), calls: useRecentCalls({ limit: 3 }), keys: useKeys() }),
      { wrapper }
    )
    await waitFor(() => expect(result.current.usage.data).toEqual(usage))
    await waitFor(() => expect(result.current.calls.data).toEqual([]))
    await waitFor(() => expect(result.current.keys.data).toEqual([]))
  })

  test('useCampaignPerformance sends the ad account and period', async () => {
    const answer = {
      adAccountId: 'act_9',
      currency: 'EUR',
      datePreset: 'last_14d',
      totals: {},
      daily: [],
    }
    const wrapper = wrapperFor(api.addSession({ campaign_performance: answer }))
    const { result } = renderHook(
      () => useCampaignPerformance({ adAccountId: 'act_9', datePreset: 'last_14d' }),
      { wrapper }
    )
    await waitFor(() => expect(result.current.data).toEqual(answer))
    expect(
      api.requests.some((request) =>
        request.path.endsWith('campaign_performance?adAccountId=act_9&datePreset=last_14d')
      )
    ).toBe(true)
  })

  test('a component outside the scope answers an EmbedError with its code', async () => {
    const wrapper = wrapperFor(api.addSession({ quota: QUOTA }))
    const { result } = renderHook(() => useUsage(), { wrapper })
    await waitFor(() => expect(result.current.error?.code).toBe('embed_component_not_allowed'))
    expect(result.current.error?.status).toBe(403)
  })

  test('useEmbedSession tells the scope and branding', async () => {
    const wrapper = wrapperFor(api.addSession({ quota: QUOTA }, { poweredBy: false }))
    const { result } = renderHook(() => useEmbedSession(), { wrapper })
    await waitFor(() => expect(result.current.data?.poweredBy).toBe(false))
    expect(result.current.data?.components).toEqual(['quota'])
  })

  test('a session fetchClientSecret cannot renew answers embed_session_expired (401)', async () => {
    const secret = api.addSession({ quota: QUOTA })
    let loggedIn = true
    const wrapper = ({ children }: { children: ReactNode }) => (
      <AdrelayEmbedProvider
        fetchClientSecret={async () => {
          if (!loggedIn) throw new Error('portal login lapsed')
          return secret
        }}
        baseUrl={api.baseUrl}
      >
        {children}
      </AdrelayEmbedProvider>
    )
    const { result } = renderHook(() => useQuota(), { wrapper })
    await waitFor(() => expect(result.current.data).toEqual(QUOTA))
    api.session(secret).state = 'expired'
    loggedIn = false
    act(() => result.current.refetch())
    await waitFor(() => expect(result.current.error?.code).toBe('embed_session_expired'), {
      timeout: 2000,
    })
    expect(result.current.error?.status).toBe(401)
    expect(result.current.data).toEqual(QUOTA)
  })

  test('hooks outside the provider throw a clear error', () => {
    expect(() => renderHook(() => useQuota())).toThrow(/inside <AdrelayEmbedProvider>/)
  })
})
