import { test } from '@japa/runner'
import app from '@adonisjs/core/services/app'
import db from '@adonisjs/lucid/services/db'
import { generateApiKey } from '#keys/services/api_key_format'
import { CallLog } from '#usage/services/call_log'
import { billingPeriodAt } from '#usage/services/billing_period'
import ApiToken from '#keys/models/api_token'
import User from '#accounts/models/user'
import { DateTime } from 'luxon'
import { createApiKey, createUser, setPlan } from '#tests/helpers/factories'
import { flushCallLog, setUsage } from '#tests/helpers/usage'

test.group('Metered API: authentication', () => {
  test('no Authorization header answers 401 with WWW-Authenticate: Bearer', async ({ client }) => {
    const response = await client.get('/api/v1/usage')
    response.assertStatus(401)
    response.assertHeader('www-authenticate', 'Bearer realm="adrelay"')
    response.assertBodyContains({ error: { code: 'invalid_api_key' } })
  })

  test('a key failing its checksum is rejected without any database query', async ({
    client,
    assert,
  }) => {
    const real = generateApiKey()
    const forged = real.slice(0, -1) + (real.endsWith('A') ? 'B' : 'A')
    // Calls of earlier tests still buffered would be written (last_used_at) while we listen.
    await flushCallLog()
    const queries: string[] = []
    const knex = db.connection().getWriteClient()
    const listener = (query: { sql: string }) => queries.push(query.sql)
    knex.on('query', listener)
    try {
      const response = await client.get('/api/v1/usage').bearerToken(forged)
      response.assertStatus(401)
      response.assertBodyContains({ error: { code: 'invalid_api_key' } })
    } finally {
      knex.removeListener('query', listener)
    }
    assert.deepEqual(
      queries.filter((sql) => sql.includes('api_tokens')),
      []
    )
  })

  test('a well-formed but unknown key answers 401', async ({ client }) => {
    const response = await client.get('/api/v1/usage').bearerToken(generateApiKey())
    response.assertStatus(401)
    response.assertBodyContains({ error: { code: 'invalid_api_key' } })
  })

  test("a suspended user's key answers 403 account_suspended", async ({ client }) => {
    const user = await createUser()
    const { key } = await createApiKey(user)
    user.suspendedAt = DateTime.utc()
    await user.save()
    const response = await client.get('/api/v1/usage').bearerToken(key)
    response.assertStatus(403)
    response.assertBodyContains({ error: { code: 'account_suspended' } })
  })
})

test.group('Metered API: quota', () => {
  test('GET /api/v1/usage counts the request and carries RateLimit headers', async ({
    client,
    assert,
  }) => {
    const user = await createUser()
    const { key } = await createApiKey(user)
    await setUsage(user.id, 41)
    const response = await client.get('/api/v1/usage').bearerToken(key)
    response.assertStatus(200)
    const { period, resetsAt } = billingPeriodAt()
    assert.containsSubset(response.body(), {
      total: 42,
      limit: 10000,
      remaining: 9958,
      period,
      resetsAt: resetsAt.toISOString(),
    })
    response.assertHeader('ratelimit-limit', '10000')
    response.assertHeader('ratelimit-remaining', '9958')
    const reset = Number(response.header('ratelimit-reset'))
    assert.closeTo(reset, (resetsAt.getTime() - Date.now()) / 1000, 5)
  })

  test('GET /api/v1/me describes the account, plan and quota', async ({ client, assert }) => {
    const user = await createUser({ email: 'api.me@example.test' })
    await setPlan(user, 'trafficker')
    const { key } = await createApiKey(user)
    const response = await client.get('/api/v1/me').bearerToken(key)
    response.assertStatus(200)
    assert.containsSubset(response.body(), {
      id: user.id,
      email: 'api.me@example.test',
      plan: { id: 'trafficker', name: 'Trafficker', requestLimit: 100000 },
      quota: { used: 1, limit: 100000, remaining: 99999 },
    })
  })

  test('over quota answers 429 quota_exceeded with Retry-After', async ({ client, assert }) => {
    const user = await createUser()
    const { key } = await createApiKey(user)
    await setUsage(user.id, 10000)
    const response = await client.get('/api/v1/usage').bearerToken(key)
    response.assertStatus(429)
    const { resetsAt } = billingPeriodAt()
    assert.containsSubset(response.body(), {
      error: {
        code: 'quota_exceeded',
        limit: 10000,
        used: 10000,
        resetsAt: resetsAt.toISOString(),
      },
    })
    assert.isAbove(Number(response.header('retry-after')), 0)
    response.assertHeader('ratelimit-remaining', '0')
  })

  test('with 50 requests left, exactly 50 of 200 concurrent requests succeed', async ({
    client,
    assert,
  }) => {
    const user = await createUser()
    const { key } = await createApiKey(user)
    await setUsage(user.id, 10000 - 50)
    const responses = await Promise.all(
      Array.from({ length: 200 }, () => client.get('/api/v1/usage').bearerToken(key))
    )
    const statuses = responses.map((response) => response.status())
    assert.equal(statuses.filter((status) => status === 200).length, 50)
    assert.equal(statuses.filter((status) => status === 429).length, 150)
    const after = await client.get('/api/v1/usage').bearerToken(key)
    after.assertStatus(429)
    assert.equal(after.body().error.used, 10000)
  })

  test('an upgraded plan raises the limit for the next request', async ({ client }) => {
    const user = await createUser()
    const { key } = await createApiKey(user)
    await setUsage(user.id, 10000)
    ;(await client.get('/api/v1/usage').bearerToken(key)).assertStatus(429)
    await setPlan(user, 'agency')
    const { ApiKeyVerifier } = await import('#keys/services/api_key_verifier')
    ;(await app.container.make(ApiKeyVerifier)).forgetUser(user.id)
    const response = await client.get('/api/v1/usage').bearerToken(key)
    response.assertStatus(200)
    response.assertBodyContains({ limit: 1000000, total: 10001 })
  })
})

test.group('Metered API: call log', () => {
  test('calls and last use are written in a batch after the responses', async ({
    client,
    assert,
  }) => {
    const user = await createUser()
    const { key, record } = await createApiKey(user)
    const callLog = await app.container.make(CallLog)
    await callLog.flush()

    await client.get('/api/v1/usage').bearerToken(key)
    await client.get('/api/v1/me').bearerToken(key)
    await client.get('/api/v1/usage?x=1').bearerToken(key)

    const beforeFlush = await db.from('api_calls').where('user_id', user.id).count('* as total')
    assert.equal(Number(beforeFlush[0].total), 0)
    assert.isAtLeast(callLog.pending, 3)

    await callLog.flush()
    const rows = await db
      .from('api_calls')
      .where('user_id', user.id)
      .orderBy('id', 'asc')
      .select('method', 'endpoint', 'status_code', 'token_id', 'response_time_ms')
    assert.deepEqual(
      rows.map((row) => [row.method, row.endpoint, Number(row.status_code), Number(row.token_id)]),
      [
        ['GET', '/api/v1/usage', 200, record.id],
        ['GET', '/api/v1/me', 200, record.id],
        // get_usage takes no `x` (refused, 422); the endpoint is logged without its query.
        ['GET', '/api/v1/usage', 422, record.id],
      ]
    )
    assert.isTrue(rows.every((row) => Number(row.response_time_ms) >= 0))
    const token = await ApiToken.findOrFail(record.id)
    assert.isNotNull(token.lastUsedAt)

    const recent = await client.get('/api/recent-calls').loginAs(user)
    recent.assertStatus(200)
    assert.lengthOf(recent.body(), 3)
    assert.containsSubset(recent.body()[0], {
      method: 'GET',
      endpoint: '/api/v1/usage',
      statusCode: 422,
    })
  })

  test('refused and failed calls are logged with the status the client received', async ({
    client,
    assert,
  }) => {
    const user = await createUser()
    const { key } = await createApiKey(user)
    const callLog = await app.container.make(CallLog)
    await callLog.flush()

    const gated = await client
      .post('/api/v1/meta/update_campaign_status')
      .json({ campaignId: '1', status: 'PAUSED' })
      .bearerToken(key)
    gated.assertStatus(403)
    const invalid = await client.get('/api/v1/meta/list_campaigns').bearerToken(key)
    invalid.assertStatus(422)
    await setUsage(user.id, 10000)
    const refused = await client.get('/api/v1/usage').bearerToken(key)
    refused.assertStatus(429)

    await callLog.flush()
    const rows = await db
      .from('api_calls')
      .where('user_id', user.id)
      .orderBy('id', 'asc')
      .select('method', 'endpoint', 'status_code')
    assert.deepEqual(
      rows.map((row) => [row.method, row.endpoint, Number(row.status_code)]),
      [
        ['POST', '/api/v1/meta/update_campaign_status', 403],
        ['GET', '/api/v1/meta/list_campaigns', 422],
        ['GET', '/api/v1/usage', 429],
      ]
    )
  })

  test('GET /api/recent-calls returns the latest 10 by default and at most 100', async ({
    client,
    assert,
  }) => {
    const user = await createUser()
    const now = Date.now()
    await db.table('api_calls').multiInsert(
      Array.from({ length: 120 }, (_, index) => ({
        user_id: user.id,
        method: 'GET',
        endpoint: `/api/v1/call/${index}`,
        status_code: 200,
        response_time_ms: 5,
        created_at: DateTime.fromMillis(now - (120 - index) * 60_000)
          .toUTC()
          .toFormat('yyyy-MM-dd HH:mm:ss'),
      }))
    )
    const byDefault = await client.get('/api/recent-calls').loginAs(user)
    assert.lengthOf(byDefault.body(), 10)
    assert.equal(byDefault.body()[0].endpoint, '/api/v1/call/119')
    const many = await client.get('/api/recent-calls?limit=100').loginAs(user)
    assert.lengthOf(many.body(), 100)
    const tooMany = await client.get('/api/recent-calls?limit=101').loginAs(user)
    tooMany.assertStatus(422)
  })

  test('GET /api/usage returns the month total and limit for the session user', async ({
    client,
    assert,
  }) => {
    const user = await createUser()
    await setUsage(user.id, 123)
    const response = await client.get('/api/usage').loginAs(user)
    response.assertStatus(200)
    assert.containsSubset(response.body(), { total: 123, limit: 10000 })
    const anonymous = await client.get('/api/usage')
    anonymous.assertStatus(401)
  })
})

test.group('Bad input', () => {
  test('malformed JSON answers 400 invalid_json', async ({ assert }) => {
    // Sent with fetch: the API client would re-encode a raw string body.
    const response = await fetch(`http://${process.env.HOST}:${process.env.PORT}/api/login/dev`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"email": ',
    })
    assert.equal(response.status, 400)
    assert.deepEqual(await response.json(), {
      error: { code: 'invalid_json', message: 'The request body is not valid JSON.' },
    })
  })

  test('a wrong type answers 422 validation_failed naming the field', async ({
    client,
    assert,
  }) => {
    const user = await createUser()
    const response = await client
      .post('/api/tokens')
      .json({ name: { nested: true } })
      .withCsrfToken()
      .loginAs(user)
    response.assertStatus(422)
    assert.equal(response.body().error.fields[0].field, 'name')
  })

  test('a body over 1 MB answers 413 payload_too_large', async ({ client }) => {
    const user = await createUser()
    const response = await client
      .post('/api/tokens')
      .json({ name: 'x'.repeat(1_100_000) })
      .withCsrfToken()
      .loginAs(user)
    response.assertStatus(413)
    response.assertBodyContains({ error: { code: 'payload_too_large' } })
  })

  test('an unknown /api route answers 404 JSON', async ({ client }) => {
    const response = await client.get('/api/does-not-exist')
    response.assertStatus(404)
    response.assertBody({ error: { code: 'route_not_found', message: 'No such endpoint.' } })
  })

  test('an unknown metered route answers 404 JSON even with a valid key', async ({ client }) => {
    const user = await createUser()
    const { key } = await createApiKey(user)
    const response = await client.get('/api/v1/nothing-here').bearerToken(key)
    response.assertStatus(404)
    response.assertBodyContains({ error: { code: 'route_not_found' } })
  })

  test('a non-numeric token id answers 422, not 500', async ({ client }) => {
    const user = await User.create({ email: 'badid@example.test', role: 'user' })
    const response = await client.delete('/api/tokens/abc').withCsrfToken().loginAs(user)
    response.assertStatus(422)
  })
})

test.group('Call log retention', () => {
  test('records older than the retention period are pruned, newer ones kept', async ({
    assert,
  }) => {
    const user = await createUser()
    const stamp = (daysAgo: number) =>
      DateTime.utc().minus({ days: daysAgo }).toFormat('yyyy-MM-dd HH:mm:ss')
    await db.table('api_calls').multiInsert(
      [91, 89, 1].map((daysAgo) => ({
        user_id: user.id,
        method: 'GET',
        endpoint: `/api/v1/usage?ago=${daysAgo}`,
        status_code: 200,
        response_time_ms: 3,
        created_at: stamp(daysAgo),
      }))
    )
    const callLog = await app.container.make(CallLog)
    assert.isAtLeast(await callLog.prune(), 1)
    const left = await db.from('api_calls').where('user_id', user.id).select('endpoint')
    assert.sameMembers(
      left.map((row) => row.endpoint),
      ['/api/v1/usage?ago=89', '/api/v1/usage?ago=1']
    )
  })
})
