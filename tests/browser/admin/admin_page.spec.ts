import { test } from '@japa/runner'
import type { Page } from 'playwright'
import User from '#accounts/models/user'
import InvitationCode from '#billing/models/invitation_code'
import { createUser, setPlan } from '#tests/helpers/factories'
import { recordToasts } from '../web/helpers.js'

/** The toast on screen (one at a time). */
function toast(page: Page) {
  return page.locator('[data-variant]').first()
}

test.group('Admin page', () => {
  test('a non-admin opening /admin sees Access Denied and is taken to / after 500 ms', async ({
    browserContext,
    assert,
  }) => {
    const user = await createUser()
    await browserContext.loginAs(user)
    // The toast lives 500 ms before the page leaves /admin: the page reports it (recordToasts)
    // and the moment it starts to leave.
    const toasts = await recordToasts(browserContext)
    let leftAt = 0
    await browserContext.exposeBinding('__adrelayLeftAdmin', (_source, at: number) => {
      leftAt = at
    })
    await browserContext.addInitScript({
      content: `addEventListener('beforeunload', () => {
        if (location.pathname === '/admin') window.__adrelayLeftAdmin(Date.now())
      })`,
    })
    const page = await browserContext.newPage()
    await page.goto('/admin', { waitUntil: 'commit' })
    await page.waitForURL((url) => url.pathname === '/', { timeout: 20_000 })
    const denied = toasts.find(({ path }) => path === '/admin')
    assert.exists(denied, `toasts seen: ${JSON.stringify(toasts)}`)
    assert.include(denied!.text, 'Access Denied')
    assert.include(denied!.text, 'Admin access required.')
    assert.isAbove(leftAt, 0)
    // The 500 ms timer starts when the toast is raised; the page sees the toast only once it is
    // painted, which on a loaded machine came up to 340 ms later. A redirect without the delay
    // leaves within a few frames of the toast, so 200 ms still tells the two apart.
    assert.isAtLeast(leftAt - denied!.at, 200)
    await page.getByRole('heading', { level: 1, name: 'Dashboard' }).waitFor()
    assert.equal(await page.getByRole('link', { name: 'Admin' }).count(), 0)
  })

  test('an admin sees the stat cards with the API figures and the Recent Users table', async ({
    visit,
    browserContext,
    assert,
  }) => {
    const admin = await createUser({ role: 'admin', firstName: 'Ada', lastName: 'Admin' })
    const paying = await createUser({
      email: 'paying@admin-page.test',
      firstName: 'Paula',
      lastName: 'Paying',
    })
    await setPlan(paying, 'agency', 'active', 'stripe')
    await browserContext.loginAs(admin)
    const page = await visit('/admin')

    await page.getByRole('heading', { level: 1, name: 'Admin Dashboard' }).waitFor()
    assert.equal(await page.getByRole('link', { name: 'Admin' }).count(), 1)
    const stats = await (await page.request.get('/api/admin/stats')).json()
    await page.assertText(
      '[data-testid="stat-total-users"]',
      stats.totalUsers.toLocaleString('en-US')
    )
    await page.assertText(
      '[data-testid="stat-active-subscriptions"]',
      stats.activeSubscriptions.toLocaleString('en-US')
    )
    await page.assertText(
      '[data-testid="stat-monthly-revenue"]',
      new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' }).format(
        stats.monthlyRevenue / 100
      )
    )
    await page.assertText(
      '[data-testid="stat-api-calls-today"]',
      stats.apiCallsToday.toLocaleString('en-US')
    )

    const headers = await page.locator('table').first().locator('thead th').allInnerTexts()
    assert.deepEqual(
      headers.map((text) => text.trim().toLowerCase()),
      ['user', 'plan', 'status', 'joined', 'actions']
    )

    await page.getByLabel('Search users').fill('admin-page.test')
    const row = page.getByTestId('admin-user-row').filter({ hasText: 'paying@admin-page.test' })
    await row.waitFor()
    await page.getByTestId('admin-user-row').nth(1).waitFor({ state: 'detached' })
    assert.equal(await page.getByTestId('admin-user-row').count(), 1)
    assert.include(await row.innerText(), 'Agency')
    assert.include(await row.innerText(), 'Active')
    assert.equal(
      await page.getByRole('link', { name: 'Export' }).getAttribute('href'),
      '/api/admin/users/export?search=admin-page.test'
    )

    await page.getByLabel('Search users').fill('no-such-user-anywhere')
    await page.getByText('No users found').waitFor()
  })

  test('stats that fail to load show an error, not placeholders that wait forever', async ({
    browserContext,
    assert,
  }) => {
    const admin = await createUser({ role: 'admin' })
    await browserContext.loginAs(admin)
    const page = await browserContext.newPage()
    await page.route('**/api/admin/stats', (route) => route.abort('connectionfailed'))
    await page.goto('/admin')

    await page.getByTestId('admin-stats-error').waitFor()
    assert.include(
      await page.getByTestId('admin-stats-error').innerText(),
      'Platform statistics could not be loaded.'
    )
    assert.equal(await page.locator('section[aria-label="Platform statistics"]').count(), 0)
    // The rest of the page still works.
    await page.getByRole('heading', { name: 'Recent Users' }).waitFor()
  })

  test('suspending asks for confirmation, then shows the user as suspended and logs the action', async ({
    visit,
    browserContext,
    assert,
  }) => {
    const admin = await createUser({ role: 'admin', email: 'ui.admin@admin-page.test' })
    const target = await createUser({
      email: 'target@suspend-ui.test',
      firstName: 'Tara',
      lastName: 'Target',
    })
    await browserContext.loginAs(admin)
    const page = await visit('/admin')
    await page.getByLabel('Search users').fill('suspend-ui.test')
    const row = page.getByTestId('admin-user-row').filter({ hasText: 'target@suspend-ui.test' })
    await row.getByRole('button', { name: 'Suspend Tara Target' }).click()

    const dialog = page.getByRole('alertdialog')
    await dialog.getByText('Suspend Tara Target?').waitFor()
    await dialog.getByRole('button', { name: 'Cancel' }).click()
    await target.refresh()
    assert.isNull(target.suspendedAt)

    await row.getByRole('button', { name: 'Suspend Tara Target' }).click()
    await page.getByRole('alertdialog').getByRole('button', { name: 'Suspend' }).click()
    await toast(page).getByText('User Suspended').waitFor()
    await row.getByText('Suspended', { exact: true }).waitFor()
    await row.getByRole('button', { name: 'Unsuspend Tara Target' }).waitFor()
    await target.refresh()
    assert.isNotNull(target.suspendedAt)

    const auditRow = page
      .getByTestId('audit-entry-row')
      .filter({ hasText: 'target@suspend-ui.test' })
      .first()
    await auditRow.waitFor()
    assert.include(await auditRow.innerText(), 'Suspended user')
    assert.include(await auditRow.innerText(), 'ui.admin@admin-page.test')

    await row.getByRole('button', { name: 'Unsuspend Tara Target' }).click()
    await page.getByRole('alertdialog').getByRole('button', { name: 'Unsuspend' }).click()
    await toast(page).getByText('User Unsuspended').waitFor()
    await row.getByRole('button', { name: 'Suspend Tara Target' }).waitFor()
    const reloaded = await User.findOrFail(target.id)
    assert.isNull(reloaded.suspendedAt)
  })

  test("the admin's own row cannot be suspended", async ({ visit, browserContext, assert }) => {
    const admin = await createUser({
      role: 'admin',
      email: 'self@self-ui.test',
      firstName: 'Self',
      lastName: 'Admin',
    })
    await browserContext.loginAs(admin)
    const page = await visit('/admin')
    await page.getByLabel('Search users').fill('self-ui.test')
    const button = page
      .getByTestId('admin-user-row')
      .filter({ hasText: 'self@self-ui.test' })
      .getByRole('button', { name: 'Suspend Self Admin' })
    await button.waitFor()
    assert.isTrue(await button.isDisabled())
  })

  test('View opens the user detail panel with plan, usage, keys and Meta state', async ({
    visit,
    browserContext,
    assert,
  }) => {
    const admin = await createUser({ role: 'admin' })
    const user = await createUser({
      email: 'viewed@view-ui.test',
      firstName: 'Vera',
      lastName: 'Viewed',
    })
    await setPlan(user, 'trafficker', 'trialing', 'stripe')
    await browserContext.loginAs(admin)
    const page = await visit('/admin')
    await page.getByLabel('Search users').fill('view-ui.test')
    await page.getByRole('button', { name: 'View Vera Viewed' }).click()

    const dialog = page.getByRole('dialog')
    await dialog.getByRole('heading', { name: /Vera Viewed/ }).waitFor()
    await dialog.getByTestId('admin-detail-usage').waitFor()
    assert.include(
      await dialog.getByTestId('admin-detail-usage').innerText(),
      '0 / 100,000 requests'
    )
    const text = await dialog.innerText()
    assert.include(text, 'Trafficker · trialing')
    assert.include(text, 'Not Connected')
    assert.include(text, 'No API calls yet')
    await page.keyboard.press('Escape')
    await dialog.waitFor({ state: 'hidden' })
  })

  test('an admin creates an invitation code and disables it after confirming', async ({
    visit,
    browserContext,
    assert,
  }) => {
    const admin = await createUser({ role: 'admin' })
    await browserContext.loginAs(admin)
    const page = await visit('/admin')
    await page.getByLabel('Plan', { exact: true }).selectOption('agency')
    await page.getByLabel('Max redemptions').fill('7')
    await page.getByLabel('Code (optional)').fill('ui-made-code')
    await page.getByRole('button', { name: 'Create Code' }).click()
    await toast(page).getByText('Invitation Code Created').waitFor()

    const row = page.getByTestId('invitation-code-row').filter({ hasText: 'UI-MADE-CODE' })
    await row.waitFor()
    assert.include(await row.innerText(), '0 / 7')
    assert.include(await row.innerText(), 'Agency')

    await row.getByRole('button', { name: 'Disable UI-MADE-CODE' }).click()
    await page.getByRole('alertdialog').getByRole('button', { name: 'Disable' }).click()
    await toast(page).getByText('Invitation Code Disabled').waitFor()
    await row.getByText('Disabled', { exact: true }).waitFor()
    const stored = await InvitationCode.findByOrFail('code', 'UI-MADE-CODE')
    assert.isNotNull(stored.disabledAt)
  })
})
