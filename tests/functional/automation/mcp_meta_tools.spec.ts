import { test } from '@japa/runner'
import { createApiKey, createUser, setPlan } from '#tests/helpers/factories'
import { ALEX, IDS, connectMeta, freshSandbox, createConnectedUser } from '#tests/helpers/meta'
import { callTool, connectMcp, textOf } from '#tests/functional/automation/mcp_client'

const ACCOUNT = ALEX.accounts[0]

async function campaignStatus(client: Awaited<ReturnType<typeof connectMcp>>, campaignId: string) {
  const result = await callTool(client, 'list_campaigns', { adAccountId: ACCOUNT, limit: 100 })
  const campaigns = (result.structuredContent as any).campaigns as Array<{
    id: string
    status: string
  }>
  return campaigns.find((campaign) => campaign.id === campaignId)?.status
}

test.group('MCP tools backed by the Meta module (sandbox)', (group) => {
  group.each.setup(async () => {
    await freshSandbox()
  })

  test('a tools/call argument the tool does not take is refused, naming it', async ({ assert }) => {
    const user = await createConnectedUser()
    const { key } = await createApiKey(user)
    const client = await connectMcp(key)
    const result = await callTool(client, 'list_campaigns', {
      adAccountId: ACCOUNT,
      status: 'ACTIVE',
    })
    assert.isTrue(result.isError)
    assert.match(textOf(result), /^validation_failed/)
    assert.include(textOf(result), 'Unknown parameter: status')
  })

  test('read tools return the connected Meta account data', async ({ assert }) => {
    const user = await createConnectedUser()
    const { key } = await createApiKey(user)
    const client = await connectMcp(key)

    const connection = await callTool(client, 'get_meta_connection')
    assert.notOk(connection.isError, textOf(connection))

    const accounts = await callTool(client, 'list_ad_accounts')
    assert.notOk(accounts.isError, textOf(accounts))
    const ids = (
      (accounts.structuredContent as any).adAccounts ?? (accounts.structuredContent as any).accounts
    ).map((account: any) => account.id)
    assert.includeMembers(ids, ALEX.accounts)

    const campaigns = await callTool(client, 'list_campaigns', { adAccountId: ACCOUNT })
    assert.notOk(campaigns.isError, textOf(campaigns))
    assert.include(
      (campaigns.structuredContent as any).campaigns.map((campaign: any) => campaign.id),
      IDS.cboCampaign
    )
    await client.close()
  })

  test('a write previews, then with confirm: true changes what a later read shows', async ({
    assert,
  }) => {
    const user = await createUser()
    await setPlan(user, 'trafficker')
    await connectMeta(user)
    const { key } = await createApiKey(user)
    const client = await connectMcp(key)

    const preview = await callTool(client, 'update_campaign_status', {
      campaignId: IDS.aboCampaign,
      status: 'PAUSED',
    })
    assert.notOk(preview.isError, textOf(preview))
    assert.isTrue((preview.structuredContent as any).preview)
    assert.containsSubset((preview.structuredContent as any).changes, [
      { field: 'status', before: 'ACTIVE', after: 'PAUSED', afterText: 'Paused' },
    ])
    assert.equal(await campaignStatus(client, IDS.aboCampaign), 'ACTIVE')

    const applied = await callTool(client, 'update_campaign_status', {
      campaignId: IDS.aboCampaign,
      status: 'PAUSED',
      confirm: true,
    })
    assert.notOk(applied.isError, textOf(applied))
    assert.isTrue((applied.structuredContent as any).applied)
    assert.equal(await campaignStatus(client, IDS.aboCampaign), 'PAUSED')
    await client.close()
  })

  test('invalid arguments come back as a tool error naming the field', async ({ assert }) => {
    const user = await createConnectedUser()
    const { key } = await createApiKey(user)
    const client = await connectMcp(key)

    const result = await callTool(client, 'list_campaigns', { limit: 'ten' })
    assert.isTrue(result.isError)
    assert.match(textOf(result), /^validation_failed: adAccountId: /)
    const body = JSON.parse((result.content[1] as any).text)
    assert.sameMembers(
      body.error.fields.map((field: any) => field.field),
      ['adAccountId', 'limit']
    )
    await client.close()
  })

  test('a Free user calling a gated tool gets plan_upgrade_required naming Trafficker', async ({
    assert,
  }) => {
    const user = await createConnectedUser()
    const { key } = await createApiKey(user)
    const client = await connectMcp(key)

    const result = await callTool(client, 'update_campaign_status', {
      campaignId: IDS.aboCampaign,
      status: 'PAUSED',
      confirm: true,
    })
    assert.isTrue(result.isError)
    assert.match(textOf(result), /^plan_upgrade_required: .*Trafficker plan/)
    assert.equal(JSON.parse((result.content[1] as any).text).error.requiredPlan, 'trafficker')
    assert.equal(await campaignStatus(client, IDS.aboCampaign), 'ACTIVE')
    await client.close()
  })

  test('without a Meta connection the Meta tools say how to connect', async ({ assert }) => {
    const user = await createUser()
    const { key } = await createApiKey(user)
    const client = await connectMcp(key)

    const result = await callTool(client, 'list_ad_accounts')
    assert.isTrue(result.isError)
    assert.match(textOf(result), /^meta_not_connected: /)
    await client.close()
  })
})
