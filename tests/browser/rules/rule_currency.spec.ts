import { test } from '@japa/runner'
import AlertSettings from '#alerts/models/alert_settings'
import Rule from '#rules/models/rule'
import { setPlan } from '#tests/helpers/factories'
import { ALEX, BLAIR, createConnectedUser, freshSandbox } from '#tests/helpers/meta'
import type { MetaSandbox } from '#stand_ins/meta_sandbox/meta_sandbox'
import { VIEWPORTS, assertNoHorizontalScroll } from '../web/helpers.js'

/** Makes the sandbox ad account `id` (act_…) a yen account (0 decimals). */
const makeYen = (sandbox: MetaSandbox, id: string) => {
  sandbox.store.accounts.get(id.slice(4))!.currency = 'JPY'
}

test.group('Money in the ad account currency (JPY has no decimals)', (group) => {
  let sandbox: MetaSandbox
  group.each.setup(async () => {
    sandbox = await freshSandbox()
  })

  for (const viewport of VIEWPORTS) {
    test(`at ${viewport.width}px: a JPY budget of 5000 is stored as ¥5,000; a scope mixing JPY and EUR is refused`, async ({
      browserContext,
      assert,
    }) => {
      // Alex: act_100000000001 in JPY, act_100000000002 in EUR.
      makeYen(sandbox, ALEX.accounts[0])
      const user = await createConnectedUser()
      await setPlan(user, 'trafficker')
      await browserContext.loginAs(user)
      const page = await browserContext.newPage()
      await page.setViewportSize(viewport)
      await page.goto('/rules')
      await page.getByText('No rules yet.', { exact: false }).waitFor()

      await page.getByRole('button', { name: 'New rule' }).first().click()
      const dialog = page.getByRole('dialog')
      await dialog.getByLabel('Name', { exact: true }).fill('Yen budget')
      // The JPY account alone.
      await dialog.getByLabel('All ad accounts').uncheck()
      const accounts = dialog.getByRole('group', { name: 'Ad accounts' })
      await accounts.getByRole('checkbox', { name: /\(JPY\)/ }).check()
      const euro = accounts.getByRole('checkbox', { name: /\(EUR\)/ })
      if (await euro.isChecked()) await euro.uncheck()
      // The new rule's minimum spend (5000 minor units) is ¥5,000, not ¥50.
      const minSpend = dialog.getByLabel('Min spend to judge (currency)')
      await page.waitForFunction(
        (input: any) => input && !input.disabled && input.value !== '',
        await minSpend.elementHandle()
      )
      assert.equal(await minSpend.inputValue(), '5000')
      await dialog.getByLabel('Action', { exact: true }).selectOption('set_budget')
      await dialog.getByLabel('New budget (account currency)').fill('5000')
      await dialog.getByLabel('Max budget (currency)').fill('8000')
      await dialog.getByText('Amounts are in JPY (0 decimals).').waitFor()
      await assertNoHorizontalScroll(page, assert)
      await dialog.getByRole('button', { name: 'Save rule' }).click()
      await dialog.waitFor({ state: 'hidden' })

      const rule = await Rule.query().where('user_id', user.id).firstOrFail()
      assert.deepEqual(rule.definition.scope.adAccountIds, [ALEX.accounts[0]])
      assert.equal(rule.definition.actions[0].amount, 5000)
      assert.equal(rule.definition.guards.maxBudget, 8000)
      assert.equal(rule.definition.guards.minSpend, 5000)
      const card = page.locator('[data-testid^="rule-"]').filter({ hasText: 'Yen budget' })
      await card.getByText('Set budget to 5000').waitFor()

      // Every ad account (JPY and EUR) with amounts: refused, with the reason.
      await card.getByRole('button', { name: 'Edit' }).click()
      await dialog.getByLabel('All ad accounts').check()
      const problem = dialog.getByTestId('rule-currency-problem')
      await problem.waitFor()
      assert.include(await problem.textContent(), 'different decimals (EUR, JPY)')
      assert.isTrue(await dialog.getByRole('button', { name: 'Save rule' }).isDisabled())
      assert.isTrue(await dialog.getByLabel('Min spend to judge (currency)').isDisabled())
      await assertNoHorizontalScroll(page, assert)
    })
  }

  for (const viewport of VIEWPORTS) {
    test(`at ${viewport.width}px: the spend alert threshold is in the ad accounts' currency`, async ({
      browserContext,
      assert,
    }) => {
      // Blair's only ad account in JPY.
      makeYen(sandbox, BLAIR.accounts[0])
      const user = await createConnectedUser(BLAIR)
      await setPlan(user, 'trafficker')
      await browserContext.loginAs(user)
      const page = await browserContext.newPage()
      await page.setViewportSize(viewport)
      await page.goto('/alerts')
      await page.getByRole('tab', { name: 'Preferences' }).click()
      await page.locator('#alert-spend-threshold').fill('10000')
      await page.getByRole('button', { name: 'Save Preferences' }).click()
      await expectStored(user.id, 10_000)
      await page.getByLabel('Spend alert: daily spend per ad account above (JPY)').waitFor()
      await assertNoHorizontalScroll(page, assert)
      await page.reload()
      await page.getByRole('tab', { name: 'Preferences' }).click()
      assert.equal(
        await page.getByLabel('Spend alert: daily spend per ad account above (JPY)').inputValue(),
        '10000'
      )
    })
  }

  test('with ad accounts in JPY and EUR the spend threshold cannot be set', async ({
    browserContext,
  }) => {
    makeYen(sandbox, ALEX.accounts[0])
    const user = await createConnectedUser()
    await setPlan(user, 'trafficker')
    await browserContext.loginAs(user)
    const page = await browserContext.newPage()
    await page.setViewportSize({ width: 375, height: 740 })
    await page.goto('/alerts')
    await page.getByRole('tab', { name: 'Preferences' }).click()
    await page.getByText('use currencies with different decimals (EUR, JPY)').waitFor()
    await page.locator('#alert-spend-threshold:disabled').waitFor()
  })
})

/** Waits until the user's stored spend threshold is `minor` (the save is asynchronous). */
async function expectStored(userId: number, minor: number) {
  for (let attempt = 0; attempt < 50; attempt++) {
    const settings = await AlertSettings.find(userId)
    if (settings?.spendThresholdMinor === minor) return
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
  const settings = await AlertSettings.find(userId)
  throw new Error(`stored threshold ${settings?.spendThresholdMinor}, expected ${minor}`)
}
