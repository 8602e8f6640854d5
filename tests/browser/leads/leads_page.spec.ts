import { test } from '@japa/runner'
import type { Page } from 'playwright'
import { readFile } from 'node:fs/promises'
import app from '@adonisjs/core/services/app'
import { createUser, setPlan } from '#tests/helpers/factories'
import { ALEX, connectMeta, freshSandbox } from '#tests/helpers/meta'
import { runDueJobs } from '#tests/helpers/alerts'
import { WebhookReceiver } from '#stand_ins/webhook_receiver'
import type { MetaSandbox } from '#stand_ins/meta_sandbox/meta_sandbox'
import { MetaEndpoints } from '#meta/services/meta_endpoints'
import { assertNoHorizontalScroll, seriousViolations, VIEWPORTS } from '../web/helpers.js'
import { settled, trackRequests } from '#tests/helpers/page_settled'

/** axe's serious findings once the page's calls are done (not mid-load). */
async function settledViolations(page: Page) {
  await settled(page)
  return seriousViolations(page)
}

async function sandbox(): Promise<MetaSandbox> {
  const endpoints = await app.container.make(MetaEndpoints)
  await endpoints.resolve()
  return endpoints.sandbox as MetaSandbox
}

async function agencyUser(scopes?: string[]) {
  const user = await createUser()
  await setPlan(user, 'agency')
  await connectMeta(user, ALEX, 'l', scopes)
  return user
}

test.group('Leads page', (group) => {
  group.each.setup(async () => {
    await freshSandbox()
  })

  for (const viewport of VIEWPORTS) {
    test(`at ${viewport.width}px: leads with answers, forms, CSV export, forwarding and its log`, async ({
      browserContext,
      assert,
      cleanup,
    }) => {
      const receiver = await new WebhookReceiver().start()
      cleanup(() => receiver.close())
      const user = await agencyUser()
      await browserContext.loginAs(user)
      await trackRequests(browserContext)
      const page = await browserContext.newPage()
      await page.setViewportSize(viewport)
      await page.goto('/leads')

      // Leads: newest first, answers shown.
      const rows = page.getByTestId('lead-row')
      await rows.first().waitFor()
      assert.equal(await rows.count(), 2)
      assert.include(await rows.first().textContent(), 'kim@example.com')
      assert.include(await rows.nth(1).textContent(), 'Sam Ortiz')
      await assertNoHorizontalScroll(page, assert)
      assert.deepEqual(await settledViolations(page), [])

      // CSV export of what the table shows.
      const [download] = await Promise.all([
        page.waitForEvent('download'),
        page.getByRole('link', { name: 'Export CSV' }).click(),
      ])
      const csv = await readFile((await download.path())!, 'utf8')
      assert.match(csv.split('\n')[0], /^lead_id,form_id,ad_id,created_time,received_via,/)
      assert.include(csv, 'kim@example.com')

      // Forms: page name, counts, last lead.
      await page.getByRole('tab', { name: 'Forms' }).click()
      const forms = page.getByTestId('lead-forms')
      await forms.getByText('Spring catalogue request').waitFor()
      await forms.getByText('2 leads in Adrelay', { exact: false }).first().waitFor()
      assert.include(await forms.textContent(), 'Rivera Outdoor')
      assert.include(await forms.textContent(), 'Last lead:')
      await assertNoHorizontalScroll(page, assert)

      // Forwarding: add a destination, the secret is shown once.
      await page.getByRole('tab', { name: 'Forwarding' }).click()
      await page.getByText('No destinations yet').waitFor()
      await page.getByLabel('Name').fill('n8n workflow')
      await page.getByLabel('URL').fill(receiver.url('/n8n'))
      await page.getByRole('button', { name: 'Add Destination' }).click()
      const secret = await page.getByTestId('forwarding-secret').locator('code').textContent()
      assert.match(secret ?? '', /^whsec_/)
      receiver.secret = secret
      await page.getByTestId('forwardings').getByText('n8n workflow').waitFor()
      await assertNoHorizontalScroll(page, assert)
      assert.deepEqual(await settledViolations(page), [])

      // A new lead arrives and is forwarded; the log shows it.
      ;(await sandbox()).leads.addLead('500000000000001', {
        full_name: 'Ana Costa',
        email: 'ana@example.com',
      })
      await page.getByRole('tab', { name: 'Leads' }).click()
      await page.reload()
      await page.getByTestId('lead-row').filter({ hasText: 'ana@example.com' }).waitFor()
      await runDueJobs()
      assert.lengthOf(receiver.received, 1)
      assert.isTrue(receiver.received[0].signatureValid)
      await page.getByRole('tab', { name: 'Delivery log' }).click()
      const log = page.getByTestId('lead-deliveries')
      await log.getByText('sent').waitFor()
      assert.include(await log.textContent(), 'n8n workflow')
      assert.include(await log.textContent(), 'HTTP 200')
      await assertNoHorizontalScroll(page, assert)
    })
  }

  test('an Agency user without forms sees the empty state', async ({ browserContext }) => {
    const user = await agencyUser()
    const leads = (await sandbox()).leads
    leads.leads.clear()
    await browserContext.loginAs(user)
    const page = await browserContext.newPage()
    await page.goto('/leads')
    await page.getByText('No leads yet', { exact: false }).waitFor()
  })

  test('a connection without leads_retrieval shows the reconnect state', async ({
    browserContext,
    assert,
  }) => {
    const user = await agencyUser(['ads_read', 'ads_management', 'business_management'])
    await browserContext.loginAs(user)
    await trackRequests(browserContext)
    const page = await browserContext.newPage()
    await page.goto('/leads')
    await page.getByText('Reconnect Meta to allow lead access').waitFor()
    assert.deepEqual(await settledViolations(page), [])
    const link = page.getByRole('link', { name: 'Reconnect Meta' })
    assert.equal(await link.getAttribute('href'), '/meta/oauth/start')
    assert.isTrue(await page.getByRole('tab', { name: 'Leads' }).isDisabled())
  })

  for (const plan of ['free', 'trafficker'] as const) {
    test(`on ${plan} the page offers the upgrade`, async ({ browserContext, assert }) => {
      const user = await createUser()
      if (plan !== 'free') await setPlan(user, plan)
      await browserContext.loginAs(user)
      const page = await browserContext.newPage()
      await page.goto('/leads')
      await page.getByTestId('leads-upgrade').waitFor()
      await page.getByText('Lead Tracking comes with the Agency plan').waitFor()
      assert.equal(await page.getByRole('tab').count(), 0)
      assert.equal(await page.getByRole('link', { name: 'See plans' }).count(), 1)
    })
  }
})
