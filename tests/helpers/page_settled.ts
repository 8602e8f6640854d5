import type { BrowserContext, Page } from 'playwright'

/**
 * "The page has loaded its data": the signal browser tests wait for before measuring a page
 * (its width, its accessibility), in place of Playwright's `networkidle`, which waits for
 * 500 ms without any request after the last one (a fixed sleep on every page load).
 *
 * `trackRequests(context)` (call before the page opens) counts the page's own `fetch` and
 * `XMLHttpRequest` calls in flight; `settled(page)` then waits, frame by frame, until the
 * app has rendered (`#app` has content), no call is in flight, and nothing on the page shows
 * a loading state (a `Skeleton`, `data-slot="skeleton"`, or an `aria-busy="true"` region),
 * for a few frames in a row.
 */
export async function trackRequests(context: BrowserContext) {
  await context.addInitScript({
    content: `(() => {
      if ('__adrelayRequestsInFlight' in window) return
      let inFlight = 0
      Object.defineProperty(window, '__adrelayRequestsInFlight', { get: () => inFlight })
      const nativeFetch = window.fetch
      window.fetch = function (...args) {
        inFlight += 1
        return nativeFetch.apply(this, args).finally(() => { inFlight -= 1 })
      }
      const nativeSend = XMLHttpRequest.prototype.send
      XMLHttpRequest.prototype.send = function (...args) {
        inFlight += 1
        this.addEventListener('loadend', () => { inFlight -= 1 }, { once: true })
        try {
          return nativeSend.apply(this, args)
        } catch (error) {
          inFlight -= 1
          throw error
        }
      }
    })()`,
  })
}

/**
 * Waits until the page is rendered, its calls are answered and no loading state shows, for
 * `frames` animation frames in a row: a state set in an effect after an answer (a selected
 * ad account, then its campaigns) can start the next call a frame later.
 */
export async function settled(page: Page, { frames = 3, timeout = 15_000 } = {}) {
  await page.evaluate(() => {
    ;(globalThis as any).__adrelayQuietFrames = 0
  })
  await page.waitForFunction(
    (needed) => {
      const scope = globalThis as any
      const { document } = scope
      const root = document.getElementById('app')
      const quiet =
        !(root && root.childElementCount === 0) &&
        (scope.__adrelayRequestsInFlight ?? 0) === 0 &&
        !document.querySelector('[data-slot="skeleton"], [aria-busy="true"]')
      scope.__adrelayQuietFrames = quiet ? (scope.__adrelayQuietFrames ?? 0) + 1 : 0
      return scope.__adrelayQuietFrames >= needed
    },
    frames,
    { polling: 'raf', timeout }
  )
}
