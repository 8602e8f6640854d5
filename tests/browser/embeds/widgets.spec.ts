import { test } from '@japa/runner'
import db from '@adonisjs/lucid/services/db'
import { toDbTimestamp } from '#shared/db_time'
import { WidgetBundle } from '#embeds/services/widget_bundle'
import { createApiKey, createUser, setPlan } from '#tests/helpers/factories'
import { setUsage } from '#tests/helpers/usage'
import { baseUrl } from '#tests/browser/web/helpers'
import { PortalStandIn } from './portal_stand_in.js'
import { AxeBuilder } from '@axe-core/playwright'
import type { Page } from 'playwright'

/*
| Issue 17 in a real browser: the app on one loopback origin, a plain client portal on
| another, the script-tag build and the React package both reading the embed API.
*/

const portal = new PortalStandIn()

/** A Trafficker account with `used` requests this month and an embed session for `origins`. */
async function mintSession(used: number, origins: string[]) {
  const user = await createUser()
  await setPlan(user, 'trafficker')
  await setUsage(user.id, used)
  const { key } = await createApiKey(user, 'portal server')
  const response = await fetch(`${baseUrl}/api/v1/embed/sessions`, {
    method: 'POST',
    headers: { 'Authorization': `Bearer ${key}`, 'Content-Type': 'application/json' },
    body: JSON.stringify({ components: ['quota'], allowedOrigins: origins }),
  })
  const created = (await response.json()) as { id: string; clientSecret: string }
  return { ...created, key }
}

test.group('Widgets in a client portal (two origins)', (group) => {
  group.setup(async () => {
    const bundle = await new WidgetBundle().info()
    if (!bundle) throw new Error('Build the widgets first (npm test does).')
    await portal.start(baseUrl, bundle, ':root { --adrelay-color-primary: rgb(255, 0, 102); }')
    await portal.buildReactPortal()
    return () => portal.stop()
  })
  group.each.setup(() => {
    portal.secrets = []
    portal.secretRequests = 0
  })

  test('the script-tag build shows the numbers the API shows, restyled from the host', async ({
    browserContext,
    assert,
  }) => {
    const { clientSecret } = await mintSession(1234, [portal.origin])
    portal.secrets = [clientSecret]
    const page = await browserContext.newPage()
    await page.goto(`${portal.origin}/script.html`)
    const meter = page.locator('adrelay-quota-meter').getByRole('progressbar')
    await meter.waitFor()
    assert.equal(await meter.getAttribute('aria-valuenow'), '1234')
    assert.equal(await meter.getAttribute('aria-valuemax'), '100000')
    const fill = await page.locator('adrelay-quota-meter').evaluate((element) => {
      const meterFill = (element as any).shadowRoot.querySelector('.adrelay-meter-fill')
      return (globalThis as any).getComputedStyle(meterFill).backgroundColor as string
    })
    assert.equal(fill, 'rgb(255, 0, 102)')
  })

  test('the React build shows the numbers the API shows', async ({ browserContext, assert }) => {
    const { clientSecret } = await mintSession(777, [portal.origin])
    portal.secrets = [clientSecret]
    const page = await browserContext.newPage()
    await page.goto(`${portal.origin}/react.html?app=${encodeURIComponent(baseUrl)}`)
    const meter = page.getByRole('progressbar')
    await meter.waitFor()
    assert.equal(await meter.getAttribute('aria-valuenow'), '777')
    await page.getByText('Powered by Adrelay').waitFor()
  })

  test('an origin not in allowedOrigins is refused', async ({ browserContext, assert }) => {
    const { clientSecret } = await mintSession(10, ['https://other-portal.example'])
    portal.secrets = [clientSecret]
    const page = await browserContext.newPage()
    await page.goto(`${portal.origin}/script.html`)
    const alert = page.locator('adrelay-quota-meter').getByRole('alert')
    await alert.waitFor()
    assert.include(await alert.innerText(), 'Adrelay could not be reached from this page.')
    assert.equal(await page.locator('adrelay-quota-meter').getByRole('progressbar').count(), 0)
  })

  test('an expired secret is refreshed through the callback', async ({
    browserContext,
    assert,
  }) => {
    const expired = await mintSession(5, [portal.origin])
    await db
      .from('embed_sessions')
      .where('public_id', expired.id)
      .update({ expires_at: toDbTimestamp(new Date(Date.now() - 1000)) })
    const fresh = await mintSession(4321, [portal.origin])
    portal.secrets = [expired.clientSecret, fresh.clientSecret]
    const page = await browserContext.newPage()
    await page.goto(`${portal.origin}/react.html?app=${encodeURIComponent(baseUrl)}`)
    const meter = page.getByRole('progressbar')
    await meter.waitFor()
    assert.equal(await meter.getAttribute('aria-valuenow'), '4321')
    assert.isAtLeast(portal.secretRequests, 2)
  })

  test('a revoked session shows the error state', async ({ browserContext, assert }) => {
    const { id, clientSecret, key } = await mintSession(5, [portal.origin])
    await fetch(`${baseUrl}/api/v1/embed/sessions/${id}`, {
      method: 'DELETE',
      headers: { Authorization: `Bearer ${key}` },
    })
    portal.secrets = [clientSecret]
    const page = await browserContext.newPage()
    await page.goto(`${portal.origin}/script.html`)
    const alert = page.locator('adrelay-quota-meter').getByRole('alert')
    await alert.waitFor()
    assert.include(await alert.innerText(), 'Access to this widget has been revoked.')
  })
})

test.group('Embed tab and widgets reference', () => {
  test('the Embed tab previews the widgets with the account’s figures', async ({
    browserContext,
    visit,
    assert,
  }) => {
    const user = await createUser()
    await setPlan(user, 'agency')
    await setUsage(user.id, 2468)
    await browserContext.loginAs(user)
    const page = await visit('/dashboard')
    await page.getByRole('tab', { name: 'Embed' }).click()
    await page.getByRole('button', { name: 'Show live preview' }).click()
    const meter = page.getByTestId('embed-preview').getByRole('progressbar')
    await meter.waitFor()
    assert.equal(await meter.getAttribute('aria-valuenow'), '2468')
    await page.getByLabel('Script tag snippet').getByText('integrity="sha384-').waitFor()
  })

  test('the Free plan sees the Embed tab as a premium feature', async ({
    browserContext,
    visit,
  }) => {
    const user = await createUser()
    await browserContext.loginAs(user)
    const page = await visit('/dashboard')
    await page.getByRole('tab', { name: 'Embed' }).click()
    await page.getByText('Available on the Trafficker and Agency plans.').waitFor()
    await page.getByRole('link', { name: 'Upgrade Plan' }).waitFor()
  })

  test('/docs/widgets documents the snippet with its integrity hash', async ({ visit }) => {
    const page = await visit('/docs/widgets')
    const bundle = (await new WidgetBundle().info())!
    await page.getByRole('heading', { name: 'Embeddable widgets' }).waitFor()
    await page.assertTextContains('[data-testid="widgets-script-tag"]', bundle.integrity)
    await page.getByText('--adrelay-color-primary').waitFor()
  })
})

/** Serious or critical axe findings, and whether the page scrolls sideways. */
async function layoutAndAxe(page: Page) {
  const results = await new AxeBuilder({ page: page as any })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .analyze()
  const serious = results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => violation.id)
  const sideways = await page.evaluate(
    () =>
      (globalThis as any).document.documentElement.scrollWidth >
      (globalThis as any).document.documentElement.clientWidth
  )
  return { serious, sideways }
}

for (const width of [1280, 375]) {
  test.group(`Embed tab and widgets reference at ${width} px`, () => {
    test('no sideways scroll and no serious axe finding', async ({
      browserContext,
      visit,
      assert,
    }) => {
      const user = await createUser()
      await setPlan(user, 'agency')
      await browserContext.loginAs(user)
      const page = await visit('/dashboard')
      await page.setViewportSize({ width, height: 800 })
      await page.getByRole('tab', { name: 'Embed' }).click()
      await page.getByRole('button', { name: 'Show live preview' }).click()
      await page.getByTestId('embed-preview').getByRole('progressbar').waitFor()
      assert.deepEqual(await layoutAndAxe(page), { serious: [], sideways: false })

      await page.goto('/docs/widgets')
      await page.getByRole('heading', { name: 'Embeddable widgets' }).waitFor()
      assert.deepEqual(await layoutAndAxe(page), { serious: [], sideways: false })
    })
  })
}
