import { readFile } from 'node:fs/promises'
import { test } from '@japa/runner'
import type { Page } from 'playwright'
import User from '#accounts/models/user'
import { createApiKey, createUser } from '#tests/helpers/factories'
import { VIEWPORTS, logCalls, signInThroughDevPage } from './helpers.js'

/** True when the page does not scroll sideways. */
async function fitsWidth(page: Page) {
  return page.evaluate<boolean>('document.documentElement.scrollWidth <= window.innerWidth')
}

test.group('Profile: Download my data', () => {
  for (const viewport of VIEWPORTS) {
    test(`the download starts and holds the account's data (${viewport.width} px)`, async ({
      browserContext,
      assert,
    }) => {
      const user = await createUser({ firstName: 'Dora', lastName: 'Download' })
      await createApiKey(user, 'zapier')
      await logCalls(user, [{ status: 200 }, { status: 404 }])
      await browserContext.loginAs(user)
      const page = await browserContext.newPage()
      await page.setViewportSize(viewport)
      await page.goto('/profile')
      const button = page.getByRole('button', { name: 'Download my data' })
      await button.waitFor()
      assert.isTrue(await fitsWidth(page))

      const [download] = await Promise.all([page.waitForEvent('download'), button.click()])
      assert.match(download.suggestedFilename(), /^adrelay-data-\d{4}-\d{2}-\d{2}\.json$/)
      const document = JSON.parse(await readFile((await download.path())!, 'utf8'))
      assert.equal(document.data.account.email, user.email)
      assert.deepEqual(
        document.data.apiKeys.map((key: any) => key.name),
        ['zapier']
      )
      assert.lengthOf(document.data.callLog, 2)
      await page.getByText('Download Started').first().waitFor()
    })
  }
})

test.group('Profile: Delete my account', () => {
  for (const viewport of VIEWPORTS) {
    test(`the dialog asks for the email, then deletes the account and signs out (${viewport.width} px)`, async ({
      browserContext,
      assert,
    }) => {
      const email = `delete.me.${viewport.width}.${Date.now()}@example.test`
      const page = await browserContext.newPage()
      await page.setViewportSize(viewport)
      await signInThroughDevPage(page, email)
      await page.goto('/profile')
      await page.getByRole('button', { name: 'Delete my account' }).click()

      const dialog = page.getByRole('dialog', { name: 'Delete my account' })
      await dialog.waitFor()
      assert.isTrue(await fitsWidth(page))
      const confirm = dialog.getByRole('button', { name: 'Delete my account' })
      assert.isTrue(await confirm.isDisabled())
      const input = dialog.getByLabel(`Type ${email} to confirm`)
      await input.fill('someone.else@example.test')
      assert.isTrue(await confirm.isDisabled())

      // Cancel keeps the account.
      await dialog.getByRole('button', { name: 'Cancel' }).click()
      await dialog.waitFor({ state: 'detached' })
      assert.isNotNull(await User.findBy('email', email))

      await page.getByRole('button', { name: 'Delete my account' }).click()
      await input.fill(email.toUpperCase())
      assert.isFalse(await confirm.isDisabled())
      await confirm.click()
      await page.getByText('Account Deleted').first().waitFor()
      await page.waitForURL((url) => url.pathname === '/')
      assert.isNull(await User.findBy('email', email))
      // Signed out: the profile page no longer knows the user.
      const me = await page.request.get('/api/auth/user')
      assert.equal(me.status(), 401)
    })
  }
})

test.group('Admin: delete a user and download their data', () => {
  test('from the user detail: download starts, then deletion after typing the email', async ({
    browserContext,
    assert,
  }) => {
    const admin = await createUser({ role: 'admin' })
    const target = await createUser({
      firstName: 'Gone',
      lastName: 'Soon',
      email: `gone.soon.${Date.now()}@example.test`,
    })
    await browserContext.loginAs(admin)
    const page = await browserContext.newPage()
    await page.goto('/admin')
    await page.getByLabel('Search users').fill(target.email)
    await page.getByRole('button', { name: 'View Gone Soon' }).click()
    const detail = page.getByRole('dialog').filter({ hasText: target.email })
    await detail.getByRole('heading', { name: /Gone Soon/ }).waitFor()

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      detail.getByRole('button', { name: 'Download data' }).click(),
    ])
    assert.equal(
      download.suggestedFilename().replace(/\d{4}-\d{2}-\d{2}/, 'DATE'),
      `adrelay-data-user-${target.id}-DATE.json`
    )

    await detail.getByRole('button', { name: 'Delete user' }).click()
    const confirm = page.getByRole('dialog', { name: 'Delete user' })
    await confirm.getByLabel(`Type ${target.email} to confirm`).fill(target.email)
    await confirm.getByRole('button', { name: 'Delete user' }).click()
    await page.getByText('User Deleted').first().waitFor()
    assert.isNull(await User.find(target.id))
  })
})

test.group('Privacy page: what is stored', () => {
  test('lists the session rows, CLI sessions, rules, embed sessions, alert preferences and the admin audit log with their retention', async ({
    visit,
  }) => {
    const page = await visit('/privacy')
    await page.assertTextContains('article', 'server-side session row')
    await page.assertTextContains('article', 'CLI sessions')
    await page.assertTextContains('article', 'Admin audit log entries are kept for 400 days')
    await page.assertTextContains('article', 'replaced by a random pseudonym')
    await page.assertTextContains('article', '"Download my data"')
    // Every module the data export reads from is named, with how long it is kept.
    await page.assertTextContains('article', 'Automated rules')
    await page.assertTextContains('article', 'Embed sessions')
    await page.assertTextContains('article', 'Alert preferences')
    await page.assertTextContains(
      'article',
      'Automated rules and their run history, embed sessions and alert preferences are kept'
    )
  })
})
