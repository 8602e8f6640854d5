import { test } from '@japa/runner'
import { DateTime } from 'luxon'
import MetaConnection from '#meta/models/meta_connection'
import { ActionRegistry } from '#registry/action_registry'
import type { MetaSandbox } from '#stand_ins/meta_sandbox/meta_sandbox'
import { metaTools } from '#meta/tools/index'
import { META_WRITE_FEATURE } from '#meta/tools/schemas'
import { createApiKey, createUser, setPlan } from '#tests/helpers/factories'
import {
  ALEX,
  BLAIR,
  IDS,
  connectMeta,
  freshSandbox,
  createConnectedUser,
} from '#tests/helpers/meta'

test.group('Meta status and disconnect (session)', (group) => {
  group.each.setup(async () => {
    await freshSandbox()
  })

  test('a signed-out visitor gets 401 from the status endpoint', async ({ client }) => {
    const response = await client.get('/api/meta/status')
    response.assertStatus(401)
  })

  test('status says Not Connected with nulls when nothing is connected', async ({ client }) => {
    const user = await createUser()
    const response = await client.get('/api/meta/status').loginAs(user)
    response.assertStatus(200)
    response.assertBodyContains({
      connected: false,
      name: null,
      userId: null,
      isLongLived: false,
      expiresAt: null,
    })
  })

  test('status warns that the token expires soon within 7 days of its expiry only', async ({
    client,
    assert,
  }) => {
    const user = await createConnectedUser()
    const connection = await MetaConnection.findByOrFail('userId', user.id)
    const expiresSoonWith = async (expiresAt: DateTime) => {
      connection.expiresAt = expiresAt
      await connection.save()
      const response = await client.get('/api/meta/status').loginAs(user)
      response.assertStatus(200)
      return response.body().expiresSoon
    }
    assert.isTrue(await expiresSoonWith(DateTime.utc().plus({ days: 6, hours: 23 })))
    assert.isFalse(await expiresSoonWith(DateTime.utc().plus({ days: 8 })))
  })

  test('disconnect removes the stored token and revokes the app at Meta', async ({
    client,
    assert,
  }) => {
    const user = await createUser()
    const token = await connectMeta(user, ALEX)
    const sandbox = await freshSandboxKeepingState()
    const response = await client.delete('/api/meta/disconnect').withCsrfToken().loginAs(user)
    response.assertStatus(200)
    response.assertBodyContains({ success: true, disconnected: true, revokedAtMeta: true })
    assert.isNull(await MetaConnection.findBy('userId', user.id))
    assert.equal(sandbox.requests.at(-1)!.method, 'DELETE')
    // The revoked token no longer works at Meta.
    const me = await fetch(`${sandbox.url}/v25.0/me?access_token=${token}`)
    assert.equal(((await me.json()) as any).error.code, 190)
    const status = await client.get('/api/meta/status').loginAs(user)
    status.assertBodyContains({ connected: false })
  })

  test('disconnect still removes the connection when Meta cannot be reached', async ({
    client,
    assert,
  }) => {
    const user = await createConnectedUser()
    const sandbox = await freshSandboxKeepingState()
    sandbox.failNext({ path: 'me/permissions', status: 503 })
    const response = await client.delete('/api/meta/disconnect').withCsrfToken().loginAs(user)
    response.assertStatus(200)
    response.assertBodyContains({ disconnected: true, revokedAtMeta: false })
    assert.isNull(await MetaConnection.findBy('userId', user.id))
  })

  test('the ad accounts endpoint lists what the connection sees', async ({ client, assert }) => {
    const user = await createConnectedUser()
    const response = await client.get('/api/meta/ad-accounts').loginAs(user)
    response.assertStatus(200)
    assert.deepEqual(
      response.body().adAccounts.map((account: any) => account.id),
      ALEX.accounts
    )
  })
})

test.group('Integrator endpoints (/internal/meta)', (group) => {
  group.each.setup(async () => {
    await freshSandbox()
  })

  test('resolve needs a valid API key', async ({ client }) => {
    const response = await client.post('/internal/meta/resolve')
    response.assertStatus(401)
    response.assertBodyContains({ error: { code: 'invalid_api_key' } })
  })

  test('resolve returns the user, plan, counted quota and Meta ad accounts', async ({
    client,
    assert,
  }) => {
    const user = await createUser()
    await setPlan(user, 'trafficker')
    await connectMeta(user, ALEX)
    const { key } = await createApiKey(user)
    const first = await client.post('/internal/meta/resolve').bearerToken(key)
    first.assertStatus(200)
    const body = first.body()
    assert.equal(body.userId, user.id)
    assert.equal(body.plan.id, 'trafficker')
    assert.equal(body.quota.limit, 100_000)
    assert.equal(body.quota.remaining, body.quota.limit - body.quota.used)
    assert.isTrue(body.meta.connected)
    assert.deepEqual(
      body.meta.adAccounts.map((account: any) => account.id),
      ALEX.accounts
    )
    assert.notInclude(JSON.stringify(body), 'EAAS')

    const second = await client.post('/internal/meta/resolve').bearerToken(key)
    assert.equal(second.body().quota.used, body.quota.used + 1)
  })

  test('resolve reports a missing Meta connection without failing', async ({ client }) => {
    const user = await createUser()
    const { key } = await createApiKey(user)
    const response = await client.post('/internal/meta/resolve').bearerToken(key)
    response.assertStatus(200)
    response.assertBodyContains({ meta: { connected: false, adAccounts: [] } })
  })

  test("proxy forwards a read of the user's ad account with the stored Meta token", async ({
    client,
    assert,
  }) => {
    const user = await createConnectedUser()
    const { key } = await createApiKey(user)
    const response = await client
      .post('/internal/meta/proxy')
      .bearerToken(key)
      .json({
        method: 'GET',
        path: '/v25.0/act_100000000001/campaigns',
        params: { fields: 'id,name', limit: 2 },
      })
    response.assertStatus(200)
    assert.lengthOf(response.body().data, 2)
    // The paging link Meta returns carries the token: the proxy strips it.
    assert.isString(response.body().paging.next)
    assert.notInclude(JSON.stringify(response.body()), 'access_token')
    assert.notInclude(JSON.stringify(response.body()), 'EAAS')
    assert.notInclude(JSON.stringify(response.body()), key)
  })

  test('proxy forwards a write on an object the user owns', async ({ client }) => {
    const user = await createConnectedUser()
    await setPlan(user, 'trafficker')
    const { key } = await createApiKey(user)
    const response = await client
      .post('/internal/meta/proxy')
      .bearerToken(key)
      .json({ method: 'POST', path: IDS.aboAdSet, params: { status: 'PAUSED' } })
    response.assertStatus(200)
    response.assertBody({ success: true })
  })

  test('a Free key cannot write through the proxy: same plan gate as the write actions', async ({
    client,
    assert,
  }) => {
    const sandbox = await freshSandbox()
    const user = await createConnectedUser()
    const { key } = await createApiKey(user)
    const action = await client
      .post('/api/v1/meta/update_campaign_status')
      .bearerToken(key)
      .json({ campaignId: IDS.aboCampaign, status: 'PAUSED', confirm: true })
    action.assertStatus(403)
    action.assertBodyContains({ error: { code: 'plan_upgrade_required' } })

    const before = sandbox.requests.length
    const proxied = await client
      .post('/internal/meta/proxy')
      .bearerToken(key)
      .json({ method: 'POST', path: IDS.aboCampaign, params: { status: 'PAUSED' } })
    proxied.assertStatus(403)
    proxied.assertBodyContains({
      error: {
        code: 'plan_upgrade_required',
        feature: action.body().error.feature,
        requiredPlan: action.body().error.requiredPlan,
      },
    })
    assert.equal(sandbox.requests.length, before, 'nothing reached Meta')
    assert.equal(sandbox.store.campaigns.get(IDS.aboCampaign)!.status, 'ACTIVE')

    const read = await client
      .post('/internal/meta/proxy')
      .bearerToken(key)
      .json({ method: 'GET', path: IDS.aboCampaign, params: { fields: 'id,status' } })
    read.assertStatus(200)
    read.assertBodyContains({ id: IDS.aboCampaign, status: 'ACTIVE' })
  })

  test("proxy refuses another user's ad account and objects", async ({ client }) => {
    const user = await createConnectedUser()
    const { key } = await createApiKey(user)
    for (const path of [
      `${BLAIR.accounts[0]}/campaigns`,
      IDS.blairCampaign,
      `${IDS.blairAdSet}/insights`,
    ]) {
      const response = await client
        .post('/internal/meta/proxy')
        .bearerToken(key)
        .json({ method: 'GET', path, params: {} })
      response.assertStatus(403)
      response.assertBodyContains({ error: { code: 'meta_object_not_owned' } })
    }
  })

  test('proxy refuses paths outside the allow-list', async ({ client }) => {
    const user = await createConnectedUser()
    const { key } = await createApiKey(user)
    const cases: Array<[string, number, string]> = [
      ['me', 400, 'meta_proxy_invalid_path'],
      ['me/adaccounts', 400, 'meta_proxy_invalid_path'],
      ['oauth/access_token', 400, 'meta_proxy_invalid_path'],
      ['https://evil.test/act_100000000001', 400, 'meta_proxy_invalid_path'],
      ['act_100000000001/../me', 400, 'meta_proxy_invalid_path'],
      ['act_100000000001/campaigns?access_token=x', 400, 'meta_proxy_invalid_path'],
      ['__sandbox/reset', 400, 'meta_proxy_invalid_path'],
      ['act_100000000001/users', 403, 'meta_proxy_path_not_allowed'],
      [`${IDS.aboCampaign}/leads`, 403, 'meta_proxy_path_not_allowed'],
    ]
    for (const [path, status, code] of cases) {
      const response = await client
        .post('/internal/meta/proxy')
        .bearerToken(key)
        .json({ method: 'GET', path })
      response.assertStatus(status)
      response.assertBodyContains({ error: { code } })
    }
  })

  test('proxy refuses other methods and authentication or method-override parameters', async ({
    client,
  }) => {
    const user = await createConnectedUser()
    const { key } = await createApiKey(user)
    const del = await client
      .post('/internal/meta/proxy')
      .bearerToken(key)
      .json({ method: 'DELETE', path: IDS.aboCampaign })
    del.assertStatus(400)
    del.assertBodyContains({ error: { code: 'meta_proxy_invalid_method' } })
    for (const params of [{ access_token: 'x' }, { method: 'delete' }, { appsecret_proof: 'x' }]) {
      const response = await client
        .post('/internal/meta/proxy')
        .bearerToken(key)
        .json({ method: 'GET', path: IDS.aboCampaign, params })
      response.assertStatus(400)
      response.assertBodyContains({ error: { code: 'meta_proxy_param_not_allowed' } })
    }
  })

  test('each refusal of the proxy is in the document under the status it answers, word for word', async ({
    client,
    assert,
  }) => {
    const user = await createConnectedUser()
    const { key } = await createApiKey(user)
    const document = (await client.get('/api/v1/openapi.json')).body()
    const responses = document.paths['/internal/meta/proxy'].post.responses
    for (const body of [
      { method: 'DELETE', path: IDS.aboCampaign },
      { method: 'GET', path: 'me' },
      { method: 'GET', path: IDS.aboCampaign, params: { access_token: 'x' } },
      { method: 'GET', path: 'act_100000000001/users' },
    ]) {
      const response = await client.post('/internal/meta/proxy').bearerToken(key).json(body)
      const { error } = response.body()
      const documented = responses[String(response.status())]
      assert.exists(documented, `${response.status()} is documented`)
      assert.deepEqual(
        documented.content?.['application/json']?.examples?.[error.code]?.value,
        response.body(),
        `${error.code} (${response.status()})`
      )
    }
  })

  test("proxy passes Meta's refusal through as a mapped error (budget conflict 1885621)", async ({
    client,
  }) => {
    const user = await createConnectedUser()
    await setPlan(user, 'agency')
    const { key } = await createApiKey(user)
    const response = await client
      .post('/internal/meta/proxy')
      .bearerToken(key)
      .json({ method: 'POST', path: IDS.cboAdSet, params: { daily_budget: 5000 } })
    response.assertStatus(400)
    response.assertBodyContains({
      error: { code: 'meta_error', metaCode: 100, metaSubcode: 1885621 },
    })
  })

  test('proxy refuses a body parameter it does not take, naming it', async ({ client }) => {
    const user = await createConnectedUser()
    const { key } = await createApiKey(user)
    const response = await client
      .post('/internal/meta/proxy')
      .bearerToken(key)
      .json({ method: 'GET', path: 'act_100000000001', fields: 'id,name' })
    response.assertStatus(422)
    response.assertBodyContains({
      error: { code: 'validation_failed', field: 'fields', unknownParameters: ['fields'] },
    })
  })

  test('proxy without a Meta connection answers meta_not_connected', async ({ client }) => {
    const user = await createUser()
    const { key } = await createApiKey(user)
    const response = await client
      .post('/internal/meta/proxy')
      .bearerToken(key)
      .json({ method: 'GET', path: 'act_100000000001' })
    response.assertStatus(409)
    response.assertBodyContains({ error: { code: 'meta_not_connected' } })
  })
})

test.group('Meta tool declarations', () => {
  test('every Meta tool builds in the registry with described inputs; writes need automation_tools', ({
    assert,
  }) => {
    const registry = new ActionRegistry(metaTools)
    assert.lengthOf(registry.list(), 38)
    for (const { declaration } of registry.list()) {
      assert.equal(declaration.module, 'meta')
      for (const [field, schema] of Object.entries(declaration.input.shape)) {
        assert.isString(
          (schema as any).description,
          `${declaration.name}.${field} has a description`
        )
      }
      // The proxy's POST checks META_WRITE_FEATURE: every write action must need the same one.
      // Reads are open on every plan, except the spend forecast, an Advanced Analytics figure
      // computed by Adrelay (ADR 0017).
      if (!declaration.annotations.readOnlyHint) {
        assert.equal(declaration.feature, META_WRITE_FEATURE)
      } else if (declaration.name === 'get_spend_forecast') {
        assert.equal(declaration.feature, 'advanced_analytics')
      } else {
        assert.isUndefined(declaration.feature, `${declaration.name} is open on every plan`)
      }
    }
  })

  test('a Free user cannot run a write tool; a Trafficker can preview one through the registry', async ({
    assert,
  }) => {
    await freshSandbox()
    const registry = new ActionRegistry(metaTools)
    const user = await createConnectedUser()
    const refused: any = await registry
      .invoke(
        'update_campaign_status',
        { userId: user.id, planId: 'free', tokenId: null },
        { campaignId: IDS.aboCampaign, status: 'PAUSED' }
      )
      .catch((error: any) => error)
    assert.equal(refused.code, 'plan_upgrade_required')
    const preview: any = await registry.invoke(
      'update_campaign_status',
      { userId: user.id, planId: 'trafficker', tokenId: null },
      { campaignId: IDS.aboCampaign, status: 'PAUSED' }
    )
    assert.isTrue(preview.preview)
  })
})

async function freshSandboxKeepingState() {
  const { default: app } = await import('@adonisjs/core/services/app')
  const { MetaEndpoints } = await import('#meta/services/meta_endpoints')
  return (await app.container.make(MetaEndpoints)).sandbox as MetaSandbox
}
