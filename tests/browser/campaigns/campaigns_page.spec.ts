import { test } from '@japa/runner'
import type { Page } from 'playwright'
import type { MetaSandbox } from '#stand_ins/meta_sandbox/meta_sandbox'
import { PNG_BYTES } from '#stand_ins/image_server'
import MetaConnection from '#meta/models/meta_connection'
import { createUser, setPlan } from '#tests/helpers/factories'
import { IDS, connectMeta, sandboxGroup } from '#tests/helpers/meta'
import { seriousViolations } from '../web/helpers.js'

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
    .locator('tbody tr th[scope=row] button.block')
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
    await dialog.getByTestId('change-status').getByText('PAUSED').waitFor()
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
    await change.getByText('$50.00').waitFor()
    await change.getByText('$65.00').waitFor()
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
    await dialog.getByTestId('action-failure').waitFor()
    await dialog.getByRole('button', { name: 'Preview with more than 10× allowed' }).click()
    await dialog.getByTestId('change-daily_budget').getByText('$5,000.00').waitFor()
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
    await dialog.getByTestId('change-status').getByText('ARCHIVED').waitFor()
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
  test('campaign → ad set → creative → ad, all created PAUSED, then Publish activates them', async ({
    visit,
    browserContext,
    assert,
  }) => {
    const page = await traffickerOnCampaigns(browserContext, visit)
    await page.getByRole('button', { name: 'New campaign' }).click()
    const wizard = page.getByTestId('new-campaign-wizard')

    // Campaign
    await wizard.getByLabel('Campaign name').fill('Winter hikes')
    await wizard.getByLabel('Objective').selectOption('OUTCOME_TRAFFIC')
    const before = writes(sandbox)
    await wizard.getByRole('button', { name: 'Preview' }).click()
    await wizard.getByTestId('graph-request').getByText('/act_100000000001/campaigns').waitFor()
    assert.equal(writes(sandbox), before, 'the preview sends nothing')
    await wizard.getByRole('button', { name: 'Create campaign (paused)' }).click()

    // Ad set: targeting search and the audience estimate
    await wizard.getByText('Campaign “Winter hikes” created, paused.').waitFor()
    await wizard.getByLabel('Daily budget (USD)').fill('20')
    await wizard.getByRole('textbox', { name: 'Countries' }).fill('United States')
    await wizard.getByRole('textbox', { name: 'Countries' }).press('Enter')
    await wizard.getByRole('button', { name: 'Add United States' }).click()
    await wizard.getByRole('textbox', { name: 'Interests' }).fill('hiking')
    await wizard.getByRole('textbox', { name: 'Interests' }).press('Enter')
    await wizard.getByRole('button', { name: /^Add Hiking/ }).click()
    await wizard.getByTestId('audience-estimate').getByText('Estimated audience:').waitFor()
    await wizard.getByRole('button', { name: 'Preview' }).click()
    await wizard.getByTestId('write-preview').waitFor()
    await wizard.getByRole('button', { name: 'Create ad set (paused)' }).click()

    // Creative: Page, image upload (multipart), texts
    await wizard.getByText('Ad set “Winter hikes ad set” created, paused.').waitFor()
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
    await wizard.getByLabel('Primary text').fill('Fresh trails, fewer people.')
    await wizard.getByLabel('Headline').fill('Winter hikes')
    await wizard.getByRole('button', { name: 'Preview' }).click()
    await wizard.getByTestId('graph-request').getByText('/adcreatives').waitFor()
    await wizard.getByRole('button', { name: 'Create creative' }).click()

    // Ad
    await wizard.getByLabel('Ad name').waitFor()
    await wizard.getByRole('button', { name: 'Preview' }).click()
    await wizard.getByTestId('write-preview').waitFor()
    await wizard.getByRole('button', { name: 'Create ad (paused)' }).click()

    // Everything exists, paused
    await wizard.getByRole('button', { name: 'Preview publishing' }).waitFor()
    const campaign = [...sandbox.store.campaigns.values()].find((c) => c.name === 'Winter hikes')!
    const adSet = [...sandbox.store.adSets.values()].find((a) => a.campaignId === campaign.id)!
    const ad = [...sandbox.store.ads.values()].find((a) => a.adSetId === adSet.id)!
    assert.deepEqual([campaign.status, adSet.status, ad.status], ['PAUSED', 'PAUSED', 'PAUSED'])
    assert.equal(adSet.dailyBudget, 2000)

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
    await page.getByTestId('campaign-tree').getByText('Winter hikes').waitFor()
  })

  test("Meta's own title and message are shown when Meta refuses a creation", async ({
    visit,
    browserContext,
    assert,
  }) => {
    const page = await traffickerOnCampaigns(browserContext, visit)
    await page.getByRole('button', { name: 'New campaign' }).click()
    const wizard = page.getByTestId('new-campaign-wizard')
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
    assert.isFalse([...sandbox.store.campaigns.values()].some((c) => c.name === 'Spring sale'))
  })
})
