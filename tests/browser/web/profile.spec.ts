import { test } from '@japa/runner'
import { createApiKey, createUser, setPlan } from '#tests/helpers/factories'
import ApiToken from '#keys/models/api_token'
import { baseUrl, recordToasts, signInThroughDevPage } from './helpers.js'

test.group('Profile', () => {
  test('shows the read-only account details, the OAuth note and the account status', async ({
    visit,
    browserContext,
    assert,
  }) => {
    const user = await createUser({ firstName: 'Ada', lastName: 'Lovelace' })
    await setPlan(user, 'agency')
    await createApiKey(user)
    await browserContext.loginAs(user)
    const page = await visit('/profile')
    assert.equal(await page.getByLabel('First Name').inputValue(), 'Ada')
    assert.equal(await page.getByLabel('Last Name').inputValue(), 'Lovelace')
    assert.equal(await page.getByLabel('Email').inputValue(), user.email)
    for (const label of ['First Name', 'Last Name', 'Email']) {
      assert.isFalse(await page.getByLabel(label).isEditable())
    }
    await page.assertTextContains(
      'main',
      'Email cannot be changed as it is linked to your OAuth account.'
    )
    await page.assertText('[data-testid="profile-plan"]', 'Agency')
    await page.assertText('[data-testid="profile-key-count"]', '1')
    await page.assertTextContains(
      'main',
      `Member since${user.createdAt.toFormat('LLLL yyyy')}`
        .replace('since', 'since\n')
        .split('\n')[0]
    )
    await page.assertTextContains('main', user.createdAt.toUTC().toFormat('LLLL yyyy'))
    await page.assertTextContains('main', 'Google account connected')
    assert.equal(
      await page.getByRole('link', { name: 'Logout' }).last().getAttribute('href'),
      '/api/logout'
    )
  })

  test('generate a named key: shown once, listed masked under its name, then revoked after a confirm naming it', async ({
    browserContext,
    assert,
  }) => {
    await browserContext.grantPermissions(['clipboard-read', 'clipboard-write'], {
      origin: baseUrl,
    })
    const page = await browserContext.newPage()
    await signInThroughDevPage(page, `keys${Date.now()}@example.test`)
    await page.goto('/profile')
    await page.getByText('No API keys yet').waitFor()

    assert.equal(await page.getByLabel('Key name').inputValue(), 'API Key')
    await page.getByLabel('Key name').fill('n8n production')
    await page.getByRole('button', { name: 'Generate New Key' }).click()
    const banner = page.getByRole('region', { name: 'API Key Generated' })
    await banner
      .getByText("Make sure to copy this key now. You won't be able to see it again!")
      .waitFor()
    const key = await banner.getByTestId('new-api-key').innerText()
    await banner.getByRole('button', { name: 'Copy API key' }).click()
    await page.getByText('Copied!').first().waitFor()
    assert.equal(await page.evaluate('navigator.clipboard.readText()'), key)

    // listed, masked, and the count follows
    await page.getByTestId('api-key-row').waitFor()
    const masked = await page.getByTestId('api-key-masked').innerText()
    assert.notEqual(masked, key)
    await page.assertText('[data-testid="profile-key-count"]', '1')
    assert.equal(await page.getByTestId('api-key-name').innerText(), 'n8n production')
    assert.equal(await page.getByLabel('Key name').inputValue(), 'API Key')
    assert.equal(await page.getByTestId('api-key-name').innerText(), 'n8n production')
    assert.equal(await page.getByLabel('Key name').inputValue(), 'API Key')

    await banner.getByRole('button', { name: "I've copied it" }).click()
    await banner.waitFor({ state: 'detached' })
    await page.reload()
    await page.getByTestId('api-key-row').waitFor()
    assert.notInclude(await page.locator('body').innerText(), key)

    // each listed key has its copy button (spec: Profile's API Keys list), which copies the
    // masked form shown beside it, never the key
    await page.getByRole('button', { name: 'Copy token n8n production' }).click()
    await page.getByText('Copied!').first().waitFor()
    assert.equal(await page.evaluate('navigator.clipboard.readText()'), masked)

    // revoke: the confirm names the key, can be cancelled, then confirmed
    await page.getByRole('button', { name: 'Revoke n8n production' }).click()
    const confirm = page.getByRole('alertdialog')
    await confirm.getByRole('heading', { name: 'Revoke “n8n production”?' }).waitFor()
    await confirm.getByText('Are you sure you want to revoke this API key?').waitFor()
    await confirm.getByRole('button', { name: 'Cancel' }).click()
    await page.getByTestId('api-key-row').waitFor()
    await page.getByRole('button', { name: 'Revoke n8n production' }).click()
    await page.getByRole('alertdialog').getByRole('button', { name: 'Revoke' }).click()
    await page.getByText('Token Revoked').first().waitFor()
    await page.getByText('No API keys yet').waitFor()
    const response = await fetch(`${baseUrl}/api/v1/me`, {
      headers: { Authorization: `Bearer ${key}` },
    })
    assert.equal(response.status, 401)
  })

  test('Revoke All Sessions asks first, revokes every key and ends the other sessions', async ({
    browser,
    browserContext,
    assert,
  }) => {
    const email = `revoke${Date.now()}@example.test`
    const page = await browserContext.newPage()
    await signInThroughDevPage(page, email)
    const otherContext = await browser.newContext({ baseURL: baseUrl })
    const otherPage = await otherContext.newPage()
    await signInThroughDevPage(otherPage, email)

    await page.goto('/profile')
    await page.getByRole('button', { name: 'Generate New Key' }).click()
    await page.getByTestId('api-key-row').waitFor()
    await page.getByRole('button', { name: 'Generate New Key' }).click()
    await page.getByTestId('api-key-row').nth(1).waitFor()

    await page.getByRole('button', { name: 'Revoke All Sessions' }).click()
    const confirm = page.getByRole('alertdialog')
    await confirm
      .getByText('Are you sure you want to revoke ALL API keys? This action cannot be undone.')
      .waitFor()
    await confirm.getByRole('button', { name: 'Revoke All' }).click()
    await page.getByText('All Tokens Revoked').first().waitFor()
    await page.getByText('No API keys yet').waitFor()

    const user = (await (await page.request.get('/api/auth/user')).json()) as { id: number }
    const live = await ApiToken.query().where('user_id', user.id).whereNull('revoked_at')
    assert.lengthOf(live, 0)

    // this browser stays signed in; the other one is signed out
    assert.equal((await page.request.get('/api/auth/user')).status(), 200)
    assert.equal((await otherPage.request.get('/api/auth/user')).status(), 401)
    await otherContext.close()
  })

  test('a signed-out visitor on /profile gets the Unauthorized toast and goes to sign-in', async ({
    visit,
    browserContext,
    assert,
  }) => {
    const toasts = await recordToasts(browserContext)
    const page = await visit('/profile')
    await page.waitForURL('**/api/login')
    assert.isTrue(
      toasts.some(
        ({ text }) =>
          text.includes('Unauthorized') && text.includes('You are logged out. Logging in again...')
      ),
      `toasts seen: ${JSON.stringify(toasts)}`
    )
  })

  test('a key call answered 401 shows the Unauthorized toast and goes to sign-in', async ({
    visit,
    browserContext,
    assert,
  }) => {
    const user = await createUser()
    await browserContext.loginAs(user)
    const toasts = await recordToasts(browserContext)
    const page = await visit('/profile')
    await page.getByText('No API keys yet').waitFor()
    // The key list is answered with the real server's answer to a request without the session
    // (as after a sign-out in another tab): 401 {"message":"Unauthorized"}.
    await page.route('**/api/tokens', async (route) => {
      const signedOut = await fetch(`${baseUrl}/api/tokens`, {
        headers: { Accept: 'application/json' },
      })
      await route.fulfill({
        status: signedOut.status,
        contentType: signedOut.headers.get('content-type') ?? 'application/json',
        body: await signedOut.text(),
      })
    })
    const loginVisit = page.waitForRequest(
      (request) => new URL(request.url()).pathname === '/api/login'
    )
    await page.reload()
    // The browser goes to /api/login (which sends this still signed-in browser back to /).
    await loginVisit
    assert.isTrue(
      toasts.some(
        ({ text }) =>
          text.includes('Unauthorized') && text.includes('You are logged out. Logging in again...')
      ),
      `toasts seen: ${JSON.stringify(toasts)}`
    )
  })
})

test.group('Rate limits on the screens', () => {
  test("a 429 answer shows 'Too Many Requests' with the server's message", async ({
    visit,
    browserContext,
  }) => {
    const user = await createUser()
    await browserContext.loginAs(user)
    const page = await visit('/profile')
    await page.getByText('No API keys yet').waitFor()
    // The answer a rate-limited endpoint gives (app/shared/errors.ts shape, Retry-After).
    await page.route('**/api/tokens', async (route) => {
      if (route.request().method() !== 'POST') return route.continue()
      await route.fulfill({
        status: 429,
        headers: { 'Retry-After': '42' },
        contentType: 'application/json',
        body: JSON.stringify({
          error: { code: 'rate_limited', message: 'Too many attempts. Try again in 42 seconds.' },
        }),
      })
    })
    await page.getByRole('button', { name: 'Generate New Key' }).click()
    const toast = page.locator('[data-variant]').first()
    await toast.getByText('Too Many Requests').waitFor()
    await toast.getByText('Too many attempts. Try again in 42 seconds.').waitFor()
    await page.getByText('No API keys yet').waitFor()
  })
})

test.group('Toasts', () => {
  test('a toast sits at the top on a phone and bottom right on a desktop, at most 420 px wide', async ({
    browserContext,
    assert,
  }) => {
    const user = await createUser()
    await browserContext.grantPermissions(['clipboard-read', 'clipboard-write'], {
      origin: baseUrl,
    })
    await createApiKey(user, 'API Key')
    await browserContext.loginAs(user)
    const page = await browserContext.newPage()

    await page.setViewportSize({ width: 360, height: 740 })
    await page.goto('/profile')
    await page.getByRole('button', { name: 'Generate New Key' }).click()
    const phoneToast = page.locator('li[data-variant]').first()
    await phoneToast.waitFor()
    const phone = (await phoneToast.boundingBox())!
    assert.isBelow(phone.y, 100)
    assert.isAtMost(phone.width, 420)

    await page.setViewportSize({ width: 1280, height: 800 })
    await page.getByRole('button', { name: 'Generate New Key' }).click()
    // one toast at a time
    await page.waitForTimeout(300)
    assert.equal(await page.locator('li[data-variant]').count(), 1)
    const desktop = (await page.locator('li[data-variant]').first().boundingBox())!
    assert.isAbove(desktop.y + desktop.height, 800 - 100)
    assert.isAbove(desktop.x + desktop.width, 1280 - 100)
    assert.isAtMost(desktop.width, 420)
  })
})
