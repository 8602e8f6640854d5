import { test } from '@japa/runner'
import type { Page } from 'playwright'
import type { MetaSandbox } from '#stand_ins/meta_sandbox/meta_sandbox'
import { PNG_BYTES } from '#stand_ins/image_server'
import MetaConnection from '#meta/models/meta_connection'
import { createUser, setPlan } from '#tests/helpers/factories'
import { IDS, connectMeta, sandboxGroup } from '#tests/helpers/meta'
import { VIEWPORTS, seriousViolations } from '../web/helpers.js'

const RETARGETING = 'Retargeting - Website Visitors'

async function traffickerOnCampaigns(
  browserContext: { loginAs: (user: any) => Promise<void> },
  visit: (url: string) => Promise<Page>
) {
  const user = await createUser()
  await setPlan(user, 'trafficker')
  await connectMeta(user)
  await browserContext.loginAs(user)
  const page = await visit('/campaigns')
  await page.getByTestId('campaign-tree').waitFor()
  return page
}

/** The sandbox of the running test: every group below starts each test on a fresh one. */
let sandbox: MetaSandbox
const useSandbox = (fresh: MetaSandbox) => (sandbox = fresh)

const writes = (of: MetaSandbox) => of.requests.filter((request) => request.method !== 'GET').length

/** Names of the campaign rows, top to bottom. */
async function campaignOrder(page: Page) {
  return page
    .getByTestId('campaign-tree')
    .locator('tbody tr [data-testid=row-name]')
    .allTextContents()
}

/** Figures in one insights column of the campaign rows, as numbers ('—' as null). */
async function columnFigures(page: Page, metric: string) {
  const texts = await page
    .getByTestId('campaign-tree')
    .locator(`tbody tr td[data-metric=${metric}]`)
    .allTextContents()
  return texts.map((text) => (text === '—' ? null : Number(text.replace(/[^0-9.]/g, ''))))
}

sandboxGroup('Campaigns page', useSandbox, () => {
  test('shows the tree of campaigns, ad sets and ads with insights, sortable', async ({
    visit,
    browserContext,
    assert,
  }) => {
    const page = await traffickerOnCampaigns(browserContext, visit)
    const tree = page.getByTestId('campaign-tree')
    await tree.getByText(RETARGETING).waitFor()
    await tree.getByText('Prospecting - Broad (Advantage+ budget)').waitFor()
    // Campaign-level insights arrive: spend is shown in dollars.
    await tree
      .locator(`[data-testid="row-${IDS.aboCampaign}"] td[data-metric=spend]`)
      .filter({
        hasText: '$',
      })
      .waitFor()

    // Expand a campaign, then one of its ad sets.
    await page.getByRole('button', { name: `Expand ${RETARGETING}` }).click()
    await tree.getByText('Visitors 7 days').waitFor()
    await page.getByRole('button', { name: 'Expand Visitors 7 days' }).click()
    await tree.locator('tbody tr').filter({ hasText: 'Ad ·' }).first().waitFor()
    await page.getByRole('button', { name: `Collapse ${RETARGETING}` }).click()

    // Sorted by spend (highest first) by default; a click on Spend sorts lowest first.
    const descending = (await columnFigures(page, 'spend')).filter((v) => v !== null) as number[]
    assert.deepEqual(
      descending,
      [...descending].sort((a, b) => b - a)
    )
    await page.getByRole('button', { name: 'Spend' }).click()
    await tree.locator('th[aria-sort=ascending]').getByText('Spend').waitFor()
    const ascending = (await columnFigures(page, 'spend')).filter((v) => v !== null) as number[]
    assert.deepEqual(
      ascending,
      [...ascending].sort((a, b) => a - b)
    )
    // Sort by name.
    await page.getByRole('button', { name: 'Name' }).click()
    const names = await campaignOrder(page)
    assert.deepEqual(
      names,
      [...names].sort((a, b) => a.localeCompare(b))
    )

    // The totals row adds up the campaigns' spend (the figures shown, to the cent).
    const spends = (await columnFigures(page, 'spend')).filter((v) => v !== null) as number[]
    const total = await tree.getByTestId('totals-row').locator('td[data-metric=spend]').innerText()
    assert.closeTo(
      Number(total.replace(/[^0-9.]/g, '')),
      spends.reduce((sum, value) => sum + value, 0),
      0.011 * spends.length
    )

    // At 1280 px cost per result, ROAS and the row menu are in view without scrolling sideways.
    await page.setViewportSize(VIEWPORTS[0])
    const box = (await tree.boundingBox())!
    const row = tree.locator(`[data-testid="row-${IDS.aboCampaign}"]`)
    for (const cell of [
      row.locator('td[data-metric=costPerResult]'),
      row.locator('td[data-metric=roas]'),
      row.getByRole('button', { name: `Actions for ${RETARGETING}` }),
    ]) {
      const cellBox = (await cell.boundingBox())!
      assert.isAtMost(cellBox.x + cellBox.width, box.x + box.width, 'in view at 1280 px')
    }
    assert.equal(await tree.evaluate((element: any) => element.scrollLeft), 0)
  })

  test('pausing a campaign previews the Graph request, then applies it on confirm', async ({
    visit,
    browserContext,
    assert,
  }) => {
    const page = await traffickerOnCampaigns(browserContext, visit)
    const before = writes(sandbox)
    await page.getByRole('switch', { name: `Delivery of ${RETARGETING}` }).click()
    const dialog = page.getByTestId('write-dialog')
    await dialog.getByTestId('graph-request').getByText(`/${IDS.aboCampaign}`).waitFor()
    await dialog.getByTestId('change-status').getByText('Paused', { exact: true }).waitFor()
    assert.equal(writes(sandbox), before, 'the preview sends nothing to Meta')

    await dialog.getByRole('button', { name: 'Pause' }).click()
    await page.locator('[data-variant]').getByText('Campaign paused').waitFor()
    await page
      .getByRole('switch', { name: `Delivery of ${RETARGETING}` })
      .and(page.locator('[aria-checked=false]'))
      .waitFor()
    assert.equal(sandbox.store.campaigns.get(IDS.aboCampaign)!.status, 'PAUSED')
  })

  test('a budget edited in place shows before → after and is applied on confirm', async ({
    visit,
    browserContext,
    assert,
  }) => {
    const page = await traffickerOnCampaigns(browserContext, visit)
    await page.getByRole('button', { name: `Expand ${RETARGETING}` }).click()
    await page.getByRole('button', { name: /Edit budget of Visitors 7 days/ }).click()
    const input = page.getByLabel('Daily budget of Visitors 7 days (USD)')
    await input.fill('65')
    await page.getByRole('button', { name: 'Save' }).click()
    const dialog = page.getByTestId('write-dialog')
    const change = dialog.getByTestId('change-daily_budget')
    await change.getByText('$50.00/day').waitFor()
    await change.getByText('$65.00/day').waitFor()
    await dialog.getByRole('button', { name: 'Change budget' }).click()
    await page.locator('[data-variant]').getByText('Budget updated').waitFor()
    await page.getByRole('button', { name: /Edit budget of Visitors 7 days: \$65\.00/ }).waitFor()
    assert.equal(sandbox.store.adSets.get(IDS.aboAdSet)!.dailyBudget, 6500)
  })

  test('a budget over 10 × the current one is refused until forced', async ({
    visit,
    browserContext,
  }) => {
    const page = await traffickerOnCampaigns(browserContext, visit)
    await page.getByRole('button', { name: `Expand ${RETARGETING}` }).click()
    await page.getByRole('button', { name: /Edit budget of Visitors 7 days/ }).click()
    await page.getByLabel('Daily budget of Visitors 7 days (USD)').fill('5000')
    await page.getByRole('button', { name: 'Save' }).click()
    const dialog = page.getByTestId('write-dialog')
    // The refusal says what to do here, in dollars, not "call again with force: true".
    await dialog
      .getByTestId('action-failure')
      .getByText(
        'The new daily budget, $5,000.00, is more than 10 × the current one ($50.00). If that is intended, press “Preview with more than 10× allowed”, check the new preview, then confirm.'
      )
      .waitFor()
    await dialog.getByRole('button', { name: 'Preview with more than 10× allowed' }).click()
    await dialog.getByTestId('change-daily_budget').getByText('$5,000.00/day').waitFor()
    await dialog.getByTestId('write-preview').getByText('Confirm to apply.').waitFor()
  })

  test('the detail drawer shows the period totals and a daily chart', async ({
    visit,
    browserContext,
  }) => {
    const page = await traffickerOnCampaigns(browserContext, visit)
    await page.getByRole('button', { name: RETARGETING, exact: true }).click()
    const drawer = page.getByTestId('detail-drawer')
    await drawer.getByRole('heading', { name: RETARGETING }).waitFor()
    await drawer.getByTestId('daily-chart').locator('svg.recharts-surface').waitFor()
    await drawer.getByRole('button', { name: 'Clicks' }).click()
    await drawer.getByText('Daily clicks').waitFor()
    await drawer.getByRole('button', { name: 'Close' }).click()
    await drawer.waitFor({ state: 'detached' })
  })

  test('duplicate and archive go through the preview and confirm', async ({
    visit,
    browserContext,
    assert,
  }) => {
    const page = await traffickerOnCampaigns(browserContext, visit)
    await page.getByRole('button', { name: `Actions for ${RETARGETING}`, exact: true }).click()
    await page.getByRole('menuitem', { name: 'Duplicate' }).click()
    const dialog = page.getByTestId('write-dialog')
    await dialog.getByTestId('graph-request').first().getByText('copies').waitFor()
    await dialog.getByRole('button', { name: 'Duplicate' }).click()
    await page.locator('[data-variant]').getByText('Campaign duplicated').waitFor()
    await page.getByTestId('campaign-tree').getByText(`${RETARGETING} - Copy`).waitFor()

    await page.getByRole('button', { name: `Actions for ${RETARGETING}`, exact: true }).click()
    await page.getByRole('menuitem', { name: 'Archive' }).click()
    await dialog.getByTestId('change-status').getByText('Archived', { exact: true }).waitFor()
    await dialog.getByRole('button', { name: 'Archive' }).click()
    await page.locator('[data-variant]').getByText('Campaign archived').waitFor()
    assert.equal(sandbox.store.campaigns.get(IDS.aboCampaign)!.status, 'ARCHIVED')
  })

  test('not connected, reconnect needed, free plan (read-only) and empty account states', async ({
    visit,
    browserContext,
  }) => {
    const stranger = await createUser()
    await browserContext.loginAs(stranger)
    const page = await visit('/campaigns')
    await page.getByTestId('campaigns-not-connected').waitFor()
    await page.getByRole('link', { name: 'Connect Meta Account' }).waitFor()

    const expired = await createUser()
    await connectMeta(expired)
    await MetaConnection.query()
      .where('userId', expired.id)
      .update({ status: 'reconnect_required' })
    await browserContext.loginAs(expired)
    await page.goto('/campaigns')
    await page.getByTestId('campaigns-reconnect').waitFor()
    await page.getByRole('link', { name: 'Reconnect' }).waitFor()

    const free = await createUser()
    await connectMeta(free)
    await browserContext.loginAs(free)
    await page.goto('/campaigns')
    await page.getByTestId('campaigns-read-only').waitFor()
    await page.getByTestId('campaign-tree').waitFor()
    await page.getByRole('button', { name: 'New campaign' }).waitFor({ state: 'detached' })

    // Meta lists neither deleted nor archived campaigns: the account looks empty.
    for (const campaign of sandbox.store.campaigns.values()) campaign.status = 'DELETED'
    const empty = await createUser()
    await setPlan(empty, 'trafficker')
    await connectMeta(empty)
    await browserContext.loginAs(empty)
    await page.goto('/campaigns')
    await page.getByTestId('campaigns-empty').getByText('No campaigns yet').waitFor()
  })

  test('the page, the preview dialog and the drawer have no serious accessibility violation', async ({
    visit,
    browserContext,
    assert,
  }) => {
    const page = await traffickerOnCampaigns(browserContext, visit)
    await page.getByRole('button', { name: `Expand ${RETARGETING}` }).click()
    await page.getByTestId('campaign-tree').getByText('Visitors 7 days').waitFor()
    assert.deepEqual(await seriousViolations(page), [])
    await page.getByRole('switch', { name: `Delivery of ${RETARGETING}` }).click()
    await page.getByTestId('write-preview').waitFor()
    assert.deepEqual(await seriousViolations(page), [])
    await page.getByRole('button', { name: 'Cancel' }).click()
    await page.getByRole('button', { name: RETARGETING, exact: true }).click()
    await page.getByTestId('daily-chart').waitFor()
    assert.deepEqual(await seriousViolations(page), [])
  })

  test('at 375 px the page does not scroll sideways', async ({ visit, browserContext, assert }) => {
    const page = await traffickerOnCampaigns(browserContext, visit)
    await page.setViewportSize({ width: 375, height: 800 })
    await page.getByTestId('campaign-tree').getByText(RETARGETING).waitFor()
    // The tree scrolls inside its own box; the page itself stays 375 px wide. Then the same
    // with the preview dialog and the wizard open.
    const pageWidth = () => page.evaluate<number>('document.documentElement.scrollWidth')
    assert.isAtMost(await pageWidth(), 375)
    // Scrolled sideways, the name column stays in view.
    const tree = page.getByTestId('campaign-tree')
    const nameCell = tree.locator(`[data-testid="row-${IDS.aboCampaign}"] th`)
    const left = (await tree.boundingBox())!.x
    await tree.evaluate((element: any) => element.scrollBy({ left: 600 }))
    await page.waitForFunction(
      () => (globalThis as any).document.querySelector('[data-testid=campaign-tree]').scrollLeft > 0
    )
    assert.closeTo((await nameCell.boundingBox())!.x, left + 1, 1.5)
    await nameCell.getByRole('button', { name: RETARGETING, exact: true }).waitFor()
    await page.getByRole('switch', { name: `Delivery of ${RETARGETING}` }).click()
    await page.getByTestId('write-preview').waitFor()
    assert.isAtMost(await pageWidth(), 375)
    await page.getByRole('button', { name: 'Cancel' }).click()
    await page.getByRole('button', { name: 'New campaign' }).click()
    await page.getByTestId('new-campaign-wizard').getByLabel('Campaign name').waitFor()
    assert.isAtMost(await pageWidth(), 375)
  })
})

sandboxGroup('Campaigns page: New campaign wizard', useSandbox, () => {
  test('a Sales campaign: pixel and event, all created PAUSED, previews in dollars, then Publish', async ({
    visit,
    browserContext,
    assert,
  }) => {
    const page = await traffickerOnCampaigns(browserContext, visit)
    await page.getByRole('button', { name: 'New campaign' }).click()
    const wizard = page.getByTestId('new-campaign-wizard')

    // Campaign
    await wizard.getByLabel('Campaign name').fill('Winter sale')
    await wizard.getByLabel('Objective').selectOption('OUTCOME_SALES')
    const before = writes(sandbox)
    await wizard.getByRole('button', { name: 'Preview' }).click()
    await wizard.getByTestId('graph-request').getByText('/act_100000000001/campaigns').waitFor()
    await wizard.getByTestId('change-objective').getByText('Sales', { exact: true }).waitFor()
    await wizard.getByTestId('write-preview').getByText('Confirm to apply.').waitFor()
    assert.equal(writes(sandbox), before, 'the preview sends nothing')
    await wizard.getByRole('button', { name: 'Create campaign (paused)' }).click()

    // Ad set: the pixel and conversion event a Sales ad set promotes, targeting, the estimate
    await wizard.getByText('Campaign “Winter sale” created, paused.').waitFor()
    await wizard.getByLabel('Pixel').selectOption({ label: 'Rivera Outdoor pixel' })
    await wizard.getByLabel('Conversion event').selectOption({ label: 'Add to cart' })
    await wizard.getByLabel('Daily budget (USD)').fill('40')
    await wizard.getByRole('textbox', { name: 'Countries' }).fill('United States')
    await wizard.getByRole('textbox', { name: 'Countries' }).press('Enter')
    await wizard.getByRole('button', { name: 'Add United States' }).click()
    await wizard.getByRole('textbox', { name: 'Interests' }).fill('hiking')
    await wizard.getByRole('textbox', { name: 'Interests' }).press('Enter')
    await wizard.getByRole('button', { name: /^Add Hiking/ }).click()
    await wizard.getByTestId('audience-estimate').getByText('Estimated audience:').waitFor()
    await wizard.getByRole('button', { name: 'Preview' }).click()
    const preview = wizard.getByTestId('write-preview')
    await preview.getByTestId('change-daily_budget').getByText('$40.00/day').waitFor()
    await preview
      .getByTestId('change-promoted_object')
      .getByText(/event Add to cart/)
      .waitFor()
    await preview
      .getByTestId('change-targeting')
      .getByText(/^United States · ages 18–65\+ · interests: Hiking/)
      .waitFor()
    await wizard.getByRole('button', { name: 'Create ad set (paused)' }).click()

    // Creative: Page, image upload (multipart), texts
    await wizard.getByText('Ad set “Winter sale ad set” created, paused.').waitFor()
    await wizard.getByLabel('Facebook Page').selectOption({ label: 'Rivera Outdoor' })
    await wizard.locator('#wizard-image').setInputFiles({
      name: 'hero.png',
      mimeType: 'image/png',
      buffer: PNG_BYTES,
    })
    await wizard.getByRole('button', { name: 'Preview' }).first().click()
    await wizard.getByTestId('change-hash').waitFor()
    await wizard.getByRole('button', { name: 'Upload image' }).click()
    await wizard.getByText('Image uploaded:').waitFor()
    await wizard.getByLabel('Link (where people go)').fill('https://example.com/winter')
    await wizard.getByLabel('Primary text').fill('Warm layers, 20% off.')
    await wizard.getByLabel('Headline').fill('Winter sale')
    await wizard.getByRole('button', { name: 'Preview' }).click()
    await wizard.getByTestId('graph-request').getByText('/adcreatives').waitFor()
    await wizard.getByRole('button', { name: 'Create creative' }).click()

    // Ad
    await wizard.getByLabel('Ad name').waitFor()
    await wizard.getByRole('button', { name: 'Preview' }).click()
    await wizard.getByTestId('write-preview').waitFor()
    await wizard.getByRole('button', { name: 'Create ad (paused)' }).click()

    // Everything exists, paused, with the promoted object Meta asks Sales ad sets for
    await wizard.getByRole('button', { name: 'Preview publishing' }).waitFor()
    const campaign = [...sandbox.store.campaigns.values()].find((c) => c.name === 'Winter sale')!
    const adSet = [...sandbox.store.adSets.values()].find((a) => a.campaignId === campaign.id)!
    const ad = [...sandbox.store.ads.values()].find((a) => a.adSetId === adSet.id)!
    assert.deepEqual([campaign.status, adSet.status, ad.status], ['PAUSED', 'PAUSED', 'PAUSED'])
    assert.equal(adSet.dailyBudget, 4000)
    assert.deepEqual(adSet.promotedObject, {
      pixel_id: '600000000000001',
      custom_event_type: 'ADD_TO_CART',
    })

    // Publish: preview of the three status changes, then confirm
    await wizard.getByRole('button', { name: 'Preview publishing' }).click()
    await wizard.getByTestId('write-preview').nth(2).waitFor()
    assert.equal(await wizard.getByTestId('write-preview').count(), 3)
    await wizard.getByRole('button', { name: 'Publish' }).click()
    await page.locator('[data-variant]').getByText('Campaign published').waitFor()
    assert.deepEqual(
      [
        sandbox.store.campaigns.get(campaign.id)!.status,
        sandbox.store.adSets.get(adSet.id)!.status,
        sandbox.store.ads.get(ad.id)!.status,
      ],
      ['ACTIVE', 'ACTIVE', 'ACTIVE']
    )
    await page.getByTestId('campaign-tree').getByText('Winter sale').waitFor()
  })

  test("a refusal shows Meta's text and offers to delete what was created, as closing does", async ({
    visit,
    browserContext,
    assert,
  }) => {
    const page = await traffickerOnCampaigns(browserContext, visit)
    await page.getByRole('button', { name: 'New campaign' }).click()
    const wizard = page.getByTestId('new-campaign-wizard')
    const named = (name: string) =>
      [...sandbox.store.campaigns.values()].filter((c) => c.name === name)

    // Meta refuses the campaign: its title and text, and nothing to clean up.
    await wizard.getByLabel('Campaign name').fill('Spring sale')
    await wizard.getByRole('button', { name: 'Preview' }).click()
    await wizard.getByTestId('write-preview').waitFor()
    sandbox.failNext({
      code: 100,
      subcode: 1487390,
      path: 'campaigns',
      method: 'POST',
      userTitle: 'Ad account disabled',
      userMessage: 'This ad account has been disabled for unpaid balance.',
    })
    await wizard.getByRole('button', { name: 'Create campaign (paused)' }).click()
    const failure = wizard.getByTestId('action-failure')
    await failure.getByText('Ad account disabled').waitFor()
    await failure.getByText('This ad account has been disabled for unpaid balance.').waitFor()
    assert.lengthOf(named('Spring sale'), 0)
    assert.equal(await wizard.getByTestId('draft-cleanup').count(), 0)

    // An App promotion campaign is created; its ad set promotes the app from one of its
    // stores; then Meta refuses the ad set: one click deletes the campaign.
    await wizard.getByLabel('Objective').selectOption('OUTCOME_APP_PROMOTION')
    await wizard.getByRole('button', { name: 'Preview' }).click()
    await wizard.getByRole('button', { name: 'Create campaign (paused)' }).click()
    await wizard.getByText('Campaign “Spring sale” created, paused.').waitFor()
    await wizard.getByLabel('App', { exact: true }).selectOption({ label: 'Rivera Trails' })
    await wizard.getByLabel('Store').selectOption({ label: 'Google Play' })
    await wizard.getByLabel('Daily budget (USD)').fill('20')
    await wizard.getByRole('textbox', { name: 'Countries' }).fill('United States')
    await wizard.getByRole('textbox', { name: 'Countries' }).press('Enter')
    await wizard.getByRole('button', { name: 'Add United States' }).click()
    await wizard.getByRole('button', { name: 'Preview' }).click()
    await wizard
      .getByTestId('change-promoted_object')
      .getByText(/App 700000000000001, https:\/\/play\.google\.com/)
      .waitFor()
    sandbox.failNext({
      code: 100,
      subcode: 1885272,
      path: 'adsets',
      method: 'POST',
      userTitle: 'Budget too low',
      userMessage: 'Your budget is too low for this audience.',
    })
    await wizard.getByRole('button', { name: 'Create ad set (paused)' }).click()
    await wizard.getByTestId('action-failure').getByText('Budget too low').waitFor()
    const cleanup = wizard.getByTestId('draft-cleanup')
    await cleanup
      .getByText(
        'The ad set was not created. The campaign “Spring sale” is already created at Meta, paused: nothing delivers until you publish.'
      )
      .waitFor()
    await cleanup.getByRole('button', { name: 'Delete what was created' }).click()
    await wizard
      .getByText('Deleted at Meta: the campaign “Spring sale”.', { exact: false })
      .waitFor()
    assert.deepEqual(
      named('Spring sale').map((c) => c.status),
      ['DELETED']
    )

    // Created again, then the wizard is closed before publishing: it asks, and deletes it.
    await wizard.getByRole('button', { name: 'Preview' }).click()
    await wizard.getByRole('button', { name: 'Create campaign (paused)' }).click()
    await wizard.getByText('Campaign “Spring sale” created, paused.').waitFor()
    await wizard.getByRole('button', { name: 'Close' }).click()
    await wizard
      .getByRole('region', { name: 'Leave the wizard' })
      .getByRole('button', { name: 'Delete what was created' })
      .click()
    await page.locator('[data-variant]').getByText('Draft deleted').first().waitFor()
    await wizard.waitFor({ state: 'detached' })
    assert.deepEqual(
      named('Spring sale').map((c) => c.status),
      ['DELETED', 'DELETED']
    )
  })
})
