import { test } from '@japa/runner'
import { AxeBuilder } from '@axe-core/playwright'
import { createUser, setPlan } from '#tests/helpers/factories'
import { anAlert } from '#tests/helpers/alerts'
import { RaiseAlert } from '#alerts/actions/raise_alert'
import { spawn } from 'node:child_process'
import app from '@adonisjs/core/services/app'
import { notificationRelay, startNotificationRelay } from '#alerts/services/notification_relay'

/** Runs tests/helpers/raise_alert_process.ts: a separate Node process raising one alert. */
function raiseInAnotherProcess(userId: number, title: string) {
  return new Promise<string>((resolve, reject) => {
    const child = spawn(
      process.execPath,
      ['--import=@poppinss/ts-exec', 'tests/helpers/raise_alert_process.ts', String(userId), title],
      { cwd: app.appRoot.pathname, env: process.env, stdio: ['ignore', 'pipe', 'pipe'] }
    )
    let output = ''
    child.stdout.on('data', (chunk) => (output += chunk))
    child.stderr.on('data', (chunk) => (output += chunk))
    child.on('error', reject)
    child.on('exit', (code) =>
      code === 0 ? resolve(output) : reject(new Error(`exit ${code}: ${output}`))
    )
  })
}

test.group('Notification center', () => {
  test('a new alert appears live in the bell, without a reload', async ({
    browserContext,
    assert,
  }) => {
    const user = await createUser()
    await setPlan(user, 'trafficker')
    await browserContext.loginAs(user)
    const page = await browserContext.newPage()
    await page.setViewportSize({ width: 1280, height: 800 })
    const subscribed = page.waitForResponse(
      (response) => response.url().includes('/__transmit/subscribe') && response.ok()
    )
    await page.goto('/')
    await subscribed
    const bell = page.getByTestId('notification-bell').first()
    await bell.waitFor()
    assert.equal(await page.getByTestId('notification-unread-count').count(), 0)

    await new RaiseAlert().execute(
      anAlert(user.id, { title: 'Stop-loss paused 2 ad sets', url: '/alerts' })
    )

    const badge = page.getByTestId('notification-unread-count').first()
    await badge.waitFor()
    assert.equal(await badge.textContent(), '1')
    await bell.click()
    const list = page.getByTestId('notification-list')
    await list.waitFor()
    assert.include(await list.textContent(), 'Stop-loss paused 2 ad sets')

    await page.getByRole('button', { name: 'Mark all as read' }).click()
    await badge.waitFor({ state: 'detached' })
  })

  test('an alert raised in a separate process (a queue worker) reaches the open tab live', async ({
    browserContext,
    assert,
  }) => {
    // The web process's relay when transmit has no transport; with REDIS_URL (the MySQL + Redis
    // pass) transmit's Redis transport carries the broadcast and the relay does not start.
    const relayed = await startNotificationRelay()
    try {
      const user = await createUser()
      await setPlan(user, 'trafficker')
      await browserContext.loginAs(user)
      const page = await browserContext.newPage()
      await page.setViewportSize({ width: 1280, height: 800 })
      const subscribed = page.waitForResponse(
        (response) => response.url().includes('/__transmit/subscribe') && response.ok()
      )
      await page.goto('/')
      await subscribed
      await page.getByTestId('notification-bell').first().waitFor()
      assert.equal(await page.getByTestId('notification-unread-count').count(), 0)

      const output = await raiseInAnotherProcess(user.id, 'Raised by the worker process')
      assert.include(output, '"status":"delivered"')

      const badge = page.getByTestId('notification-unread-count').first()
      await badge.waitFor({ timeout: 20_000 })
      assert.equal(await badge.textContent(), '1')
      await page.getByTestId('notification-bell').first().click()
      assert.include(
        await page.getByTestId('notification-list').textContent(),
        'Raised by the worker process'
      )
      assert.equal(notificationRelay().running, relayed)
    } finally {
      if (relayed) await notificationRelay().stop()
    }
  }).timeout(90_000)

  test('the Alerts page works at 375 px without horizontal scroll', async ({
    browserContext,
    assert,
  }) => {
    const user = await createUser()
    await setPlan(user, 'agency')
    await new RaiseAlert().execute(
      anAlert(user.id, {
        title: 'A very long alert title that names https://example.com/a/very/long/path/segment',
      })
    )
    await browserContext.loginAs(user)
    const page = await browserContext.newPage()
    await page.setViewportSize({ width: 375, height: 740 })
    await page.goto('/alerts')
    await page.getByTestId('alerts-page-list').waitFor()
    for (const tab of ['Preferences', 'Webhooks', 'Delivery log', 'Notifications']) {
      await page.getByRole('tab', { name: tab }).click()
      await page.waitForTimeout(0)
      const overflow = await page.evaluate<number>(
        'document.documentElement.scrollWidth - document.documentElement.clientWidth'
      )
      assert.isAtMost(overflow, 0, `${tab} scrolls horizontally`)
    }
  })

  test('Free accounts see no bell, and the Alerts page says which plans include alerts', async ({
    browserContext,
    assert,
  }) => {
    const user = await createUser()
    await browserContext.loginAs(user)
    const page = await browserContext.newPage()
    await page.setViewportSize({ width: 1280, height: 800 })
    await page.goto('/alerts')
    await page.getByText('Performance Alerts is a premium feature').waitFor()
    assert.equal(await page.getByTestId('notification-bell').count(), 0)
  })
})

test.group('Alerts page accessibility', () => {
  for (const viewport of [
    { width: 1280, height: 800 },
    { width: 375, height: 740 },
  ]) {
    test(`the Alerts page tabs have no serious or critical violation at ${viewport.width}px`, async ({
      browserContext,
      assert,
    }) => {
      const user = await createUser()
      await setPlan(user, 'trafficker')
      await new RaiseAlert().execute(anAlert(user.id))
      await browserContext.loginAs(user)
      const page = await browserContext.newPage()
      await page.setViewportSize(viewport)
      await page.goto('/alerts')
      await page.getByTestId('alerts-page-list').waitFor()
      for (const tab of ['Notifications', 'Preferences', 'Webhooks', 'Delivery log']) {
        await page.getByRole('tab', { name: tab }).click()
        await page.getByRole('tabpanel').waitFor()
        const results = await new AxeBuilder({ page: page as any })
          .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
          .analyze()
        const serious = results.violations
          .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
          .map((violation) => `${tab}: ${violation.id} ${violation.nodes[0]?.target.join(' ')}`)
        assert.deepEqual(serious, [])
      }
    })
  }
})
