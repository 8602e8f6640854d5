import { test } from '@japa/runner'
import type { BrowserContext, Page } from 'playwright'
import User from '#accounts/models/user'
import { createApiKey, createUser, setPlan } from '#tests/helpers/factories'
import { connectMeta, freshSandbox } from '#tests/helpers/meta'
import { useBillingMode } from '#tests/helpers/billing'
import { logCalls } from './helpers.js'
import { settled, trackRequests } from '#tests/helpers/page_settled'

/** Who looks at the screen. */
type Viewer = 'visitor' | 'free' | 'trafficker' | 'agency' | 'admin'

/**
 * One screen state to check: a page, optionally a tab or dialog opened on it. New pages
 * (Campaigns, Rules, …) add a row here.
 */
interface Screen {
  name: string
  path: string
  as: Viewer
  /** Opens the tab / dialog / menu; resolves once it is on screen. */
  open?: (page: Page) => Promise<void>
  /** Only these widths (a mobile menu exists only at 375 px); both by default. */
  widths?: readonly number[]
}

const WIDTHS = [1280, 375] as const

const LONG_ENDPOINT =
  '/api/v1/meta/update_campaign_status/act_100000000001/campaigns/120200000000000001/with/a/very/long/path'

const openTab = (name: string) => async (page: Page) => {
  await page.getByRole('tab', { name }).click()
  await page.getByRole('tabpanel').waitFor()
}

const dialog = (button: string | RegExp) => async (page: Page) => {
  await page.getByRole('button', { name: button }).first().click()
  await page.getByRole('dialog').or(page.getByRole('alertdialog')).first().waitFor()
}

const SCREENS: Screen[] = [
  // Public pages.
  { name: 'Landing', path: '/', as: 'visitor' },
  {
    name: 'Landing → mobile menu',
    path: '/',
    as: 'visitor',
    widths: [375],
    open: async (page) => {
      await page.getByRole('button', { name: 'Open menu' }).click()
      await page.getByRole('navigation', { name: 'Sections menu' }).waitFor()
    },
  },
  { name: 'Privacy Policy', path: '/privacy', as: 'visitor' },
  { name: 'Sign-in (development)', path: '/api/login', as: 'visitor' },
  { name: 'API reference', path: '/docs/api', as: 'visitor' },
  { name: 'Page Not Found', path: '/no-such-page', as: 'visitor' },
  // Signed in.
  { name: 'Dashboard', path: '/', as: 'agency' },
  { name: 'Dashboard (Free)', path: '/', as: 'free' },
  { name: 'Dashboard → Upgrade Plan dialog', path: '/', as: 'free', open: dialog('Upgrade Plan') },
  {
    name: 'Dashboard → Advanced Analytics gate',
    path: '/',
    as: 'free',
    open: dialog(/Advanced Analytics/),
  },
  {
    name: 'Dashboard → Advanced Analytics with forecasts (Meta connected)',
    path: '/',
    as: 'agency',
    open: async (page) => {
      await page.getByRole('button', { name: /Advanced Analytics/ }).click()
      await page.getByTestId('spend-forecast').waitFor()
    },
  },
  {
    name: 'Dashboard → Advanced Analytics with forecasts (Meta not connected)',
    path: '/',
    as: 'trafficker',
    open: async (page) => {
      await page.getByRole('button', { name: /Advanced Analytics/ }).click()
      await page.getByTestId('spend-forecast-not-connected').waitFor()
    },
  },
  { name: 'Automation → Overview', path: '/dashboard', as: 'agency' },
  {
    name: 'Automation → API Access',
    path: '/dashboard',
    as: 'agency',
    open: openTab('API Access'),
  },
  {
    name: 'Automation → MCP Integration',
    path: '/dashboard',
    as: 'agency',
    open: openTab('MCP Integration'),
  },
  { name: 'Campaigns', path: '/campaigns', as: 'agency' },
  { name: 'Rules', path: '/rules', as: 'agency' },
  { name: 'Rules → Templates', path: '/rules', as: 'agency', open: openTab('Templates') },
  { name: 'Rules → History', path: '/rules', as: 'agency', open: openTab('History') },
  { name: 'Rules → Approvals', path: '/rules', as: 'agency', open: openTab('Approvals') },
  { name: 'Alerts', path: '/alerts', as: 'agency' },
  { name: 'Leads', path: '/leads', as: 'agency' },
  { name: 'Leads → Forms', path: '/leads', as: 'agency', open: openTab('Forms') },
  { name: 'Leads → Forwarding', path: '/leads', as: 'agency', open: openTab('Forwarding') },
  { name: 'Leads → Delivery log', path: '/leads', as: 'agency', open: openTab('Delivery log') },
  { name: 'Leads (Free)', path: '/leads', as: 'free' },
  { name: 'Integrations', path: '/integrations', as: 'agency' },
  { name: 'Integrations (not connected)', path: '/integrations', as: 'free' },
  {
    name: 'Meta sandbox consent page',
    path: '/integrations',
    as: 'free',
    open: async (page) => {
      await page.getByRole('button', { name: 'Connect Meta Account' }).click()
      await page.getByRole('button', { name: 'Allow' }).waitFor()
    },
  },
  {
    name: 'Integrations → Disconnect dialog',
    path: '/integrations',
    as: 'agency',
    open: dialog('Disconnect'),
  },
  { name: 'Profile', path: '/profile', as: 'agency' },
  { name: 'Profile → Revoke key dialog', path: '/profile', as: 'agency', open: dialog(/^Revoke /) },
  {
    name: 'Profile → Revoke All Sessions dialog',
    path: '/profile',
    as: 'agency',
    open: dialog('Revoke All Sessions'),
  },
  { name: 'Subscription', path: '/subscription', as: 'free' },
  {
    name: 'Subscription → change preview',
    path: '/subscription',
    as: 'agency',
    open: async (page) => {
      await page.getByTestId('plan-card-trafficker').getByRole('button').click()
      await page.getByRole('heading', { name: 'Confirm Subscription Change' }).waitFor()
    },
  },
  { name: 'Device sign-in', path: '/device', as: 'free' },
  { name: 'Admin', path: '/admin', as: 'admin' },
  { name: 'Admin → user detail dialog', path: '/admin', as: 'admin', open: dialog('View') },
]

/** Signs `viewer` in (a fresh user with keys, calls and a Meta connection where it fits). */
async function signIn(context: BrowserContext, viewer: Viewer) {
  if (viewer === 'visitor') return
  const user = await createUser({
    role: viewer === 'admin' ? 'admin' : 'user',
    email: `a.very.long.email.address.for.layout.checks.${Date.now()}@an-example-company.test`,
  })
  if (viewer === 'agency' || viewer === 'admin') {
    await setPlan(user, 'agency')
    await connectMeta(user)
  }
  if (viewer === 'trafficker') await setPlan(user, 'trafficker')
  await createApiKey(user, 'Production key for the n8n workflow of the marketing team')
  await createApiKey(user, 'API Key')
  await logCalls(user, [
    { status: 200, method: 'POST', endpoint: LONG_ENDPOINT },
    { status: 429, endpoint: '/api/v1/meta/list_campaigns' },
    { status: 500, method: 'DELETE', endpoint: LONG_ENDPOINT },
  ])
  if (viewer === 'admin') {
    // A second user so the admin tables have rows beyond the admin's own.
    const other = await createUser({
      email: `someone.with.an.even.longer.address.${Date.now()}@example-agency-group.test`,
    })
    await setPlan(other, 'trafficker')
  }
  await context.loginAs(await User.findOrFail(user.id))
}

/**
 * How far the page scrolls sideways at `width`, and the elements sticking out furthest (for
 * the failure message).
 */
async function horizontalOverflow(page: Page) {
  return page.evaluate(() => {
    // Runs in the page (the server's tsconfig has no DOM types).
    const { document, window } = globalThis as any
    const { scrollWidth } = document.documentElement
    const innerWidth = window.innerWidth
    const culprits: string[] = [...document.querySelectorAll('body *')]
      .map((element: any) => ({ element, right: element.getBoundingClientRect().right }))
      .filter(({ right }: any) => right > innerWidth + 1)
      .sort((a: any, b: any) => b.right - a.right)
      .slice(0, 3)
      .map(({ element, right }: any) => {
        const text = (element.textContent ?? '').trim().slice(0, 40)
        return `<${element.tagName.toLowerCase()} class="${element.getAttribute('class') ?? ''}"> right=${Math.round(right)} "${text}"`
      })
    // A tab strip that scrolls or runs past the screen hides tabs even when the page does not.
    // (Not the API reference's own client picker: Scalar's strip scrolls by design.)
    for (const strip of document.querySelectorAll('[role="tablist"]') as any[]) {
      if (strip.closest('[class*="scalar"]')) continue
      const cut = [...strip.querySelectorAll('[role="tab"]')].filter((tab: any) => {
        const box = tab.getBoundingClientRect()
        const frame = strip.getBoundingClientRect()
        return box.right > Math.min(innerWidth, frame.right) + 1 || box.left < frame.left - 1
      })
      if (cut.length > 0 || strip.scrollWidth > strip.clientWidth) {
        culprits.unshift(`tab strip cuts off: ${cut.map((tab: any) => tab.textContent).join(', ')}`)
      }
    }
    return { scrollWidth: scrollWidth as number, innerWidth: innerWidth as number, culprits }
  })
}

test.group(
  'No page scrolls horizontally and no tab strip cuts a tab off (1280 px and 375 px)',
  (group) => {
    group.setup(() => useBillingMode('manual'))
    group.each.setup(async () => {
      await freshSandbox()
    })

    test('{name}')
      .with(SCREENS)
      .run(async ({ browserContext, assert }, screen) => {
        await signIn(browserContext, screen.as)
        await trackRequests(browserContext)
        const page = await browserContext.newPage()
        const failures: string[] = []
        for (const width of screen.widths ?? WIDTHS) {
          await page.setViewportSize({ width, height: 800 })
          await page.goto(screen.path)
          await settled(page)
          if (screen.open) {
            await screen.open(page)
            await settled(page)
          }
          const overflow = await horizontalOverflow(page)
          if (
            overflow.scrollWidth > overflow.innerWidth ||
            overflow.culprits.some((line) => line.startsWith('tab strip'))
          ) {
            failures.push(
              `${width} px: page is ${overflow.scrollWidth} px wide\n    ${overflow.culprits.join('\n    ')}`
            )
          }
        }
        assert.deepEqual(failures, [], `${screen.name}:\n  ${failures.join('\n  ')}`)
      })
  }
)

test.group('App shell on long pages', (group) => {
  group.each.setup(async () => {
    await freshSandbox()
  })

  test('the sidebar background reaches the bottom of the screen when a long page is scrolled to its end', async ({
    browserContext,
    assert,
  }) => {
    await signIn(browserContext, 'admin')
    await trackRequests(browserContext)
    const page = await browserContext.newPage()
    await page.setViewportSize({ width: 1280, height: 600 })
    await page.goto('/admin')
    await settled(page)
    const scrolled = await page.evaluate(() => {
      const { document, window } = globalThis as any
      // The page scrolls smoothly (app.css): jump instead.
      window.scrollTo({ top: document.documentElement.scrollHeight, behavior: 'instant' })
      return window.scrollY as number
    })
    assert.isAbove(scrolled, 0, 'the admin page is longer than the screen')
    const atBottomLeft = await page.evaluate(() => {
      const { document, window, getComputedStyle } = globalThis as any
      const element = document.elementFromPoint(8, window.innerHeight - 8)
      const aside = element?.closest('aside')
      return {
        inSidebar: Boolean(aside),
        background: aside ? (getComputedStyle(aside).backgroundColor as string) : null,
        bottom: aside ? (aside.getBoundingClientRect().bottom as number) : null,
        innerHeight: window.innerHeight as number,
      }
    })
    assert.isTrue(atBottomLeft.inSidebar, JSON.stringify(atBottomLeft))
    assert.equal(atBottomLeft.background, 'rgb(255, 255, 255)')
    assert.isAtLeast(atBottomLeft.bottom!, atBottomLeft.innerHeight)
  })
})
