import { test } from '@japa/runner'
import type { ApiClient } from '@japa/api-client'
import { createApiKey, createUser, setPlan } from '#tests/helpers/factories'
import { ALEX, IDS, connectMeta, freshSandbox } from '#tests/helpers/meta'
import { callTool, connectMcp } from '#tests/functional/automation/mcp_client'

/** A Trafficker connected to the sandbox as Alex, with an API key. */
async function trafficker() {
  const user = await createUser()
  await setPlan(user, 'trafficker')
  await connectMeta(user)
  const { key } = await createApiKey(user)
  return { user, key }
}

type Caller = Awaited<ReturnType<typeof trafficker>>

/** The same write through each surface: REST (optionally as the CLI), the web session, MCP. */
function surfaces(client: ApiClient, { user, key }: Caller) {
  return {
    rest: (name: string, input: Record<string, unknown>, userAgent?: string) => {
      const request = client.post(`/api/v1/meta/${name}`).json(input).bearerToken(key)
      return userAgent ? request.header('User-Agent', userAgent) : request
    },
    web: (name: string, input: Record<string, unknown>) =>
      client.post(`/api/actions/${name}`).json(input).withCsrfToken().loginAs(user),
  }
}

const CLI_AGENT = 'adrelay-cli/0.1.0 node/20.19.0'
const PAUSE = { campaignId: IDS.aboCampaign, status: 'PAUSED' }

test.group('Previews speak each surface and the user’s units', (group) => {
  group.each.setup(async () => {
    await freshSandbox()
  })

  test('how to confirm a preview is worded for the web, the CLI, REST and MCP', async ({
    client,
    assert,
  }) => {
    const caller = await trafficker()
    const on = surfaces(client, caller)

    const web = (await on.web('update_campaign_status', PAUSE)).body().message
    assert.equal(web, 'Preview only: nothing was sent to Meta. Confirm to apply.')
    const cli = (await on.rest('update_campaign_status', PAUSE, CLI_AGENT)).body().message
    assert.include(cli, 'Run the command again with --yes to apply.')
    assert.notInclude(cli, 'confirm: true')
    const rest = (await on.rest('update_campaign_status', PAUSE)).body().message
    assert.include(rest, 'Call again with confirm: true to apply.')

    const mcp = await connectMcp(caller.key)
    const tool = await callTool(mcp, 'update_campaign_status', PAUSE)
    assert.include((tool.structuredContent as any).message, 'Call again with confirm: true')
    await mcp.close()

    // A creation's preview too, and nothing to confirm says nothing about confirming.
    const created = await on.web('create_campaign', {
      adAccountId: ALEX.accounts[0],
      name: 'Spring',
      objective: 'OUTCOME_SALES',
    })
    assert.equal(created.body().message, 'Preview only: nothing was created. Confirm to apply.')
    const same = await on.web('update_campaign_status', { ...PAUSE, status: 'ACTIVE' })
    assert.equal(same.body().message, 'Nothing would change: the values are already set.')
  })

  test('the 10× budget guard says what to do on each surface, in the account currency', async ({
    client,
    assert,
  }) => {
    const on = surfaces(client, await trafficker())
    const input = { adSetId: IDS.aboAdSet, dailyBudget: 50_001 }

    const web = await on.web('update_ad_set_budget', input)
    web.assertStatus(422)
    assert.equal(web.body().error.code, 'meta_budget_increase_too_large')
    assert.equal(
      web.body().error.message,
      'The new daily budget, $500.01, is more than 10 × the current one ($50.00). If that is intended, press “Preview with more than 10× allowed”, check the new preview, then confirm.'
    )
    assert.deepEqual(web.body().error.retryWith, { force: true })
    const cli = await on.rest('update_ad_set_budget', input, CLI_AGENT)
    assert.match(cli.body().error.message, /run the command again with --force\.$/)
    const rest = await on.rest('update_ad_set_budget', input)
    assert.match(rest.body().error.message, /call again with force: true\.$/)
  })

  test('preview changes carry labels and values in words and the account currency', async ({
    client,
    assert,
  }) => {
    const on = surfaces(client, await trafficker())
    const textOf = (body: any, field: string) =>
      body.changes.find((change: any) => change.field === field)

    const campaign = await on.rest('create_campaign', {
      adAccountId: ALEX.accounts[0],
      name: 'Spring',
      objective: 'OUTCOME_SALES',
      specialAdCategories: ['HOUSING'],
    })
    assert.containsSubset(textOf(campaign.body(), 'objective'), {
      label: 'Objective',
      after: 'OUTCOME_SALES',
      afterText: 'Sales',
    })
    assert.equal(textOf(campaign.body(), 'status').afterText, 'Paused')
    assert.equal(textOf(campaign.body(), 'special_ad_categories').afterText, 'Housing')

    const adSet = await on.rest('create_ad_set', {
      campaignId: IDS.aboCampaign,
      name: 'Hikers',
      optimizationGoal: 'LINK_CLICKS',
      dailyBudget: 4000,
      targeting: {
        geo_locations: { countries: ['US', 'CA'] },
        age_min: 25,
        age_max: 54,
        interests: [{ id: '6003139266461', name: 'Hiking' }],
      },
    })
    adSet.assertStatus(200)
    assert.containsSubset(textOf(adSet.body(), 'daily_budget'), {
      label: 'Daily budget',
      beforeText: null,
      after: '4000',
      afterText: '$40.00/day',
    })
    assert.equal(textOf(adSet.body(), 'optimization_goal').afterText, 'Link clicks')
    assert.equal(
      textOf(adSet.body(), 'targeting').afterText,
      'United States, Canada · ages 25–54 · interests: Hiking · Advantage+ audience off'
    )

    const budget = await on.rest('update_ad_set_budget', {
      adSetId: IDS.aboAdSet,
      dailyBudget: 6500,
    })
    assert.containsSubset(textOf(budget.body(), 'daily_budget'), {
      beforeText: '$50.00/day',
      afterText: '$65.00/day',
    })
  })
})
