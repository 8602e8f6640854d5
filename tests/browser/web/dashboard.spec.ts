import { test } from '@japa/runner'
import { createApiKey, createUser, setPlan } from '#tests/helpers/factories'
import { flushCallLog } from '#tests/helpers/usage'
import { baseUrl, logCalls, signInThroughDevPage } from './helpers.js'

test.group('Usage dashboard', () => {
  test('signing in through the sign-in page lands on the dashboard', async ({
    browserContext,
    assert,
  }) => {
    const page = await browserContext.newPage()
    await signInThroughDevPage(page, `dash${Date.now()}@example.test`, 'Grace', 'Hopper')
    await page.getByRole('heading', { level: 1, name: 'Dashboard' }).waitFor()
    assert.include(await page.getByTestId('sidebar-user-name').innerText(), 'Grace Hopper')
    assert.include(await page.getByTestId('sidebar-plan-name').innerText(), 'Free Plan')
  })

  test('the stat cards show the same figures as the API', async ({
    visit,
    browserContext,
    assert,
  }) => {
    const user = await createUser()
    const { key } = await createApiKey(user)
    for (let index = 0; index < 3; index++) {
      const response = await fetch(`${baseUrl}/api/v1/me`, {
        headers: { Authorization: `Bearer ${key}` },
      })
      assert.equal(response.status, 200)
    }
    // The call log is written in batches: write the three calls now.
    await flushCallLog()
    await browserContext.loginAs(user)
    const page = await visit('/')
    const usage = await (await page.request.get('/api/usage')).json()
    const recent = await (await page.request.get('/api/recent-calls?limit=10')).json()
    assert.equal(usage.total, 3)
    assert.lengthOf(recent, 3)

    await page.assertText('[data-testid="stat-total-requests-value"]', String(usage.total))
    await page.assertText('[data-testid="stat-api-calls-value"]', String(usage.total))
    await page.assertText('[data-testid="stat-success-rate-value"]', '100%')
    await page.assertText(
      '[data-testid="stat-plan-usage-value"]',
      `${Math.round((usage.total / usage.limit) * 100)}%`
    )
    await page.assertText(
      '[data-testid="plan-usage-line"]',
      `${usage.total} / ${usage.limit.toLocaleString('en-US')} requests`
    )
    await page.assertElementsCount('[data-testid="recent-call"]', 3)
    await page.assertText('[data-testid="success-rate-change"]', 'No data for last month')
  })

  test('recent calls are coloured by status and the success rate follows the 200-399 rule', async ({
    visit,
    browserContext,
    assert,
  }) => {
    const user = await createUser()
    await logCalls(user, [{ status: 200 }, { status: 302 }, { status: 404 }, { status: 500 }])
    const now = new Date()
    const lastMonth = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1) - 86_400_000)
    await logCalls(user, [{ status: 200, at: lastMonth }])
    await browserContext.loginAs(user)
    const page = await visit('/')
    await page.assertElementsCount('[data-testid="recent-call"]', 5)
    const tones = await page
      .locator('[data-testid="recent-call-status"]')
      .evaluateAll((nodes: any[]) =>
        nodes.map(
          (node: any) =>
            `${node.textContent?.replace('Status ', '')}:${node.getAttribute('data-tone')}`
        )
      )
    assert.deepEqual(tones, ['200:green', '302:yellow', '404:red', '500:red', '200:green'])
    // 3 of the 5 shown calls are 200-399
    await page.assertText('[data-testid="stat-success-rate-value"]', '60%')
    // The change compares months: this month 50% (2 of 4) against last month's 100%.
    await page.assertText('[data-testid="success-rate-change"]', '-50.0% from last month')
  })

  test('an account without calls sees the empty texts and the 99.2 default', async ({
    visit,
    browserContext,
  }) => {
    const user = await createUser()
    await browserContext.loginAs(user)
    const page = await visit('/')
    await page.assertTextContains('main', 'No API calls yet')
    await page.assertTextContains('main', 'Generate an API key to get started')
    await page.assertText('[data-testid="stat-success-rate-value"]', '99.2%')
  })

  test('five placeholders show while recent calls load', async ({ browserContext }) => {
    const user = await createUser()
    await browserContext.loginAs(user)
    const page = await browserContext.newPage()
    let release!: () => void
    const held = new Promise<void>((resolve) => (release = resolve))
    await page.route('**/api/recent-calls*', async (route) => {
      await held
      await route.continue()
    })
    await page.goto('/')
    await page.assertElementsCount('[data-testid="recent-call-placeholder"]', 5)
    release()
    await page.assertTextContains('main', 'No API calls yet')
  })

  test('Generate API Key shows the new key once in a dialog', async ({
    visit,
    browserContext,
    assert,
  }) => {
    const user = await createUser()
    await browserContext.loginAs(user)
    const page = await visit('/')
    await page.getByRole('button', { name: 'Generate API Key' }).click()
    const dialog = page.getByRole('dialog', { name: 'API Key Generated' })
    await dialog.waitFor()
    const key = await dialog.getByTestId('new-api-key').innerText()
    assert.match(key, /\S{20,}/)
    await dialog.getByRole('button', { name: "I've copied it" }).click()
    await dialog.waitFor({ state: 'detached' })
    await page.reload()
    assert.notInclude(await page.locator('body').innerText(), key)
  })

  test('a Free user gets the premium-gate modal, whose Upgrade to Pro opens the plan modal', async ({
    visit,
    browserContext,
  }) => {
    const user = await createUser()
    await browserContext.loginAs(user)
    const page = await visit('/')
    await page.assertTextContains('main', 'Advanced Analytics Available')
    await page.assertTextContains('nav[aria-label="Main"]', 'PRO')
    await page.getByRole('button', { name: /Advanced Analytics/ }).click()
    const gate = page.getByRole('dialog', { name: 'Premium Feature' })
    await gate.waitFor()
    await gate.getByText('This feature is only available on paid plans').waitFor()
    await gate.getByRole('button', { name: 'Maybe later' }).click()
    await gate.waitFor({ state: 'detached' })

    await page.getByRole('button', { name: /Advanced Analytics/ }).click()
    await page
      .getByRole('dialog', { name: 'Premium Feature' })
      .getByRole('button', { name: 'Upgrade to Pro' })
      .click()
    await page.getByRole('dialog', { name: 'Choose Your Plan' }).waitFor()
  })

  test('a paid user opens the Advanced Analytics view and sees no upgrade banner or PRO badge', async ({
    visit,
    browserContext,
    assert,
  }) => {
    const user = await createUser()
    await setPlan(user, 'trafficker')
    await logCalls(user, [
      { status: 200, ms: 10 },
      { status: 500, ms: 30 },
    ])
    await browserContext.loginAs(user)
    const page = await visit('/')
    await page.getByRole('heading', { level: 1, name: 'Dashboard' }).waitFor()
    assert.notInclude(await page.locator('main').innerText(), 'Advanced Analytics Available')
    assert.notInclude(await page.locator('nav[aria-label="Main"]').innerText(), 'PRO')
    await page.getByRole('button', { name: /Advanced Analytics/ }).click()
    await page.getByRole('region', { name: 'Advanced Analytics' }).waitFor()
    await page.assertText('[data-testid="analytics-calls"]', '2')
    await page.assertText('[data-testid="analytics-success-rate"]', '50%')
    await page.assertText('[data-testid="analytics-p50"]', '10 ms')
    await page.assertText('[data-testid="analytics-p95"]', '30 ms')
  })

  test('the plan modal marks the current plan and choosing another goes to /subscription', async ({
    visit,
    browserContext,
    assert,
  }) => {
    const user = await createUser()
    await setPlan(user, 'trafficker')
    await browserContext.loginAs(user)
    const page = await visit('/')
    await page.getByRole('button', { name: 'Upgrade Plan' }).click()
    const modal = page.getByRole('dialog', { name: 'Choose Your Plan' })
    await modal
      .getByText('All plans include a 14-day free trial. No credit card required.')
      .waitFor()
    const current = modal.getByTestId('plan-card-trafficker').getByRole('button')
    await current.waitFor()
    assert.equal(await current.innerText(), 'Current Plan')
    assert.isTrue(await current.isDisabled())
    assert.equal(
      await modal.getByTestId('plan-card-free').getByRole('button').innerText(),
      'Downgrade to Free'
    )
    assert.equal(
      await modal.getByTestId('plan-card-agency').getByRole('button').innerText(),
      'Start 14-day free trial'
    )
    await modal.getByTestId('plan-card-trafficker').getByText('Most Popular').waitFor()

    await modal.getByTestId('plan-card-agency').getByRole('button').click()
    await page.waitForURL(
      (url) => url.pathname === '/subscription' && url.searchParams.get('plan') === 'agency'
    )
  })

  test('a Free user sees Free as the current plan', async ({ visit, browserContext, assert }) => {
    const user = await createUser()
    await browserContext.loginAs(user)
    const page = await visit('/')
    await page.getByRole('button', { name: 'Upgrade Plan' }).click()
    const button = page
      .getByRole('dialog', { name: 'Choose Your Plan' })
      .getByTestId('plan-card-free')
      .getByRole('button')
    await button.waitFor()
    assert.equal(await button.innerText(), 'Current Plan')
  })
})
