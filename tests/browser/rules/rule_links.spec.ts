import { test } from '@japa/runner'
import type { Page } from 'playwright'
import { publishedRegistry } from '#automation/registry/published_actions'
import { setPlan } from '#tests/helpers/factories'
import { IDS, createConnectedUser, freshSandbox } from '#tests/helpers/meta'
import { VIEWPORTS, assertNoHorizontalScroll } from '../web/helpers.js'

const ACCOUNT = 'act_100000000001'
const CART = '120200000001022'

const registry = publishedRegistry()
const invoke = (userId: number, name: string, input: unknown) =>
  registry.invoke(name, { userId, planId: 'trafficker', tokenId: null }, input) as Promise<any>

/** A rule raising the budget of the two retargeting ad sets, which always match. */
const definition = {
  scope: { adAccountIds: [ACCOUNT], level: 'ad_set', filters: { ids: [IDS.aboAdSet, CART] } },
  conditions: {
    groups: [
      {
        conditions: [
          { kind: 'value', metric: 'spend', window: 'last_7d', operator: 'gt', value: 0 },
        ],
      },
    ],
  },
  actions: [{ type: 'increase_budget', percent: 10 }],
  schedule: { type: 'every', minutes: 60 },
}

/** Opens the bell and follows the notification whose title contains `title`. */
async function followNotification(page: Page, title: string) {
  // The shell has a bell in the sidebar and one in the mobile header: the visible one.
  await page.locator('[data-testid="notification-bell"]:visible').first().click()
  await page.getByTestId('notification-list').getByRole('button').filter({ hasText: title }).click()
}

test.group('Rules page: links from alerts open their target', (group) => {
  group.each.setup(async () => {
    await freshSandbox()
  })

  for (const viewport of VIEWPORTS) {
    test(`at ${viewport.width}px: an approval alert opens the approvals, a run alert that run`, async ({
      browserContext,
      assert,
    }) => {
      const user = await createConnectedUser()
      await setPlan(user, 'trafficker')
      // A dry run whose first run raises "would act on" (linking /rules?rule=…&run=…), run
      // again so that the linked run is not the newest; and an approval rule whose run raises
      // "waits for your approval" (linking /rules?tab=approvals).
      const { rule: dry } = await invoke(user.id, 'create_rule', { name: 'Scale dry', definition })
      const first = await invoke(user.id, 'run_rule', { ruleId: dry.id })
      await invoke(user.id, 'run_rule', { ruleId: dry.id })
      const { rule: approval } = await invoke(user.id, 'create_rule', {
        name: 'Scale approved',
        definition,
        mode: 'approval',
      })
      await invoke(user.id, 'run_rule', { ruleId: approval.id })
      const runId = first.run.id as number

      await browserContext.loginAs(user)
      const page = await browserContext.newPage()
      await page.setViewportSize(viewport)
      await page.goto('/rules')
      await page.getByRole('tab', { name: 'Rules', selected: true }).waitFor()

      await followNotification(page, 'Scale approved')
      await page.waitForURL('**/rules?tab=approvals')
      await page.getByRole('tab', { name: 'Approvals', selected: true }).waitFor()
      await page.getByRole('button', { name: 'Approve' }).first().waitFor()
      assert.isAtLeast(await page.getByRole('button', { name: 'Approve' }).count(), 2)
      await assertNoHorizontalScroll(page, assert)

      await followNotification(page, 'Scale dry')
      await page.waitForURL(`**/rules?rule=${dry.id}&run=${runId}`)
      await page.getByRole('tab', { name: 'History', selected: true }).waitFor()
      assert.equal(await page.getByRole('combobox', { name: /^Rule/ }).inputValue(), String(dry.id))
      const linked = page.getByTestId(`rule-run-${runId}`)
      await linked.getByText('(from your alert)').waitFor()
      assert.equal(await linked.getAttribute('aria-current'), 'true')
      // Scrolled into view.
      assert.isTrue(await linked.evaluate((node: any) => node.getBoundingClientRect().top >= 0))
      // The newer run is listed too, not marked.
      assert.equal(await page.locator('[data-testid^="rule-run-"][aria-current]').count(), 1)
      assert.isAtLeast(await page.locator('[data-testid^="rule-run-"]').count(), 2)
      await assertNoHorizontalScroll(page, assert)

      // Typed or bookmarked, the same addresses open the same places.
      await page.goto('/rules?tab=approvals')
      await page.getByRole('tab', { name: 'Approvals', selected: true }).waitFor()
    })
  }

  test('a run older than the listed page is still shown from its link', async ({
    browserContext,
    assert,
  }) => {
    const user = await createConnectedUser()
    await setPlan(user, 'trafficker')
    const { rule } = await invoke(user.id, 'create_rule', { name: 'Busy rule', definition })
    const first = await invoke(user.id, 'run_rule', { ruleId: rule.id })
    // The history lists 20 runs a page.
    for (let index = 0; index < 20; index++) {
      await invoke(user.id, 'run_rule', { ruleId: rule.id })
    }
    await browserContext.loginAs(user)
    const page = await browserContext.newPage()
    await page.setViewportSize({ width: 1280, height: 800 })
    await page.goto(`/rules?rule=${rule.id}&run=${first.run.id}`)
    const linked = page.getByTestId(`rule-run-${first.run.id}`)
    await linked.getByText('(from your alert)').waitFor()
    assert.equal(await linked.getAttribute('aria-current'), 'true')
  })
})
