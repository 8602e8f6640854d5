import { test } from '@japa/runner'
import { createApiKey, createUser } from '#tests/helpers/factories'
import { flushCallLog, setMonthlyUsage } from '#tests/functional/automation/mcp_client'
import { publishedRegistry } from '#automation/registry/published_actions'

test.group('REST API generated from the action registry', () => {
  test('GET /api/v1/usage/get_usage returns the usage including this request', async ({
    client,
    assert,
  }) => {
    const user = await createUser()
    const { key } = await createApiKey(user)

    const response = await client.get('/api/v1/usage/get_usage').bearerToken(key)
    response.assertStatus(200)
    assert.equal(response.body().total, 1)
    assert.equal(response.body().limit, 10_000)
    assert.equal(response.body().remaining, 9_999)
    assert.equal(response.header('ratelimit-remaining'), '9999')
  })

  test('the short URLs /api/v1/me and /api/v1/usage keep working', async ({ client, assert }) => {
    const user = await createUser({ firstName: 'Ada' })
    const { key } = await createApiKey(user)

    const me = await client.get('/api/v1/me').bearerToken(key)
    me.assertStatus(200)
    assert.equal(me.body().email, user.email)
    assert.equal(me.body().firstName, 'Ada')
    assert.deepInclude(me.body().plan, { id: 'free', name: 'Free', requestLimit: 10_000 })
    assert.equal(me.body().quota.used, 1)

    const usage = await client.get('/api/v1/usage').bearerToken(key)
    usage.assertStatus(200)
    assert.equal(usage.body().total, 2)
    assert.equal(usage.body().limit, 10_000)
  })

  test('every read-only action is a GET route and every write a POST route', async ({
    client,
    assert,
  }) => {
    const user = await createUser()
    const { key } = await createApiKey(user)
    for (const action of publishedRegistry().list()) {
      const wrong =
        action.method === 'GET' ? client.post(action.path).json({}) : client.get(action.path)
      const response = await wrong.bearerToken(key)
      response.assertStatus(405)
      assert.equal(response.header('allow'), action.method, action.path)
      assert.equal(response.body().error.code, 'method_not_allowed')
    }
  })

  test('without a key the REST routes answer 401 with a Bearer challenge', async ({
    client,
    assert,
  }) => {
    const response = await client.get('/api/v1/usage/get_usage')
    response.assertStatus(401)
    assert.match(response.header('www-authenticate') ?? '', /^Bearer/)
    assert.equal(response.body().error.code, 'invalid_api_key')
  })

  test('over quota the REST routes answer 429 quota_exceeded', async ({ client, assert }) => {
    const user = await createUser()
    const { key } = await createApiKey(user)
    await setMonthlyUsage(user.id, 10_000)

    const response = await client.get('/api/v1/usage/get_account').bearerToken(key)
    response.assertStatus(429)
    assert.equal(response.body().error.code, 'quota_exceeded')
    assert.exists(response.header('retry-after'))
  })

  test('REST calls appear in recent calls with their path', async ({ client, assert }) => {
    const user = await createUser()
    const { key } = await createApiKey(user)
    await client.get('/api/v1/usage/get_account').bearerToken(key)
    await flushCallLog()

    const recent = await client.get('/api/recent-calls').loginAs(user)
    const calls = recent.body()
    assert.lengthOf(calls, 1)
    assert.equal(calls[0].method, 'GET')
    assert.equal(calls[0].endpoint, '/api/v1/usage/get_account')
  })
})
