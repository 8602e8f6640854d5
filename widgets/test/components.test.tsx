import { afterAll, afterEach, beforeAll, describe, expect, test, vi } from 'vitest'
import { cleanup, configure, render, screen, waitFor, within } from '@testing-library/react'
import axe from 'axe-core'
import type { ReactNode } from 'react'
import {
  AdrelayEmbedProvider,
  CampaignPerformance,
  KeyList,
  QuotaMeter,
  RecentCalls,
  UsageChart,
  type Appearance,
} from '../src/index.js'
import { EmbedApiStandIn, QUOTA } from './embed_api_stand_in.js'

// The first read of a run also warms up jsdom and the loopback server.
configure({ asyncUtilTimeout: 5000 })

const api = new EmbedApiStandIn()
beforeAll(() => api.start().then(() => undefined))
afterAll(() => api.stop())
afterEach(cleanup)

function renderWith(
  secret: string | (() => Promise<string>),
  children: ReactNode,
  appearance?: Appearance
) {
  const fetchClientSecret = vi.fn(typeof secret === 'string' ? async () => secret : secret)
  const view = render(
    <AdrelayEmbedProvider
      fetchClientSecret={fetchClientSecret}
      baseUrl={api.baseUrl}
      appearance={appearance}
    >
      {children}
    </AdrelayEmbedProvider>
  )
  return { ...view, fetchClientSecret }
}

describe('QuotaMeter', () => {
  test('shows a loading state, then used / limit, remaining and the meter', async () => {
    const secret = api.addSession({ quota: QUOTA })
    renderWith(secret, <QuotaMeter />)
    expect(screen.getByRole('status')).toHaveProperty('textContent', 'Loading…')
    const meter = await screen.findByRole('progressbar')
    expect(meter.getAttribute('aria-valuenow')).toBe('420')
    expect(meter.getAttribute('aria-valuemax')).toBe('1000')
    expect(screen.getByText(/580 remaining/)).toBeTruthy()
    expect(screen.getByRole('heading', { name: 'API requests this month' })).toBeTruthy()
  })

  test.each([
    [799, []],
    [800, [80]],
    [1000, [100]],
  ])('with %i of 1000 used it dispatches thresholds %j', async (used, thresholds) => {
    const secret = api.addSession({ quota: { ...QUOTA, used, remaining: 1000 - used } })
    const seen: number[] = []
    const listener = (event: Event) => seen.push((event as CustomEvent).detail.threshold)
    document.addEventListener('adrelay:quota-threshold', listener)
    renderWith(secret, <QuotaMeter />)
    await screen.findByRole('progressbar')
    await waitFor(() => expect(seen).toEqual(thresholds))
    document.removeEventListener('adrelay:quota-threshold', listener)
  })

  test('an expired secret is replaced through fetchClientSecret and the read retried', async () => {
    const old = api.addSession({ quota: QUOTA }, { state: 'expired' })
    const fresh = api.addSession({ quota: { ...QUOTA, used: 421 } })
    const secrets = [old, fresh]
    const { fetchClientSecret } = renderWith(async () => secrets.shift()!, <QuotaMeter />)
    const meter = await screen.findByRole('progressbar')
    expect(meter.getAttribute('aria-valuenow')).toBe('421')
    expect(fetchClientSecret).toHaveBeenCalledTimes(2)
  })

  test('a revoked session shows the error state and dispatches adrelay:error', async () => {
    const secret = api.addSession({ quota: QUOTA }, { state: 'revoked' })
    const codes: string[] = []
    const listener = (event: Event) => codes.push((event as CustomEvent).detail.code)
    document.addEventListener('adrelay:error', listener)
    renderWith(secret, <QuotaMeter />)
    const alert = await screen.findByRole('alert')
    expect(alert.textContent).toContain('Access to this widget has been revoked.')
    expect(within(alert).queryByRole('button')).toBeNull()
    await waitFor(() => expect(codes).toContain('embed_session_revoked'))
    document.removeEventListener('adrelay:error', listener)
  })
  // Renewal before expiry: session_renewal.test.tsx (on a fake clock).
})

describe('appearance and branding', () => {
  test('appearance variables and theme are set on the widget root', async () => {
    const secret = api.addSession({ quota: QUOTA })
    const { container } = renderWith(secret, <QuotaMeter />, {
      theme: 'dark',
      variables: { colorPrimary: '#ff0066', borderRadius: '0px' },
    })
    await screen.findByRole('progressbar')
    const root = container.querySelector('.adrelay-root') as HTMLElement
    expect(root.dataset.theme).toBe('dark')
    expect(root.style.getPropertyValue('--adrelay-color-primary')).toBe('#ff0066')
    expect(root.style.getPropertyValue('--adrelay-border-radius')).toBe('0px')
    expect(document.head.querySelector('style[data-adrelay-widgets]')).toBeTruthy()
  })

  test('"Powered by Adrelay" shows unless the session hides it', async () => {
    const branded = api.addSession({ quota: QUOTA })
    renderWith(branded, <QuotaMeter />)
    expect(await screen.findByText('Powered by Adrelay')).toBeTruthy()
    cleanup()
    const unbranded = api.addSession({ quota: QUOTA }, { poweredBy: false })
    renderWith(unbranded, <QuotaMeter />)
    await screen.findByRole('progressbar')
    await new Promise((resolve) => setTimeout(resolve, 50))
    expect(screen.queryByText('Powered by Adrelay')).toBeNull()
  })
})

describe('UsageChart', () => {
  test('draws the month and the most called actions', async () => {
    const secret = api.addSession({
      usage: {
        period: '2026-11',
        daily: [
          { date: '2026-11-01', calls: 3, successful: 2, failed: 1 },
          { date: '2026-11-02', calls: 5, successful: 5, failed: 0 },
        ],
        byAction: [{ action: 'GET /api/v1/usage', calls: 8 }],
      },
    })
    renderWith(secret, <UsageChart />)
    expect(await screen.findByRole('img', { name: /8 in total/ })).toBeTruthy()
    expect(screen.getByText('GET /api/v1/usage')).toBeTruthy()
    expect(screen.getByText(/1 failed/)).toBeTruthy()
  })

  test('shows the empty state for a month without calls', async () => {
    const secret = api.addSession({
      usage: {
        period: '2026-11',
        daily: [{ date: '2026-11-01', calls: 0, successful: 0, failed: 0 }],
        byAction: [],
      },
    })
    renderWith(secret, <UsageChart />)
    expect(await screen.findByText('No API calls this month yet.')).toBeTruthy()
  })
})

describe('RecentCalls and KeyList', () => {
  test('RecentCalls lists calls with their status in words, and asks for the limit', async () => {
    const secret = api.addSession({
      recent_calls: [
        {
          method: 'GET',
          endpoint: '/api/v1/usage',
          statusCode: 200,
          responseTimeMs: 12,
          createdAt: '2026-11-20T10:00:00.000Z',
        },
        {
          method: 'POST',
          endpoint: '/api/v1/campaigns',
          statusCode: 429,
          responseTimeMs: 3,
          createdAt: '2026-11-20T09:00:00.000Z',
        },
      ],
    })
    renderWith(secret, <RecentCalls limit={5} />)
    expect(await screen.findByText('200 OK')).toBeTruthy()
    expect(screen.getByText('429 failed')).toBeTruthy()
    expect(api.requests.some((request) => request.path.endsWith('recent_calls?limit=5'))).toBe(true)
  })

  test('KeyList shows masked keys with usage against their limit, or an empty state', async () => {
    const secret = api.addSession({
      keys: [
        {
          name: 'Portal',
          label: 'Acme Dental',
          token: 'adr_AbCd••••••••',
          lastUsedAt: null,
          usage: 42,
          monthlyLimit: 500,
        },
      ],
    })
    renderWith(secret, <KeyList />)
    expect(await screen.findByText('Acme Dental')).toBeTruthy()
    expect(screen.getByText('adr_AbCd••••••••')).toBeTruthy()
    expect(screen.getByText(/42 \/ 500 requests/)).toBeTruthy()
    cleanup()
    renderWith(api.addSession({ keys: [] }), <KeyList />)
    expect(await screen.findByText('No API keys.')).toBeTruthy()
  })
})

describe('CampaignPerformance', () => {
  const performance = {
    adAccountId: 'act_1',
    currency: 'USD',
    datePreset: 'last_7d',
    totals: {
      spend: 12345,
      impressions: 10000,
      clicks: 250,
      ctr: 2.5,
      results: 5,
      costPerResult: 2469,
      roas: 3.2,
    },
    daily: [
      {
        date: '2026-11-01',
        spend: 12345,
        impressions: 10000,
        clicks: 250,
        ctr: 2.5,
        results: 5,
        costPerResult: 2469,
        roas: 3.2,
      },
    ],
  }

  test('shows spend as money, CTR, results, cost per result and ROAS', async () => {
    const secret = api.addSession(
      { campaign_performance: performance },
      { adAccountIds: ['act_1', 'act_2'] }
    )
    renderWith(secret, <CampaignPerformance datePreset="last_7d" />)
    const [spend] = await screen.findAllByText('$123.45')
    expect(spend.getAttribute('data-adrelay-figure')).toBe('Spend')
    expect(screen.getByText('2.5%')).toBeTruthy()
    expect(screen.getByText('$24.69')).toBeTruthy()
    expect(screen.getByText('3.2×')).toBeTruthy()
    expect(await screen.findByLabelText('Ad account')).toBeTruthy()
    expect(api.requests.some((request) => request.path.endsWith('datePreset=last_7d'))).toBe(true)
  })

  test('is accessible (axe, no violations)', async () => {
    const secret = api.addSession({ campaign_performance: performance, quota: QUOTA })
    const { container } = renderWith(
      secret,
      <>
        <QuotaMeter />
        <CampaignPerformance />
      </>
    )
    await screen.findAllByText('$123.45')
    await screen.findByRole('progressbar')
    const results = await axe.run(container, { rules: { 'color-contrast': { enabled: false } } })
    expect(results.violations.map((violation) => violation.id)).toEqual([])
  })
})
