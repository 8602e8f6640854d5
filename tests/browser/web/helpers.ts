import type { BrowserContext, Page } from 'playwright'
import { AxeBuilder } from '@axe-core/playwright'
import type User from '#accounts/models/user'
import { logCallRecords } from '#tests/helpers/usage'

/** Base URL of the test server (same as tests/bootstrap.ts). */
export const baseUrl = `http://${process.env.HOST ?? '127.0.0.1'}:${process.env.PORT ?? 3334}`

/** Signs in through the development sign-in page (Google is not configured in tests). */
export async function signInThroughDevPage(
  page: Page,
  email: string,
  firstName = 'Dev',
  lastName = 'User'
) {
  await page.goto('/api/login')
  await page.getByLabel('Email').fill(email)
  await page.getByLabel('First name').fill(firstName)
  await page.getByLabel('Last name').fill(lastName)
  await page.getByRole('button', { name: 'Sign in' }).click()
  await page.waitForURL((url) => url.pathname === '/')
}

/** Writes call-log rows (and rollups) for `user` (defaults: GET /api/v1/me, 42 ms, now). */
export async function logCalls(
  user: User,
  calls: Array<{ status: number; ms?: number; at?: Date; endpoint?: string; method?: string }>
) {
  await logCallRecords(
    user.id,
    calls.map((call, index) => ({ ...call, at: call.at ?? new Date(Date.now() - index * 1000) }))
  )
}

/** The title text of the toast on screen. */
export function toastTitle(page: Page) {
  return page.locator('[data-variant] .text-sm.font-semibold').first()
}

/** A toast as the page reported it: its text, when (the page's clock, epoch ms) and where. */
export interface SeenToast {
  text: string
  at: number
  path: string
}

/**
 * Records every toast shown in `context`'s pages, reported by the page itself as the toast
 * appears. Toasts that precede a navigation live only 500 ms; polling for them from the test
 * runner can come too late on a loaded machine, this cannot. Call before the page opens;
 * read the returned array after the navigation.
 */
export async function recordToasts(context: BrowserContext): Promise<SeenToast[]> {
  const seen: SeenToast[] = []
  await context.exposeBinding('__adrelayToastSeen', (_source, toast: SeenToast) => {
    seen.push(toast)
  })
  await context.addInitScript({
    content: `(() => {
      const reported = new WeakMap()
      new MutationObserver(() => {
        for (const toast of document.querySelectorAll('[data-variant]')) {
          const text = toast.textContent
          if (text && reported.get(toast) !== text) {
            reported.set(toast, text)
            window.__adrelayToastSeen({ text, at: Date.now(), path: location.pathname })
          }
        }
      }).observe(document, { childList: true, subtree: true, characterData: true })
    })()`,
  })
  return seen
}

/** axe-core findings of impact serious or critical (WCAG 2.1 A/AA and best practice), as readable lines. */
export async function seriousViolations(page: Page) {
  const results = await new AxeBuilder({ page: page as any })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'])
    .analyze()
  return results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map(
      (violation) =>
        `${violation.id} (${violation.impact}): ${violation.help}\n  ${violation.nodes
          .slice(0, 3)
          .map((node) => node.target.join(' '))
          .join('\n  ')}`
    )
}

/** The two widths every screen is checked at (spec: 1280 px and 375 px). */
export const VIEWPORTS = [
  { width: 1280, height: 800 },
  { width: 375, height: 740 },
] as const

/** Fails the test when `page` scrolls sideways at its current width. */
export async function assertNoHorizontalScroll(
  page: Page,
  assert: { isAtMost: (value: number, max: number, message?: string) => void }
) {
  const overflow = await page.evaluate(() => {
    const root = (globalThis as any).document.documentElement
    return root.scrollWidth - root.clientWidth
  })
  assert.isAtMost(overflow, 0, 'the page scrolls horizontally')
}
