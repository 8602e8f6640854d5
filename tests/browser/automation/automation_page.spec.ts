import { test } from '@japa/runner'
import { appUrl } from '#config/app'
import { createApiKey, createUser, setPlan } from '#tests/helpers/factories'
import { connectMeta } from '#tests/helpers/meta'
import MetaConnection from '#meta/models/meta_connection'
import { badgeFor } from '#tests/helpers/product_features'
import { setMonthlyUsage } from '#tests/functional/automation/mcp_client'

const baseUrl = `http://${process.env.HOST ?? '127.0.0.1'}:${process.env.PORT ?? 3334}`

test.group('Automation page (/dashboard)', () => {
  test('Overview shows the usage card and the feature statuses of a Free user without Meta', async ({
    visit,
    browserContext,
    assert,
  }) => {
    const user = await createUser()
    await setMonthlyUsage(user.id, 25)
    await browserContext.loginAs(user)
    const page = await visit('/dashboard')

    await page.getByRole('heading', { level: 1, name: 'Automation' }).waitFor()
    assert.deepEqual(await page.getByRole('tab').allInnerTexts(), [
      'Overview',
      'API Access',
      'MCP Integration',
      'Embed',
    ])
    await page.assertText('[data-testid="usage-calls"]', '25')
    await page.assertText('[data-testid="usage-limit"]', '10,000')
    await page.assertText('[data-testid="usage-plan"]', 'Free plan')
    await page.assertText('[data-testid="usage-remaining"]', '9,975')
    await page.assertText('[data-testid="usage-percent"]', '0.3%')
    await page.assertText('[data-testid="feature-campaign_analytics-status"]', 'Setup Required')
    await page.assertText('[data-testid="feature-audience_insights-status"]', 'Setup Required')
    // Coming Soon until the alerts / leads modules publish their actions (issue 12 §3).
    await page.assertText(
      '[data-testid="feature-performance_alerts-status"]',
      badgeFor('performance_alerts', 'Premium Feature')
    )
    await page.assertText(
      '[data-testid="feature-lead_tracking-status"]',
      badgeFor('lead_tracking', 'Agency Only')
    )
  })

  test('an Agency user with Meta connected sees every feature that exists ready and no Meta notice', async ({
    visit,
    browserContext,
  }) => {
    const user = await createUser()
    await setPlan(user, 'agency')
    await connectMeta(user)
    await browserContext.loginAs(user)
    const page = await visit('/dashboard')

    await page.assertText('[data-testid="feature-campaign_analytics-status"]', 'Connected')
    await page.assertText('[data-testid="feature-audience_insights-status"]', 'Connected')
    await page.assertText(
      '[data-testid="feature-performance_alerts-status"]',
      badgeFor('performance_alerts', 'Available')
    )
    await page.assertText(
      '[data-testid="feature-lead_tracking-status"]',
      badgeFor('lead_tracking', 'Available')
    )
    await page.assertText('[data-testid="usage-plan"]', 'Agency plan')

    await page.getByRole('tab', { name: 'MCP Integration' }).click()
    await page.getByTestId('mcp-active').waitFor()
    await page.assertNotExists('[data-testid="meta-notice"]')
  })

  test('API Access lists tokens masked, copies the masked token, and lists the registry endpoints', async ({
    browserContext,
    assert,
  }) => {
    const user = await createUser()
    const { key } = await createApiKey(user, 'n8n production')
    await browserContext.grantPermissions(['clipboard-read', 'clipboard-write'], {
      origin: baseUrl,
    })
    await browserContext.loginAs(user)
    const page = await browserContext.newPage()
    await page.goto('/dashboard')

    await page.getByRole('tab', { name: 'API Access' }).click()
    const row = page.getByTestId('token-row')
    await row.waitFor()
    assert.include(await row.innerText(), 'n8n production')
    const masked = await page.getByTestId('token-masked').innerText()
    assert.notEqual(masked, key)
    assert.notInclude(await page.locator('body').innerText(), key)

    await page.getByRole('button', { name: 'Copy token n8n production' }).click()
    await page.getByText('Copied!').first().waitFor()
    assert.equal(
      await page.evaluate(() => (globalThis as any).navigator.clipboard.readText()),
      masked
    )

    await page
      .getByText('Send your API key as a bearer token in the Authorization header')
      .waitFor()
    const endpoints = await page.getByTestId('endpoint-list').innerText()
    for (const path of [
      '/api/v1/usage/get_usage',
      '/api/v1/meta/list_campaigns',
      '/api/v1/meta/update_campaign_status',
    ]) {
      assert.include(endpoints, path)
    }
  })

  test('API Access without tokens shows the empty state linking to /profile', async ({
    visit,
    browserContext,
    assert,
  }) => {
    const user = await createUser()
    await browserContext.loginAs(user)
    const page = await visit('/dashboard')
    await page.getByRole('tab', { name: 'API Access' }).click()
    await page.getByTestId('tokens-empty').waitFor()
    assert.equal(
      await page
        .getByTestId('tokens-empty')
        .getByRole('link', { name: 'Profile page' })
        .getAttribute('href'),
      '/profile'
    )
  })

  test('MCP Integration shows the endpoint, the Meta notice, and copies the n8n template', async ({
    browserContext,
    assert,
  }) => {
    const user = await createUser()
    await browserContext.grantPermissions(['clipboard-read', 'clipboard-write'], {
      origin: baseUrl,
    })
    await browserContext.loginAs(user)
    const page = await browserContext.newPage()
    await page.goto('/dashboard')

    await page.getByRole('tab', { name: 'MCP Integration' }).click()
    await page.getByTestId('mcp-active').waitFor()
    assert.equal(await page.getByTestId('mcp-active').innerText(), 'Active')
    const endpoint = new URL('/mcp', appUrl).toString()
    assert.equal(await page.getByTestId('mcp-endpoint').innerText(), endpoint)

    const notice = page.getByTestId('meta-notice')
    await notice.waitFor()
    assert.equal(await notice.getByRole('link').getAttribute('href'), '/integrations')

    const docs = page.getByRole('link', { name: /MCP documentation/ })
    assert.match((await docs.getAttribute('href')) ?? '', /^https:\/\/modelcontextprotocol\.io\//)

    const clipboard = () => page.evaluate(() => (globalThis as any).navigator.clipboard.readText())
    const copyTemplate = async () => {
      // Emptied first, so the copy read below is this click's, not the one before.
      await page.evaluate(() => (globalThis as any).navigator.clipboard.writeText(''))
      await page.getByRole('button', { name: 'Copy n8n workflow template' }).click()
      await page.getByText('Copied!').first().waitFor()
      await page.waitForFunction(
        async () => (await (globalThis as any).navigator.clipboard.readText()) !== ''
      )
      return JSON.parse(await clipboard())
    }
    const copied = await copyTemplate()
    const mcpNode = copied.nodes.find(
      (node: any) => node.type === '@n8n/n8n-nodes-langchain.mcpClientTool'
    )
    assert.equal(mcpNode.parameters.endpointUrl, endpoint)
    assert.equal(mcpNode.parameters.serverTransport, 'httpStreamable')
    assert.equal(mcpNode.parameters.authentication, 'bearerAuth')
    // A second copy from the same page load imports next to the first: n8n refuses two chat
    // webhooks on one path, so each copy has its own webhook id (and workflow and node ids).
    const again = await copyTemplate()
    const webhookOf = (workflow: any) =>
      workflow.nodes.find((node: any) => node.type.endsWith('.chatTrigger')).webhookId
    assert.notEqual(webhookOf(again), webhookOf(copied))
    assert.notEqual(again.id, copied.id)

    await page.getByRole('button', { name: 'Copy Cursor configuration' }).click()
    const cursor = JSON.parse(
      await page.evaluate(() => (globalThis as any).navigator.clipboard.readText())
    )
    assert.equal(cursor.mcpServers.adrelay.url, endpoint)
  })

  test('a connection Meta no longer accepts is not shown as Connected: the notice asks to reconnect', async ({
    visit,
    browserContext,
    assert,
  }) => {
    const user = await createUser()
    await setPlan(user, 'agency')
    await connectMeta(user)
    await MetaConnection.query().where('userId', user.id).update({ status: 'reconnect_required' })
    await browserContext.loginAs(user)
    const page = await visit('/dashboard')

    await page.assertText('[data-testid="feature-campaign_analytics-status"]', 'Setup Required')
    await page.assertText('[data-testid="feature-audience_insights-status"]', 'Setup Required')

    await page.getByRole('tab', { name: 'MCP Integration' }).click()
    const notice = page.getByTestId('meta-notice')
    await notice.waitFor()
    assert.include(await notice.innerText(), 'Meta connection needs renewing')
    const link = notice.getByRole('link', { name: 'Reconnect it on the Integrations page' })
    assert.equal(await link.getAttribute('href'), '/integrations')
  })

  test('a failed Meta status load shows an error and is asked again on the next page', async ({
    browserContext,
    assert,
  }) => {
    const user = await createUser()
    await setPlan(user, 'agency')
    await connectMeta(user)
    await browserContext.loginAs(user)
    const page = await browserContext.newPage()
    // The first status request fails on the network (as with a dropped connection).
    let statusRequests = 0
    await page.route('**/api/meta/status', async (route) => {
      statusRequests += 1
      if (statusRequests === 1) await route.abort('connectionfailed')
      else await route.continue()
    })
    await page.goto('/dashboard')

    await page.getByText('The Meta connection status could not be loaded.').first().waitFor()
    // Not taken for "no connection": the Meta-backed cards do not claim a setup step.
    await page.assertText('[data-testid="feature-campaign_analytics-status"]', 'Status unavailable')
    await page.assertText('[data-testid="feature-audience_insights-status"]', 'Status unavailable')
    await page.getByRole('tab', { name: 'MCP Integration' }).click()
    await page.getByTestId('mcp-active').waitFor()
    await page.assertNotExists('[data-testid="meta-notice"]')

    // The failure was not kept as "not connected": Integrations asks again and shows the truth.
    await page
      .getByRole('navigation', { name: 'Main' })
      .getByRole('link', { name: 'Integrations' })
      .click()
    await page.waitForURL('**/integrations')
    await page.getByTestId('meta-card').getByText('Connected', { exact: true }).waitFor()
    assert.equal(statusRequests, 2)
  })
})
