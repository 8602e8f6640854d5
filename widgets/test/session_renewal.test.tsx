import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, test, vi } from 'vitest'
import { act, cleanup, configure, render, screen, waitFor } from '@testing-library/react'
import { AdrelayEmbedProvider, QuotaMeter, type ClientSecretAnswer } from '../src/index.js'
import { configure as configureElements } from '../src/elements.js'
import { EmbedApiStandIn, QUOTA } from './embed_api_stand_in.js'

/*
| How the widgets renew their embed session, on a clock the tests move: the timers and Date
| are faked but keep advancing with real time (`shouldAdvanceTime`), so the loopback reads,
| React and Testing Library's waits run as usual while a test jumps minutes ahead.
*/

configure({ asyncUtilTimeout: 5000 })
// Longer than a wait (5 s), so that a widget that never gets there fails on what it shows.
vi.setConfig({ testTimeout: 20_000 })

const api = new EmbedApiStandIn()
beforeAll(() => api.start().then(() => undefined))
afterAll(() => api.stop())
beforeEach(() => {
  vi.useFakeTimers({
    shouldAdvanceTime: true,
    toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'],
  })
})
afterEach(() => {
  cleanup()
  document.body.innerHTML = ''
  vi.useRealTimers()
})

const MINUTE = 60_000

/** A portal whose server mints a new stand-in session of `ttlSeconds` on every call. */
function mintingPortal(ttlSeconds: number, quota = QUOTA) {
  const minted: string[] = []
  const fetchClientSecret = vi.fn(async (): Promise<ClientSecretAnswer> => {
    const clientSecret = api.addSession({ quota })
    minted.push(clientSecret)
    return {
      clientSecret,
      expiresAt: new Date(Date.now() + ttlSeconds * 1000).toISOString(),
    }
  })
  return { fetchClientSecret, minted }
}

/** Quota reads the stand-in answered with `secret`. */
function quotaReadsWith(secret: string) {
  return api.requests.filter(
    (request) => request.secret === secret && /\/quota$/.test(request.path)
  ).length
}

/** Moves the fake clock on by `ms`, then lets the reads it started reach the stand-in. */
async function advance(ms: number) {
  await act(() => vi.advanceTimersByTimeAsync(ms))
}

/** Lets `ms` of real time pass (the fake clock follows). */
async function settle(ms: number) {
  await act(() => new Promise<void>((resolve) => setTimeout(resolve, ms)))
}

describe('renewal before expiry', () => {
  test('a one-hour session is renewed a minute before it expires', async () => {
    const portal = mintingPortal(3600)
    render(
      <AdrelayEmbedProvider fetchClientSecret={portal.fetchClientSecret} baseUrl={api.baseUrl}>
        <QuotaMeter />
      </AdrelayEmbedProvider>
    )
    await screen.findByRole('progressbar')
    await advance(58 * MINUTE + 30_000)
    expect(portal.fetchClientSecret).toHaveBeenCalledTimes(1)
    await advance(MINUTE)
    await waitFor(() => expect(portal.fetchClientSecret).toHaveBeenCalledTimes(2))
    await waitFor(() => expect(quotaReadsWith(portal.minted[1])).toBeGreaterThan(0))
  })
})

describe('renewal of a short session (ttlSeconds: 60, the API minimum)', () => {
  test('React: renewed about halfway through its life, not in a loop', async () => {
    const portal = mintingPortal(60)
    render(
      <AdrelayEmbedProvider fetchClientSecret={portal.fetchClientSecret} baseUrl={api.baseUrl}>
        <QuotaMeter />
      </AdrelayEmbedProvider>
    )
    await screen.findByRole('progressbar')
    await settle(500)
    // One session minted: the new secret does not ask for the next, the figures stay put.
    expect(portal.fetchClientSecret).toHaveBeenCalledTimes(1)
    const loadReads = quotaReadsWith(portal.minted[0])
    expect(loadReads).toBeLessThanOrEqual(2)

    await advance(25_000)
    expect(portal.fetchClientSecret).toHaveBeenCalledTimes(1)
    expect(quotaReadsWith(portal.minted[0])).toBe(loadReads)

    // About 30 s into the 60 s session, a second session is minted and the figures reread.
    await advance(6_000)
    await waitFor(() => expect(portal.fetchClientSecret).toHaveBeenCalledTimes(2))
    await waitFor(() => expect(quotaReadsWith(portal.minted[1])).toBe(1))

    // Ten minutes on: about two sessions a minute, not hundreds.
    for (let step = 0; step < 20; step++) await advance(30_000)
    expect(portal.fetchClientSecret.mock.calls.length).toBeGreaterThanOrEqual(20)
    expect(portal.fetchClientSecret.mock.calls.length).toBeLessThanOrEqual(23)
  })

  test('script tag: the elements share one renewal about halfway through, not a loop', async () => {
    const portal = mintingPortal(60)
    configureElements({ fetchClientSecret: portal.fetchClientSecret, baseUrl: api.baseUrl })
    document.body.innerHTML = '<adrelay-quota-meter></adrelay-quota-meter>'.repeat(2)
    const elements = [...document.querySelectorAll('adrelay-quota-meter')]
    const meters = () =>
      elements.map((element) => element.shadowRoot?.querySelector('[role="progressbar"]'))
    await waitFor(() => expect(meters().every(Boolean)).toBe(true))
    await settle(500)
    expect(portal.fetchClientSecret).toHaveBeenCalledTimes(1)
    const loadReads = quotaReadsWith(portal.minted[0])
    expect(loadReads).toBeLessThanOrEqual(4)

    await advance(25_000)
    expect(portal.fetchClientSecret).toHaveBeenCalledTimes(1)
    expect(quotaReadsWith(portal.minted[0])).toBe(loadReads)

    await advance(6_000)
    await waitFor(() => expect(quotaReadsWith(portal.minted[1] ?? '')).toBe(2))
    await settle(500)
    expect(portal.fetchClientSecret).toHaveBeenCalledTimes(2)

    for (let step = 0; step < 20; step++) await advance(30_000)
    expect(portal.fetchClientSecret.mock.calls.length).toBeLessThanOrEqual(23)
  })
})

describe('a session the portal cannot renew', () => {
  function expiredEvents() {
    const seen: { type: string; detail: Record<string, unknown> }[] = []
    const listener = (event: Event) =>
      seen.push({ type: event.type, detail: (event as CustomEvent).detail })
    document.addEventListener('adrelay:session-expired', listener)
    document.addEventListener('adrelay:error', listener)
    return {
      seen,
      expired: () => seen.filter((event) => event.type === 'adrelay:session-expired'),
      stop: () => {
        document.removeEventListener('adrelay:session-expired', listener)
        document.removeEventListener('adrelay:error', listener)
      },
    }
  }

  test('after a 401: the expired state replaces the old figures and session-expired fires', async () => {
    const secret = api.addSession({ quota: QUOTA })
    let loggedIn = true
    const fetchClientSecret = vi.fn(async () => {
      if (!loggedIn) throw new Error('portal answered 401: please log in again')
      return secret
    })
    const events = expiredEvents()
    render(
      <AdrelayEmbedProvider fetchClientSecret={fetchClientSecret} baseUrl={api.baseUrl}>
        <QuotaMeter />
      </AdrelayEmbedProvider>
    )
    await screen.findByRole('progressbar')

    // The session expires on the server and the portal's own login has lapsed.
    api.session(secret).state = 'expired'
    loggedIn = false
    await advance(MINUTE) // the minute refetch

    const alert = await screen.findByRole('alert')
    expect(alert.textContent).toContain('This widget’s session has expired.')
    expect(screen.queryByRole('progressbar')).toBeNull()
    await waitFor(() => expect(events.expired()).toHaveLength(1))
    expect(events.expired()[0].detail).toEqual({ code: 'embed_session_expired' })
    expect(events.seen.find((event) => event.type === 'adrelay:error')?.detail).toMatchObject({
      code: 'embed_session_expired',
      status: 401,
    })
    events.stop()
  })

  test('at expiry: the renewal fails, then the expired state shows and session-expired fires', async () => {
    const first = api.addSession({ quota: QUOTA })
    const fetchClientSecret = vi.fn(async (): Promise<ClientSecretAnswer> => {
      if (fetchClientSecret.mock.calls.length > 1) throw new Error('portal is logged out')
      return { clientSecret: first, expiresAt: new Date(Date.now() + 5 * MINUTE).toISOString() }
    })
    const events = expiredEvents()
    render(
      <AdrelayEmbedProvider fetchClientSecret={fetchClientSecret} baseUrl={api.baseUrl}>
        <QuotaMeter />
      </AdrelayEmbedProvider>
    )
    await screen.findByRole('progressbar')

    // A minute before expiry the renewal fails; the secret still works, the figures stay.
    await advance(4 * MINUTE + 1_000)
    await waitFor(() => expect(fetchClientSecret.mock.calls.length).toBeGreaterThan(1))
    await settle(200)
    expect(screen.getByRole('progressbar')).toBeTruthy()
    expect(events.expired()).toHaveLength(0)

    // Past expiry, still no new secret: the widget says so and the portal hears of it once.
    await advance(MINUTE + 15_000)
    const alert = await screen.findByRole('alert')
    expect(alert.textContent).toContain('This widget’s session has expired.')
    expect(screen.queryByRole('progressbar')).toBeNull()
    await waitFor(() => expect(events.expired()).toHaveLength(1))
    expect(fetchClientSecret.mock.calls.length).toBeLessThanOrEqual(6)
    events.stop()
  })

  test('script tag: adrelay:session-expired leaves the shadow root for the portal', async () => {
    const secret = api.addSession({ quota: QUOTA })
    let loggedIn = true
    configureElements({
      fetchClientSecret: async () => {
        if (!loggedIn) throw new Error('logged out')
        return secret
      },
      baseUrl: api.baseUrl,
    })
    const events = expiredEvents()
    document.body.innerHTML = '<adrelay-quota-meter></adrelay-quota-meter>'
    const shadow = document.querySelector('adrelay-quota-meter')!.shadowRoot!
    await waitFor(() => expect(shadow.querySelector('[role="progressbar"]')).toBeTruthy())

    api.session(secret).state = 'expired'
    loggedIn = false
    await advance(MINUTE)
    await waitFor(() => expect(events.expired()).toHaveLength(1))
    expect(shadow.querySelector('[role="alert"]')?.textContent).toContain(
      'This widget’s session has expired.'
    )
    expect(shadow.querySelector('[role="progressbar"]')).toBeNull()
    events.stop()
  })

  test('"Try again" after the portal is back renews the session and shows the figures', async () => {
    const secret = api.addSession({ quota: QUOTA })
    let loggedIn = true
    const fresh = api.addSession({ quota: { ...QUOTA, used: 421 } })
    const fetchClientSecret = vi.fn(async () => {
      if (!loggedIn) throw new Error('logged out')
      return fetchClientSecret.mock.calls.length === 1 ? secret : fresh
    })
    render(
      <AdrelayEmbedProvider fetchClientSecret={fetchClientSecret} baseUrl={api.baseUrl}>
        <QuotaMeter />
      </AdrelayEmbedProvider>
    )
    await screen.findByRole('progressbar')
    api.session(secret).state = 'expired'
    loggedIn = false
    await advance(MINUTE)
    const alert = await screen.findByRole('alert')

    loggedIn = true
    await act(async () => alert.querySelector('button')!.click())
    const meter = await screen.findByRole('progressbar')
    await waitFor(() => expect(meter.getAttribute('aria-valuenow')).toBe('421'))
    expect(screen.queryByRole('alert')).toBeNull()
  })
})
