import { test } from '@japa/runner'
import { DateTime } from 'luxon'
import { createUser } from '#tests/helpers/factories'
import { expectedAvailability } from '#tests/helpers/product_features'

test.group('Landing page (visitor)', () => {
  test('a visitor sees the landing page with its sections, pricing from the plans and the Beta badge', async ({
    visit,
    assert,
  }) => {
    const page = await visit('/')
    await page.assertTextContains('h1', 'Automate your ad campaigns')
    assert.include(await page.locator('header').textContent(), 'Beta')
    for (const id of ['features', 'pricing', 'testimonials']) await page.assertExists(`#${id}`)
    await page.assertElementsCount('#features h3', 6)
    await page.assertElementsCount('#testimonials figure', 3)
    await page.assertTextContains('[data-testid="pricing-free"]', 'Starter')
    await page.assertTextContains('[data-testid="pricing-free"]', '$0')
    await page.assertTextContains('[data-testid="pricing-trafficker"]', 'Professional')
    await page.assertTextContains('[data-testid="pricing-trafficker"]', '$29')
    await page.assertTextContains('[data-testid="pricing-trafficker"]', 'Most Popular')
    await page.assertTextContains('[data-testid="pricing-agency"]', '$99')
    await page.assertTextContains('#features', 'Google Ads · Coming Soon')
    await page.assertTextContains('#features', 'TikTok Ads · Coming Soon')
    // Alerts are claimed only once the alerts module publishes them (issue 12 §3).
    await page.assertTextContains(
      '#features',
      expectedAvailability().performance_alerts
        ? 'Performance alerts on paid plans.'
        : 'Performance alerts · Coming Soon'
    )
  })

  test('every call to action leads to sign-in and Privacy Policy to /privacy', async ({
    visit,
    assert,
  }) => {
    const page = await visit('/')
    await page.assertExists('[data-testid="pricing-agency"] a')
    const ctas = [
      'Help',
      'Sign In',
      'Get Started',
      'Start Free Trial',
      'Book Demo',
      'Contact Sales',
      'Start Building',
    ]
    for (const name of ctas) {
      const links = page.getByRole('link', { name, exact: true })
      const count = await links.count()
      assert.isAbove(count, 0, `no "${name}" link`)
      for (let index = 0; index < count; index++) {
        assert.equal(
          await links.nth(index).getAttribute('href'),
          '/api/login',
          `"${name}" #${index}`
        )
      }
    }
    assert.equal(
      await page.getByRole('link', { name: 'Privacy Policy' }).getAttribute('href'),
      '/privacy'
    )

    await page.getByRole('link', { name: 'Start Free Trial' }).first().click()
    await page.waitForURL('**/api/login')
    await page.assertTextContains('h1', 'sign-in')
  })

  test('the header anchors jump to the features, pricing and testimonials sections', async ({
    visit,
    assert,
  }) => {
    const page = await visit('/')
    const nav = page.getByRole('navigation', { name: 'Sections' })
    assert.equal(
      await nav.getByRole('link', { name: 'Features' }).getAttribute('href'),
      '#features'
    )
    assert.equal(await nav.getByRole('link', { name: 'Pricing' }).getAttribute('href'), '#pricing')
    assert.equal(
      await nav.getByRole('link', { name: 'Testimonials' }).getAttribute('href'),
      '#testimonials'
    )
  })
})

test.group('Privacy and 404 pages', () => {
  test('the privacy page has twelve numbered sections, the retention facts and the contact mailto', async ({
    visit,
    assert,
  }) => {
    const page = await visit('/privacy')
    await page.assertTextContains('h1', 'Privacy Policy & Data Processing')
    await page.assertTextContains('main', 'Last updated:')
    const headings = await page.locator('article h2').allInnerTexts()
    assert.lengthOf(headings, 12)
    headings.forEach((heading, index) => assert.match(heading, new RegExp(`^${index + 1}\\. `)))
    await page.assertTextContains('article', 'kept for 90 days')
    await page.assertTextContains('article', 'about 7 days of inactivity')
    await page.assertTextContains('article', 'within 48 hours')
    await page.assertTextContains('article', 'children under 13')
    await page.assertTextContains('article', 'encrypted at rest')
    await page.assertTextContains('article', 'held by Stripe')
    assert.equal(await page.getByRole('link', { name: 'Back to Home' }).getAttribute('href'), '/')
    assert.match(
      (await page.getByRole('link', { name: 'Contact Privacy Team' }).getAttribute('href')) ?? '',
      /^mailto:.+@.+/
    )
  })

  test('an unknown path shows Page Not Found with HTTP 404', async ({ visit, assert }) => {
    const page = await visit('/no/such/page')
    await page.assertTextContains('h1', 'Page Not Found')
    const response = await page.request.get('/no/such/page')
    assert.equal(response.status(), 404)
  })
})

test.group('Refused sign-in', () => {
  test('a suspended user who signs in sees that the account is suspended, and why', async ({
    visit,
    assert,
  }) => {
    const user = await createUser({ email: 'suspended.visitor@example.test' })
    user.suspendedAt = DateTime.utc()
    await user.save()
    const page = await visit('/api/login')
    await page.getByLabel('Email').fill('suspended.visitor@example.test')
    await page.getByLabel('First name').fill('Sam')
    await page.getByLabel('Last name').fill('Suspended')
    await page.getByRole('button', { name: 'Sign in' }).click()
    await page.waitForURL((url) => url.pathname === '/')
    const banner = page.getByRole('alert').filter({ hasText: 'Account suspended' })
    await banner.waitFor()
    assert.include(
      await banner.innerText(),
      'Your account is suspended. Contact support if you think this is a mistake.'
    )
    // The landing page, signed out, with a clean address bar.
    await page.getByRole('heading', { level: 1, name: /Automate your ad campaigns/ }).waitFor()
    assert.equal(new URL(page.url()).search, '')
  })
})
