import { test } from '@japa/runner'
import ApiToken from '#keys/models/api_token'
import { hashApiKey } from '#keys/services/api_key_format'
import { createUser } from '#tests/helpers/factories'
import { cliEnvironment, mintCliToken, startCli } from '#tests/helpers/cli'
import { readFile } from 'node:fs/promises'
import { join } from 'node:path'

test.group('/device (CLI sign-in) and CLI sessions', () => {
  test('adrelay login: the link goes through sign-in and back, shows the device, and Approve signs the CLI in', async ({
    browserContext,
    assert,
  }) => {
    const { env } = await cliEnvironment()
    const login = startCli(
      ['login', '--no-browser', '--insecure-storage', '--device-name', 'release laptop'],
      env
    )
    const [, link] = await login.stderrMatching(/Direct link: (\S+)/)
    const [, userCode] = await login.stderrMatching(/one-time code: ([A-Z]{4}-[A-Z]{4})/)

    const page = await browserContext.newPage()
    await page.goto(link)
    // Signed out: the development sign-in, then back to the link.
    await page.getByLabel('Email').fill(`device${Date.now()}@example.test`)
    await page.getByRole('button', { name: 'Sign in' }).click()
    await page.waitForURL((url) => url.pathname === '/device')

    await page.getByRole('heading', { name: 'Approve this device?' }).waitFor()
    await page.assertText('[data-testid="device-user-code"]', userCode)
    await page.assertText('[data-testid="device-name"]', 'release laptop')
    assert.match(await page.getByTestId('device-ip').innerText(), /127\.0\.0\.1|::1/)
    await page.getByRole('button', { name: 'Approve' }).click()
    await page.getByText('release laptop is signed in. You can return to your terminal.').waitFor()

    const result = await login.done
    assert.equal(result.code, 0, result.stderr)

    // The Profile page lists the CLI session; Revoke signs that CLI out.
    const stored = JSON.parse(
      await readFile(join(env.XDG_CONFIG_HOME, 'adrelay', 'credentials.json'), 'utf8')
    ).profiles.default.token
    // The link is on the app's public URL (APP_URL), where this browser is now signed in.
    await page.goto(new URL('/profile', link).toString())
    const row = page.getByTestId('cli-session-row')
    await row.getByText('release laptop').waitFor()
    await row.getByRole('button', { name: 'Revoke release laptop' }).click()
    await page.getByRole('alertdialog').getByRole('button', { name: 'Revoke' }).click()
    await page.getByText('CLI Session Revoked').first().waitFor()
    await page.getByText('No CLI sessions').waitFor()
    const token = await ApiToken.findByOrFail('token_hash', hashApiKey(stored))
    assert.isNotNull(token.revokedAt)
  })

  test('a wrong code shows the server message; Deny; no horizontal scroll at 375 px', async ({
    browserContext,
    assert,
  }) => {
    const user = await createUser()
    await browserContext.loginAs(user)
    const page = await browserContext.newPage()
    await page.setViewportSize({ width: 375, height: 800 })
    await page.goto('/device')
    await page.getByLabel('Code').fill('BBBB-BBBB')
    await page.getByRole('button', { name: 'Continue' }).click()
    await page
      .getByRole('alert')
      .getByText('That code is not valid, was already used or has expired.', { exact: false })
      .waitFor()
    assert.isAtMost(await page.evaluate<number>('document.documentElement.scrollWidth'), 375)

    // A real request, typed in lower case without the dash, then denied.
    const { env } = await cliEnvironment()
    const login = startCli(['login', '--no-browser', '--insecure-storage'], env)
    const [, userCode] = await login.stderrMatching(/one-time code: ([A-Z]{4}-[A-Z]{4})/)
    await page.getByLabel('Code').fill(userCode.replace('-', '').toLowerCase())
    await page.getByRole('button', { name: 'Continue' }).click()
    await page.getByRole('button', { name: 'Deny' }).click()
    await page.getByText('Request denied').waitFor()
    assert.isAtMost(await page.evaluate<number>('document.documentElement.scrollWidth'), 375)
    assert.equal((await login.done).code, 3)
  })

  test('the Profile page lists CLI sessions with an empty state', async ({ browserContext }) => {
    const user = await createUser()
    await browserContext.loginAs(user)
    const page = await browserContext.newPage()
    await page.goto('/profile')
    await page.getByText('No CLI sessions').waitFor()
    await mintCliToken(user, 'build server')
    await page.reload()
    await page.getByTestId('cli-session-row').getByText('build server').waitFor()
  })
})
