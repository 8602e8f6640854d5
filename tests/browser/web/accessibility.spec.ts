import { test } from '@japa/runner'
import { createApiKey, createUser } from '#tests/helpers/factories'
import { logCalls, seriousViolations } from './helpers.js'

const VIEWPORTS = {
  desktop: { width: 1280, height: 800 },
  mobile: { width: 360, height: 740 },
} as const

for (const [viewportName, viewport] of Object.entries(VIEWPORTS)) {
  test.group(`Accessibility at ${viewportName} width (${viewport.width}px)`, (group) => {
    group.each.setup(async ({ context }) => {
      // Let axe see final positions, not mid-scroll ones.
      await context.browserContext.addInitScript(
        "document.documentElement.style.setProperty('scroll-behavior', 'auto')"
      )
    })

    test('the landing page has no serious or critical violation', async ({
      browserContext,
      assert,
    }) => {
      const page = await browserContext.newPage()
      await page.setViewportSize(viewport)
      await page.goto('/')
      await page.getByTestId('pricing-agency').waitFor()
      assert.deepEqual(await seriousViolations(page), [])
    })

    test('the privacy page has no serious or critical violation', async ({
      browserContext,
      assert,
    }) => {
      const page = await browserContext.newPage()
      await page.setViewportSize(viewport)
      await page.goto('/privacy')
      await page.getByRole('heading', { level: 1 }).waitFor()
      assert.deepEqual(await seriousViolations(page), [])
    })

    test('the 404 page has no serious or critical violation', async ({
      browserContext,
      assert,
    }) => {
      const page = await browserContext.newPage()
      await page.setViewportSize(viewport)
      await page.goto('/missing-page')
      await page.getByRole('heading', { name: 'Page Not Found' }).waitFor()
      assert.deepEqual(await seriousViolations(page), [])
    })

    test('the sign-in page has no serious or critical violation', async ({
      browserContext,
      assert,
    }) => {
      const page = await browserContext.newPage()
      await page.setViewportSize(viewport)
      await page.goto('/api/login')
      await page.getByLabel('Email').waitFor()
      assert.deepEqual(await seriousViolations(page), [])
    })

    test('the dashboard, its dialogs and the menu have no serious or critical violation', async ({
      browserContext,
      assert,
    }) => {
      const user = await createUser()
      await logCalls(user, [{ status: 200 }, { status: 302 }, { status: 500 }])
      await browserContext.loginAs(user)
      const page = await browserContext.newPage()
      await page.setViewportSize(viewport)
      await page.goto('/')
      await page.getByTestId('recent-call').first().waitFor()
      await page.getByTestId('success-rate-change').getByText('last month').waitFor()
      assert.deepEqual(await seriousViolations(page), [], 'dashboard')

      await page.getByRole('button', { name: /Advanced Analytics/ }).click()
      await page.getByRole('dialog', { name: 'Premium Feature' }).waitFor()
      assert.deepEqual(await seriousViolations(page), [], 'premium-gate modal')
      await page.getByRole('button', { name: 'Upgrade to Pro' }).click()
      await page
        .getByRole('dialog', { name: 'Choose Your Plan' })
        .getByTestId('plan-card-agency')
        .waitFor()
      assert.deepEqual(await seriousViolations(page), [], 'plan modal')
      await page.keyboard.press('Escape')

      await page.getByRole('button', { name: 'Generate API Key' }).click()
      await page.getByRole('dialog', { name: 'API Key Generated' }).waitFor()
      assert.deepEqual(await seriousViolations(page), [], 'new key dialog')
      await page.getByRole('button', { name: "I've copied it" }).click()

      if (viewport.width < 1024) {
        await page.getByRole('button', { name: 'Open menu' }).click()
        await page.getByRole('dialog', { name: 'Menu' }).waitFor()
        assert.deepEqual(await seriousViolations(page), [], 'mobile menu')
      }
    })

    test('the profile page and its confirm dialog have no serious or critical violation', async ({
      browserContext,
      assert,
    }) => {
      const user = await createUser()
      await createApiKey(user)
      await browserContext.loginAs(user)
      const page = await browserContext.newPage()
      await page.setViewportSize(viewport)
      await page.goto('/profile')
      await page.getByTestId('api-key-row').waitFor()
      assert.deepEqual(await seriousViolations(page), [], 'profile')
      await page.getByRole('button', { name: 'Revoke All Sessions' }).click()
      await page.getByRole('alertdialog').waitFor()
      assert.deepEqual(await seriousViolations(page), [], 'confirm dialog')
    })
  })
}
