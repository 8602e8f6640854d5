import { test } from '@japa/runner'
import type { Page } from 'playwright'
import { createUser } from '#tests/helpers/factories'
import { ALEX, connectMeta, freshSandbox } from '#tests/helpers/meta'
import { expectedAvailability } from '#tests/helpers/product_features'

/** The toast on screen (one at a time). */
function toast(page: Page) {
  return page.locator('[data-variant]').first()
}

test.group('Integrations page: Meta connection', (group) => {
  group.each.setup(async () => {
    await freshSandbox()
  })

  test('connect through the consent page shows Connected with the account, then disconnect after a confirmation', async ({
    visit,
    browserContext,
    assert,
  }) => {
    const user = await createUser()
    await browserContext.loginAs(user)
    const page = await visit('/integrations')

    const card = page.getByTestId('meta-card')
    await card.getByText('Not Connected').waitFor()
    await card.getByText('Sandbox').waitFor()
    assert.isTrue(
      await page.getByTestId('coming-soon-Google Ads').getByText('Coming Soon').isVisible()
    )
    assert.isTrue(
      await page.getByTestId('coming-soon-TikTok Ads').getByText('Coming Soon').isVisible()
    )

    await page.getByRole('button', { name: 'Connect Meta Account' }).click()
    // The sandbox's consent page (Meta's dialog stand-in).
    await page.getByRole('button', { name: 'Allow' }).waitFor()
    // It says it is the sandbox, and has the app's look (indigo action, not a bare form).
    await page.getByRole('note').getByText('This is the Meta sandbox, not Facebook.').waitFor()
    assert.equal(
      await page
        .getByRole('button', { name: 'Allow' })
        .evaluate((node: any) => (globalThis as any).getComputedStyle(node).backgroundColor),
      'rgb(79, 70, 229)'
    )
    await page.getByRole('button', { name: 'Allow' }).click()

    await page.waitForURL((url) => url.pathname === '/integrations')
    await toast(page).getByText('Connected!', { exact: true }).waitFor()
    await card.getByText('Connected', { exact: true }).waitFor()
    await card.getByText(ALEX.name).waitFor()
    await card.getByText(ALEX.id).waitFor()
    await card.getByText('Long-lived (60 days)').waitFor()
    await card.getByText('Rivera Outdoor Co.').waitFor()
    assert.notInclude(page.url(), 'success=')
    assert.equal(await card.getByText('Your Meta token expires soon.').count(), 0)

    // Disconnecting asks first; Cancel keeps the connection.
    await card.getByRole('button', { name: 'Disconnect' }).click()
    const confirm = page.getByRole('alertdialog')
    await confirm.getByRole('heading', { name: 'Disconnect Meta?' }).waitFor()
    await confirm.getByRole('button', { name: 'Cancel' }).click()
    await confirm.waitFor({ state: 'detached' })
    await card.getByText('Connected', { exact: true }).waitFor()
    await card.getByRole('button', { name: 'Disconnect' }).click()
    await page.getByRole('alertdialog').getByRole('button', { name: 'Disconnect' }).click()
    await toast(page).getByText('Disconnected', { exact: true }).waitFor()
    await card.getByText('Not Connected').waitFor()
    await card.getByRole('button', { name: 'Connect Meta Account' }).waitFor()
  })

  test('a status that fails to load claims neither Connected nor Not Connected', async ({
    browserContext,
    assert,
  }) => {
    const user = await createUser()
    await connectMeta(user)
    await browserContext.loginAs(user)
    const page = await browserContext.newPage()
    await page.route('**/api/meta/status', (route) => route.abort('connectionfailed'))
    await page.goto('/integrations')

    await page.getByText('The Meta connection status could not be loaded.').waitFor()
    const card = page.getByTestId('meta-card')
    await card.getByTestId('meta-card-unavailable').waitFor()
    assert.equal(await card.getByText('Not Connected').count(), 0)
    assert.equal(await card.getByText('Connected', { exact: true }).count(), 0)
    assert.equal(await page.getByRole('button', { name: 'Connect Meta Account' }).count(), 0)
    assert.equal(await page.getByRole('button', { name: 'Disconnect' }).count(), 0)
  })

  test('the automated-rules benefit says Coming Soon until the rules feature exists', async ({
    visit,
    browserContext,
    assert,
  }) => {
    const user = await createUser()
    await browserContext.loginAs(user)
    const page = await visit('/integrations')
    const card = page.getByTestId('meta-card')
    await card.getByText('by your own rules', { exact: false }).waitFor()
    assert.equal(
      await card.getByTestId('benefit-automated_rules-soon').count(),
      expectedAvailability().automated_rules ? 0 : 1
    )
  })

  test('cancelling on the consent page shows Connection Failed with the spec message', async ({
    visit,
    browserContext,
  }) => {
    const user = await createUser()
    await browserContext.loginAs(user)
    const page = await visit('/integrations')
    await page.getByRole('button', { name: 'Connect Meta Account' }).click()
    await page.getByRole('link', { name: 'Cancel' }).click()
    await page.waitForURL((url) => url.pathname === '/integrations')
    await toast(page).getByText('Connection Failed', { exact: true }).waitFor()
    await toast(page).getByText('Meta OAuth failed. Please try again.').waitFor()
    await page.getByTestId('meta-card').getByText('Not Connected').waitFor()
  })
})
