import { test } from '@japa/runner'
import { createApiKey, createUser, setPlan } from '#tests/helpers/factories'
import { ALEX, IDS, connectMeta, freshSandbox, createConnectedUser } from '#tests/helpers/meta'

const ACCOUNT = ALEX.accounts[0]

test.group('REST routes backed by the Meta module (sandbox)', (group) => {
  group.each.setup(async () => {
    await freshSandbox()
  })

  test('GET /api/v1/meta/list_campaigns takes query parameters coerced per schema', async ({
    client,
    assert,
  }) => {
    const user = await createConnectedUser()
    const { key } = await createApiKey(user)

    const response = await client
      .get('/api/v1/meta/list_campaigns')
      .qs({ adAccountId: ACCOUNT, limit: '2', statuses: 'ACTIVE,PAUSED' })
      .bearerToken(key)
    response.assertStatus(200)
    assert.lengthOf(response.body().campaigns, 2)
    assert.isString(response.body().paging.after)
  })

  test('parameters an action does not take are refused with 422 naming them, at any depth', async ({
    client,
    assert,
  }) => {
    const user = await createUser()
    await setPlan(user, 'trafficker')
    await connectMeta(user)
    const { key } = await createApiKey(user)

    const query = await client
      .get('/api/v1/meta/list_campaigns')
      .qs({ adAccountId: ACCOUNT, status: 'ACTIVE' })
      .bearerToken(key)
    query.assertStatus(422)
    query.assertBodyContains({ error: { code: 'validation_failed', field: 'status' } })
    assert.match(
      query.body().error.message,
      /Unknown parameter: status\. Accepted: adAccountId, statuses/
    )

    const nested = await client
      .get('/api/v1/meta/get_insights')
      .qs({ objectId: ACCOUNT, timeRange: { since: '2026-01-01', until: '2026-01-02', to: 'x' } })
      .bearerToken(key)
    nested.assertStatus(422)
    nested.assertBodyContains({ error: { code: 'validation_failed', field: 'timeRange.to' } })

    const body = await client
      .post('/api/v1/meta/update_campaign_status')
      .json({ campaignId: IDS.aboCampaign, status: 'PAUSED', confirmed: true })
      .bearerToken(key)
    body.assertStatus(422)
    body.assertBodyContains({
      error: { code: 'validation_failed', field: 'confirmed', unknownParameters: ['confirmed'] },
    })
  })

  test('POST /api/v1/meta/update_campaign_status previews, then applies with confirm', async ({
    client,
    assert,
  }) => {
    const user = await createUser()
    await setPlan(user, 'trafficker')
    await connectMeta(user)
    const { key } = await createApiKey(user)
    const statusOf = async () => {
      const list = await client
        .get('/api/v1/meta/list_campaigns')
        .qs({ adAccountId: ACCOUNT, limit: '100' })
        .bearerToken(key)
      return list.body().campaigns.find((campaign: any) => campaign.id === IDS.aboCampaign).status
    }

    const preview = await client
      .post('/api/v1/meta/update_campaign_status')
      .json({ campaignId: IDS.aboCampaign, status: 'PAUSED' })
      .bearerToken(key)
    preview.assertStatus(200)
    assert.isTrue(preview.body().preview)
    assert.equal(await statusOf(), 'ACTIVE')

    const applied = await client
      .post('/api/v1/meta/update_campaign_status')
      .json({ campaignId: IDS.aboCampaign, status: 'PAUSED', confirm: true })
      .bearerToken(key)
    applied.assertStatus(200)
    assert.isTrue(applied.body().applied)
    assert.equal(await statusOf(), 'PAUSED')
  })

  test('invalid input answers 422 validation_failed naming the field', async ({
    client,
    assert,
  }) => {
    const user = await createConnectedUser()
    const { key } = await createApiKey(user)

    const response = await client
      .get('/api/v1/meta/list_campaigns')
      .qs({ limit: 'ten' })
      .bearerToken(key)
    response.assertStatus(422)
    assert.equal(response.body().error.code, 'validation_failed')
    assert.equal(response.body().error.field, 'adAccountId')
  })

  test('a Free user calling a gated action gets 403 plan_upgrade_required', async ({
    client,
    assert,
  }) => {
    const user = await createConnectedUser()
    const { key } = await createApiKey(user)

    const response = await client
      .post('/api/v1/meta/update_campaign_status')
      .json({ campaignId: IDS.aboCampaign, status: 'PAUSED', confirm: true })
      .bearerToken(key)
    response.assertStatus(403)
    assert.equal(response.body().error.code, 'plan_upgrade_required')
    assert.equal(response.body().error.requiredPlan, 'trafficker')
  })
})
