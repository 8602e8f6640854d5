import { test } from '@japa/runner'
import { createApiKey, createUser, setPlan } from '#tests/helpers/factories'
import { ALEX, BLAIR, IDS, createConnectedUser, freshSandbox } from '#tests/helpers/meta'
import { callTool, connectMcp, textOf } from '#tests/functional/automation/mcp_client'

const EUROPE = ALEX.accounts[1] // EUR, Europe/Paris, spending limit €50,000

/** A connected Trafficker user with an API key. */
async function paidConnectedUser() {
  const user = await createConnectedUser()
  await setPlan(user, 'trafficker')
  const { key } = await createApiKey(user)
  return { user, key }
}

test.group('Spend forecast (get_spend_forecast)', (group) => {
  group.each.setup(async () => {
    await freshSandbox()
  })

  test('gives the sandbox account’s month-to-date spend, limit and active budgets, read through the other Meta actions alike', async ({
    client,
    assert,
  }) => {
    const { key } = await paidConnectedUser()
    const get = (path: string, qs: Record<string, unknown>) =>
      client.get(`/api/v1/meta/${path}`).qs(qs).bearerToken(key)

    const response = await get('get_spend_forecast', { adAccountId: EUROPE })
    response.assertStatus(200)
    const forecast = response.body()

    const { adAccount } = (await get('get_ad_account', { adAccountId: EUROPE })).body()
    const insights = (
      await get('get_insights', { objectId: EUROPE, datePreset: 'this_month', fields: 'spend' })
    ).body()
    const campaigns = (
      await get('list_campaigns', { adAccountId: EUROPE, statuses: 'ACTIVE', limit: '100' })
    ).body().campaigns
    const adSets = (
      await get('list_ad_sets', { adAccountId: EUROPE, statuses: 'ACTIVE', limit: '100' })
    ).body().adSets
    const daily = [...campaigns, ...adSets].reduce(
      (sum: number, object: any) => sum + (object.dailyBudget ?? 0),
      0
    )

    assert.equal(forecast.adAccountId, EUROPE)
    assert.equal(forecast.currency, 'EUR')
    assert.equal(forecast.timezone, 'Europe/Paris')
    assert.equal(forecast.spendCap, 5_000_000)
    assert.equal(forecast.spendCap, adAccount.spendCap)
    assert.equal(forecast.amountSpent, adAccount.amountSpent)
    assert.equal(forecast.monthToDateSpend, insights.rows[0]?.spend ?? 0)
    assert.isAbove(forecast.monthToDateSpend, 0)
    assert.isAbove(daily, 0)
    assert.equal(forecast.budgets.dailyBudgetTotal, daily)
    assert.equal(forecast.spendCapRemaining, Math.max(0, 5_000_000 - adAccount.amountSpent))

    // Month-end projections from those figures.
    // (remainingDays is rounded to 2 decimals in the answer)
    assert.closeTo(
      forecast.budget.projectedMonthSpend,
      forecast.monthToDateSpend + daily * forecast.remainingDays,
      daily * 0.005
    )
    // elapsedDays is rounded to 2 decimals too: in a month's first hours (0.04 days) that alone
    // moves the ratio by up to 0.005 / elapsedDays (12 %; found with the clock at 1 Dec 00:03).
    const paceRatio = (forecast.elapsedDays + forecast.remainingDays) / forecast.elapsedDays
    assert.closeTo(
      forecast.pace.projectedMonthSpend,
      forecast.monthToDateSpend * paceRatio,
      forecast.monthToDateSpend * paceRatio * (0.01 + 0.005 / forecast.elapsedDays)
    )
    assert.isTrue(forecast.month === forecast.asOf.slice(0, 7) || forecast.elapsedDays < 1)
  })

  test('flags a projection that crosses the spending limit', async ({ client, assert }) => {
    const sandbox = await freshSandbox()
    const { key } = await paidConnectedUser()
    const before = await client
      .get('/api/v1/meta/get_spend_forecast')
      .qs({ adAccountId: EUROPE })
      .bearerToken(key)
    const { amountSpent, budgets } = before.body()
    // Room for half a day of the active budgets.
    const cap = amountSpent + Math.floor(budgets.dailyBudgetTotal / 2)
    sandbox.store.accounts.get(EUROPE.slice(4))!.spendCap = cap

    const response = await client
      .get('/api/v1/meta/get_spend_forecast')
      .qs({ adAccountId: EUROPE })
      .bearerToken(key)
    response.assertStatus(200)
    const forecast = response.body()
    assert.equal(forecast.spendCap, cap)
    assert.isFalse(forecast.spendCapReached)
    if (forecast.remainingDays > 0.5) {
      assert.isTrue(forecast.budget.crossesSpendCap)
      const reachedIn = Date.parse(forecast.budget.spendCapReachedAt) - Date.parse(forecast.asOf)
      assert.closeTo(reachedIn, 12 * 3_600_000, 60_000)
    }

    sandbox.store.accounts.get(EUROPE.slice(4))!.spendCap = amountSpent
    const reached = await client
      .get('/api/v1/meta/get_spend_forecast')
      .qs({ adAccountId: EUROPE })
      .bearerToken(key)
    assert.isTrue(reached.body().spendCapReached)
    assert.equal(reached.body().spendCapRemaining, 0)
    assert.isTrue(reached.body().pace.crossesSpendCap)
  })

  test('an account without a spending limit is never flagged; MCP answers alike', async ({
    assert,
  }) => {
    const { key } = await paidConnectedUser()
    const mcp = await connectMcp(key)
    const result = await callTool(mcp, 'get_spend_forecast', { adAccountId: ALEX.accounts[0] })
    await mcp.close()
    assert.notOk(result.isError, textOf(result))
    const forecast = result.structuredContent as any
    assert.equal(forecast.currency, 'USD')
    assert.isNull(forecast.spendCap)
    assert.isNull(forecast.spendCapRemaining)
    assert.isFalse(forecast.pace.crossesSpendCap)
    assert.isFalse(forecast.budget.crossesSpendCap)
    assert.isNull(forecast.budget.spendCapReachedAt)
    // the lifetime-budget ad set is counted apart from the daily budgets
    assert.isAtLeast(forecast.budgets.lifetimeBudgets, 1)
  })

  test('pausing a campaign takes its daily budget out of the budget projection', async ({
    client,
    assert,
  }) => {
    const { key } = await paidConnectedUser()
    const forecastOf = async () =>
      (
        await client
          .get('/api/v1/meta/get_spend_forecast')
          .qs({ adAccountId: ALEX.accounts[0] })
          .bearerToken(key)
      ).body()
    const { campaign } = (
      await client
        .get('/api/v1/meta/get_campaign')
        .qs({ campaignId: IDS.cboCampaign })
        .bearerToken(key)
    ).body()
    assert.isAbove(campaign.dailyBudget, 0)
    const before = await forecastOf()

    const paused = await client
      .post('/api/v1/meta/update_campaign_status')
      .json({ campaignId: IDS.cboCampaign, status: 'PAUSED', confirm: true })
      .bearerToken(key)
    paused.assertStatus(200)
    const after = await forecastOf()
    assert.equal(
      after.budgets.dailyBudgetTotal,
      before.budgets.dailyBudgetTotal - campaign.dailyBudget
    )
    assert.equal(after.budgets.campaigns, before.budgets.campaigns - 1)
  })

  test('refusals: Free plan, Meta not connected, another user’s ad account', async ({ client }) => {
    const free = await createConnectedUser()
    const { key: freeKey } = await createApiKey(free)
    const gated = await client
      .get('/api/v1/meta/get_spend_forecast')
      .qs({ adAccountId: EUROPE })
      .bearerToken(freeKey)
    gated.assertStatus(403)
    gated.assertBodyContains({ error: { code: 'plan_upgrade_required' } })

    const unconnected = await createUser()
    await setPlan(unconnected, 'trafficker')
    const { key: unconnectedKey } = await createApiKey(unconnected)
    const notConnected = await client
      .get('/api/v1/meta/get_spend_forecast')
      .qs({ adAccountId: EUROPE })
      .bearerToken(unconnectedKey)
    notConnected.assertStatus(409)
    notConnected.assertBodyContains({ error: { code: 'meta_not_connected' } })

    const { key } = await paidConnectedUser()
    const notOwned = await client
      .get('/api/v1/meta/get_spend_forecast')
      .qs({ adAccountId: BLAIR.accounts[0] })
      .bearerToken(key)
    notOwned.assertStatus(404)
    notOwned.assertBodyContains({ error: { code: 'meta_object_not_owned' } })

    const invalid = await client
      .get('/api/v1/meta/get_spend_forecast')
      .qs({ adAccountId: 'campaign-1' })
      .bearerToken(key)
    invalid.assertStatus(422)
  })
})
