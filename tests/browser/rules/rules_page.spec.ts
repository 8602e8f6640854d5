import { test } from '@japa/runner'
import { createUser, setPlan } from '#tests/helpers/factories'
import { createConnectedUser, freshSandbox } from '#tests/helpers/meta'
import Rule from '#rules/models/rule'
import { VIEWPORTS, assertNoHorizontalScroll } from '../web/helpers.js'

test.group('Rules page', (group) => {
  group.each.setup(async () => {
    await freshSandbox()
  })

  for (const viewport of VIEWPORTS) {
    test(`at ${viewport.width}px: create a rule from a template, run it, see the run in the history`, async ({
      browserContext,
      assert,
    }) => {
      const user = await createConnectedUser()
      await setPlan(user, 'trafficker')
      await browserContext.loginAs(user)
      const page = await browserContext.newPage()
      await page.setViewportSize(viewport)
      await page.goto('/rules')

      await page.getByText('No rules yet.', { exact: false }).waitFor()
      await assertNoHorizontalScroll(page, assert)

      await page.getByRole('tab', { name: 'Templates' }).click()
      await page
        .getByTestId('template-scale_winners')
        .getByRole('button', { name: 'Use template' })
        .click()
      const dialog = page.getByRole('dialog')
      await dialog.getByLabel('Name', { exact: true }).fill('Scale winners US')
      await assertNoHorizontalScroll(page, assert)
      await dialog.getByRole('button', { name: 'Preview' }).click()
      await dialog.getByTestId('rule-preview').getByText('Matches now:', { exact: false }).waitFor()
      await dialog.getByRole('button', { name: 'Save rule' }).click()
      await dialog.waitFor({ state: 'hidden' })

      await page.getByRole('tab', { name: 'Rules' }).click()
      const card = page.locator('[data-testid^="rule-"]').filter({ hasText: 'Scale winners US' })
      await card.getByText('Dry run').waitFor()
      await card.getByText('Daily at 09:00').waitFor()
      await card.getByRole('button', { name: 'Run now' }).click()
      await card.getByText('completed').waitFor()
      await assertNoHorizontalScroll(page, assert)

      await card.getByRole('button', { name: 'History' }).click()
      await page
        .locator('[data-testid^="rule-run-"]')
        .first()
        .getByText('evaluated', { exact: false })
        .waitFor()
      assert.equal(await page.getByRole('link', { name: 'Export CSV' }).count(), 1)
      await assertNoHorizontalScroll(page, assert)

      await page.getByRole('tab', { name: 'Approvals' }).click()
      await page.getByText('Nothing waits for your approval.').waitFor()
    })
  }

  for (const viewport of VIEWPORTS) {
    test(`at ${viewport.width}px: the builder edits every condition kind and saves a metric-against-metric rule`, async ({
      browserContext,
      assert,
    }) => {
      const user = await createConnectedUser()
      await setPlan(user, 'trafficker')
      await browserContext.loginAs(user)
      const page = await browserContext.newPage()
      await page.setViewportSize(viewport)
      await page.goto('/rules')
      await page.getByText('No rules yet.', { exact: false }).waitFor()

      await page.getByRole('button', { name: 'New rule' }).first().click()
      const dialog = page.getByRole('dialog')
      await dialog.getByLabel('Name', { exact: true }).fill('CPA against CPC')
      const row = dialog.getByTestId('rule-condition').first()
      // Every kind of the rule schema can be chosen and shows its own fields.
      await row.getByLabel('Condition', { exact: true }).selectOption('pacing')
      await row.getByLabel('Monthly spend plan (account currency)').waitFor()
      await row.getByLabel('Condition', { exact: true }).selectOption('trend')
      await row.getByLabel('Direction').waitFor()
      await row.getByLabel('Condition', { exact: true }).selectOption('compare')
      await row.getByLabel('Metric', { exact: true }).selectOption('cpa')
      await row.getByLabel('Window', { exact: true }).selectOption('last_7d')
      await row.getByLabel('Operator').selectOption('gt')
      await row.getByLabel('Multiplier ×').fill('1.5')
      await row.getByLabel('Other metric', { exact: true }).selectOption('cpc')
      await row.getByLabel("Other metric's window").selectOption('last_30d')
      await assertNoHorizontalScroll(page, assert)
      await dialog.getByRole('button', { name: 'Save rule' }).click()
      await dialog.waitFor({ state: 'hidden' })

      const card = page.locator('[data-testid^="rule-"]').filter({ hasText: 'CPA against CPC' })
      await card.getByText('Dry run').waitFor()
      assert.include(await card.textContent(), 'CPA (last 7 days) > 1.5 × CPC (last 30 days)')
      await assertNoHorizontalScroll(page, assert)
      const rule = await Rule.query().where('user_id', user.id).firstOrFail()
      assert.deepEqual(rule.definition.conditions.groups[0].conditions[0], {
        kind: 'compare',
        metric: 'cpa',
        window: 'last_7d',
        operator: 'gt',
        otherMetric: 'cpc',
        otherWindow: 'last_30d',
        multiplier: 1.5,
      })
    })
  }

  test('on Free the page offers the upgrade instead of the builder', async ({ browserContext }) => {
    const user = await createUser()
    await browserContext.loginAs(user)
    const page = await browserContext.newPage()
    await page.goto('/rules')
    await page.getByText('Available on the Trafficker', { exact: false }).waitFor()
    await page.getByRole('link', { name: 'Upgrade' }).waitFor()
  })
})
