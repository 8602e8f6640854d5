import { test } from '@japa/runner'
import type { MetaSandbox } from '#stand_ins/meta_sandbox/meta_sandbox'
import { createApiKey, createUser, setPlan } from '#tests/helpers/factories'
import { ALEX, IDS, connectMeta, freshSandbox } from '#tests/helpers/meta'
import { callTool, connectMcp, textOf } from '#tests/functional/automation/mcp_client'

const ACCOUNT = ALEX.accounts[0]

const NEW_TOOLS = [
  'create_campaign',
  'create_ad_set',
  'create_ad_creative',
  'upload_ad_image',
  'create_ad',
  'list_pages',
  'list_pixels',
  'list_advertisable_apps',
  'search_targeting',
  'estimate_audience_size',
  'duplicate_campaign',
  'duplicate_ad_set',
  'duplicate_ad',
  'update_ad_set',
  'update_ad',
  'archive_object',
  'delete_object',
  'create_budget_schedule',
  'list_budget_schedules',
  'delete_budget_schedule',
  'list_ad_creatives',
  'get_campaign',
  'get_ad_set',
  'get_ad',
]

/** Paths of every property (nested objects and array items too) that has no description. */
function undescribed(schema: any, path = ''): string[] {
  const missing: string[] = []
  for (const [name, property] of Object.entries<any>(schema?.properties ?? {})) {
    const here = path ? `${path}.${name}` : name
    const variants = [property, ...(property.anyOf ?? [])]
    if (
      !variants.some(
        (variant) => typeof variant.description === 'string' && variant.description.length > 0
      )
    ) {
      missing.push(here)
    }
    for (const variant of variants) {
      if (variant.type === 'object') missing.push(...undescribed(variant, here))
      if (variant.type === 'array' && variant.items?.type === 'object') {
        missing.push(...undescribed(variant.items, `${here}[]`))
      }
    }
  }
  return missing
}

test.group('Campaign tools over MCP', (group) => {
  let sandbox: MetaSandbox
  group.each.setup(async () => {
    sandbox = await freshSandbox()
  })

  test('tools/list shows every new tool with described fields and annotations', async ({
    assert,
  }) => {
    const user = await createUser()
    const { key } = await createApiKey(user)
    const client = await connectMcp(key)
    const { tools } = await client.listTools()
    for (const name of NEW_TOOLS) {
      const tool = tools.find((candidate) => candidate.name === name)
      assert.exists(tool, `${name} is listed`)
      assert.isAbove(tool!.description!.length, 40, `${name} has a description`)
      assert.deepEqual(
        undescribed(tool!.inputSchema),
        [],
        `${name}: every input field is described`
      )
      assert.isBoolean(tool!.annotations?.readOnlyHint, `${name} has annotations`)
      assert.isBoolean(tool!.annotations?.destructiveHint)
      assert.exists(tool!.outputSchema, `${name} has an output schema`)
    }
    assert.isTrue(tools.find((tool) => tool.name === 'delete_object')!.annotations!.destructiveHint)
    assert.isTrue(tools.find((tool) => tool.name === 'search_targeting')!.annotations!.readOnlyHint)
    await client.close()
  })

  test('a Free key gets plan_upgrade_required as a tool error and nothing reaches Meta', async ({
    assert,
  }) => {
    const user = await createUser()
    await connectMeta(user)
    const { key } = await createApiKey(user)
    const client = await connectMcp(key)
    const before = sandbox.requests.length
    const result = await callTool(client, 'create_campaign', {
      adAccountId: ACCOUNT,
      name: 'x',
      objective: 'OUTCOME_SALES',
      confirm: true,
    })
    assert.isTrue(result.isError)
    assert.match(textOf(result), /^plan_upgrade_required:/)
    assert.equal(sandbox.requests.length, before)
    await client.close()
  })

  test("Meta's user-facing text reaches the MCP tool error", async ({ assert }) => {
    const user = await createUser()
    await setPlan(user, 'agency')
    await connectMeta(user)
    const { key } = await createApiKey(user)
    const client = await connectMcp(key)
    sandbox.failNext({
      code: 100,
      subcode: 1487390,
      path: 'copies',
      method: 'POST',
      userTitle: 'Copy failed',
      userMessage: 'This ad cannot be copied right now.',
    })
    const result = await callTool(client, 'duplicate_ad', { adId: IDS.alexAd, confirm: true })
    assert.isTrue(result.isError)
    assert.equal(textOf(result), 'meta_error: This ad cannot be copied right now.')
    const body = JSON.parse((result.content[1] as any).text)
    assert.containsSubset(body.error, {
      metaUserTitle: 'Copy failed',
      metaUserMessage: 'This ad cannot be copied right now.',
    })
    await client.close()
  })

  test('create_campaign over MCP previews, then creates a PAUSED campaign', async ({ assert }) => {
    const user = await createUser()
    await setPlan(user, 'trafficker')
    await connectMeta(user)
    const { key } = await createApiKey(user)
    const client = await connectMcp(key)
    const preview = await callTool(client, 'create_campaign', {
      adAccountId: ACCOUNT,
      name: 'MCP campaign',
      objective: 'OUTCOME_AWARENESS',
    })
    assert.notOk(preview.isError, textOf(preview))
    assert.isTrue((preview.structuredContent as any).preview)
    const created = await callTool(client, 'create_campaign', {
      adAccountId: ACCOUNT,
      name: 'MCP campaign',
      objective: 'OUTCOME_AWARENESS',
      confirm: true,
    })
    assert.equal((created.structuredContent as any).object.status, 'PAUSED')
    assert.equal(
      sandbox.store.campaigns.get((created.structuredContent as any).objectId)!.name,
      'MCP campaign'
    )
    await client.close()
  })
})

test.group('Session adapter /api/actions/:name', (group) => {
  let sandbox: MetaSandbox
  group.each.setup(async () => {
    sandbox = await freshSandbox()
  })

  test('a signed-in user runs a read with GET and a write with POST + CSRF, unmetered', async ({
    client,
    assert,
  }) => {
    const user = await createUser()
    await setPlan(user, 'trafficker')
    await connectMeta(user)
    const pages = await client
      .get('/api/actions/list_pages')
      .qs({ adAccountId: ACCOUNT })
      .loginAs(user)
    pages.assertStatus(200)
    assert.equal(pages.body().pages[0].id, '300000000000001')
    const created = await client
      .post('/api/actions/create_campaign')
      .json({
        adAccountId: ACCOUNT,
        name: 'From the page',
        objective: 'OUTCOME_TRAFFIC',
        confirm: true,
      })
      .withCsrfToken()
      .loginAs(user)
    created.assertStatus(200)
    assert.equal(created.body().object.status, 'PAUSED')
    const usage = await client.get('/api/usage').loginAs(user)
    usage.assertStatus(200)
    assert.strictEqual(usage.body().total, 0)
  })

  test('without the CSRF token a write is refused and nothing reaches Meta', async ({
    client,
    assert,
  }) => {
    const user = await createUser()
    await setPlan(user, 'trafficker')
    await connectMeta(user)
    const before = sandbox.requests.length
    const response = await client
      .post('/api/actions/create_campaign')
      .json({ adAccountId: ACCOUNT, name: 'x', objective: 'OUTCOME_TRAFFIC', confirm: true })
      .loginAs(user)
    response.assertStatus(403)
    assert.equal(response.body().error.code, 'csrf_token_mismatch')
    assert.equal(sandbox.requests.length, before)
  })

  test('signed out answers 401', async ({ client }) => {
    const response = await client.get('/api/actions/list_pages').qs({ adAccountId: ACCOUNT })
    response.assertStatus(401)
  })

  test('the plan gate and ownership apply as on REST and MCP', async ({ client, assert }) => {
    const free = await createUser()
    await connectMeta(free)
    const gated = await client
      .post('/api/actions/duplicate_campaign')
      .json({ campaignId: IDS.aboCampaign })
      .withCsrfToken()
      .loginAs(free)
    gated.assertStatus(403)
    assert.equal(gated.body().error.code, 'plan_upgrade_required')

    const paid = await createUser()
    await setPlan(paid, 'trafficker')
    await connectMeta(paid)
    const foreign = await client
      .post('/api/actions/duplicate_campaign')
      .json({ campaignId: IDS.blairCampaign })
      .withCsrfToken()
      .loginAs(paid)
    foreign.assertStatus(404)
    assert.equal(foreign.body().error.code, 'meta_object_not_owned')
  })

  test('GET on a write answers 405, an unknown action 404', async ({ client, assert }) => {
    const user = await createUser()
    const write = await client.get('/api/actions/create_campaign').loginAs(user)
    write.assertStatus(405)
    assert.equal(write.header('allow'), 'POST')
    const unknown = await client.get('/api/actions/no_such_action').loginAs(user)
    unknown.assertStatus(404)
  })
})
