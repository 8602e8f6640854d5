import { DateTime } from 'luxon'
import { test } from '@japa/runner'
import db from '@adonisjs/lucid/services/db'
import type { ApiClient } from '@japa/api-client'
import { toDbTimestamp } from '#shared/db_time'
import { createApiKey, createUser, setPlan } from '#tests/helpers/factories'
import { setKeyUsage, setUsage } from '#tests/helpers/usage'
import { ALEX, BLAIR, createConnectedUser, freshSandbox } from '#tests/helpers/meta'
import type User from '#accounts/models/user'

const PORTAL = 'http://127.0.0.1:4100'
const OTHER = 'https://evil.example'

/** An Agency (or `plan`) user, an API key, and an embed session minted with it. */
async function mint(
  client: ApiClient,
  body: Record<string, unknown> = {},
  options: { user?: User; plan?: 'trafficker' | 'agency' } = {}
) {
  const user = options.user ?? (await createUser())
  await setPlan(user, options.plan ?? 'agency')
  const { key } = await createApiKey(user, 'agency server')
  const response = await client
    .post('/api/v1/embed/sessions')
    .bearerToken(key)
    .json({
      components: ['quota', 'usage', 'recent_calls', 'keys'],
      allowedOrigins: [PORTAL],
      ...body,
    })
  response.assertStatus(201)
  const { id, clientSecret, expiresAt } = response.body() as {
    id: string
    clientSecret: string
    expiresAt: string
  }
  return { user, key, id, clientSecret, expiresAt }
}

function read(client: ApiClient, id: string, component: string, secret: string, origin = PORTAL) {
  return client.get(`/embed/v1/${id}/${component}`).header('origin', origin).bearerToken(secret)
}

test.group('Embed sessions: minting', (group) => {
  group.each.setup(async () => {
    await freshSandbox()
  })

  test('a paid account mints {id, clientSecret, expiresAt}; only the hash is stored', async ({
    client,
    assert,
  }) => {
    const { id, clientSecret, user } = await mint(client, { ttlSeconds: 600 })
    assert.match(id, /^es_/)
    assert.isTrue(clientSecret.startsWith(`${id}_secret_`))
    const row = await db.from('embed_sessions').where('public_id', id).first()
    assert.notInclude(JSON.stringify(row), clientSecret.split('_secret_')[1])
    assert.equal(row.user_id, user.id)
    const listed = await client
      .get('/api/v1/embed/sessions')
      .bearerToken((await createApiKey(user)).key)
    assert.equal(listed.body()[0].id, id)
    assert.equal(listed.body()[0].status, 'active')
    assert.notProperty(listed.body()[0], 'clientSecret')
  })

  test('the Free plan is refused with plan_upgrade_required', async ({ client }) => {
    const user = await createUser()
    const { key } = await createApiKey(user)
    const response = await client
      .post('/api/v1/embed/sessions')
      .bearerToken(key)
      .json({ components: ['quota'], allowedOrigins: [PORTAL] })
    response.assertStatus(403)
    response.assertBodyContains({
      error: { code: 'plan_upgrade_required', feature: 'embed_widgets' },
    })
  })

  test('hiding "Powered by Adrelay" needs the Agency plan', async ({ client }) => {
    const user = await createUser()
    await setPlan(user, 'trafficker')
    const { key } = await createApiKey(user)
    const response = await client
      .post('/api/v1/embed/sessions')
      .bearerToken(key)
      .json({ components: ['quota'], allowedOrigins: [PORTAL], hidePoweredBy: true })
    response.assertStatus(403)
    response.assertBodyContains({
      error: { code: 'plan_upgrade_required', requiredPlan: 'agency' },
    })
  })

  test('a request from a browser (Origin header) is refused', async ({ client }) => {
    const user = await createUser()
    await setPlan(user, 'agency')
    const { key } = await createApiKey(user)
    const response = await client
      .post('/api/v1/embed/sessions')
      .header('origin', PORTAL)
      .bearerToken(key)
      .json({ components: ['quota'], allowedOrigins: [PORTAL] })
    response.assertStatus(403)
    response.assertBodyContains({ error: { code: 'embed_session_from_browser' } })
  })

  test('bad input answers 422: unknown component, ttl over 3600, origin with a path, http', async ({
    client,
  }) => {
    const user = await createUser()
    await setPlan(user, 'agency')
    const { key } = await createApiKey(user)
    for (const body of [
      { components: ['charts'], allowedOrigins: [PORTAL] },
      { components: ['quota'], allowedOrigins: [PORTAL], ttlSeconds: 3601 },
      { components: ['quota'], allowedOrigins: ['https://portal.example/app'] },
      { components: ['quota'], allowedOrigins: ['http://portal.example'] },
      { components: ['campaign_performance'], allowedOrigins: [PORTAL] },
    ]) {
      const response = await client.post('/api/v1/embed/sessions').bearerToken(key).json(body)
      response.assertStatus(422)
      response.assertBodyContains({ error: { code: 'validation_failed' } })
    }
  })

  test('an origin pattern or anything but an exact origin is refused with 422, and nothing is stored', async ({
    client,
    assert,
  }) => {
    const user = await createUser()
    await setPlan(user, 'agency')
    const { key } = await createApiKey(user)
    const cases: Array<[string, string]> = [
      ['https://*.example.com', 'origin_pattern'],
      ['https://portal.*', 'origin_pattern'],
      ['*', 'origin_pattern'],
      ['https://portal.example.com/embed', 'origin'],
      ['https://portal.example.com?x=1', 'origin'],
      ['https://user@portal.example.com', 'origin'],
      ['https://portal..example.com', 'origin'],
      ['https://port al.example.com', 'origin'],
      ['portal.example.com', 'origin'],
    ]
    for (const [origin, rule] of cases) {
      const response = await client
        .post('/api/v1/embed/sessions')
        .bearerToken(key)
        .json({ components: ['quota'], allowedOrigins: [PORTAL, origin] })
      response.assertStatus(422)
      response.assertBodyContains({
        error: { code: 'validation_failed', field: 'allowedOrigins.1', fields: [{ rule }] },
      })
    }
    const wildcard = await client
      .post('/api/v1/embed/sessions')
      .bearerToken(key)
      .json({ components: ['quota'], allowedOrigins: ['https://*.example.com'] })
    assert.include(wildcard.body().error.message, 'list each origin exactly')
    const stored = await db.from('embed_sessions').where('user_id', user.id).count('* as total')
    assert.equal(Number(stored[0].total), 0)

    const exact = await client
      .post('/api/v1/embed/sessions')
      .bearerToken(key)
      .json({
        components: ['quota'],
        allowedOrigins: ['HTTPS://Portal.Example.com:443/', 'https://xn--bcher-kva.example'],
      })
    exact.assertStatus(201)
    const listed = await client.get('/api/v1/embed/sessions').bearerToken(key)
    assert.deepEqual(listed.body()[0].allowedOrigins, [
      'https://portal.example.com',
      'https://xn--bcher-kva.example',
    ])
  })

  test('the mint answer and the listed session give the same expiresAt, to the second', async ({
    client,
    assert,
  }) => {
    const { key, id, expiresAt } = await mint(client, { ttlSeconds: 600 })
    const listed = (await client.get('/api/v1/embed/sessions').bearerToken(key)).body()
    assert.equal(listed.find((session: { id: string }) => session.id === id).expiresAt, expiresAt)
    assert.match(expiresAt, /:\d{2}\.000Z$/)
    const revoked = await client.delete(`/api/v1/embed/sessions/${id}`).bearerToken(key)
    assert.equal(revoked.body().expiresAt, expiresAt)
  })

  test("another account's key or ad account is refused", async ({ client }) => {
    const stranger = await createUser()
    const { record: foreignKey } = await createApiKey(stranger)
    const user = await createConnectedUser(ALEX)
    await setPlan(user, 'agency')
    const { key } = await createApiKey(user)
    const withKey = await client
      .post('/api/v1/embed/sessions')
      .bearerToken(key)
      .json({ components: ['quota'], allowedOrigins: [PORTAL], keyId: foreignKey.id })
    withKey.assertStatus(404)
    const withAccount = await client
      .post('/api/v1/embed/sessions')
      .bearerToken(key)
      .json({
        components: ['campaign_performance'],
        allowedOrigins: [PORTAL],
        adAccountIds: [BLAIR.accounts[0]],
      })
    withAccount.assertStatus(404)
    withAccount.assertBodyContains({ error: { code: 'meta_object_not_owned' } })
  })
})

test.group('Embed reads: origin, secret, expiry, revocation, scope', (group) => {
  group.each.setup(async () => {
    await freshSandbox()
  })

  test('an allowed origin reads the quota with CORS for that origin only, not counted', async ({
    client,
    assert,
  }) => {
    const { id, clientSecret, user } = await mint(client)
    await setUsage(user.id, 1234)
    for (let index = 0; index < 3; index++) {
      const response = await read(client, id, 'quota', clientSecret)
      response.assertStatus(200)
      response.assertHeader('access-control-allow-origin', PORTAL)
      assert.containsSubset(response.body(), { scope: 'account', used: 1234, limit: 1000000 })
    }
  })

  test('another origin is refused without CORS headers, preflight included', async ({
    client,
    assert,
  }) => {
    const { id, clientSecret } = await mint(client)
    const response = await read(client, id, 'quota', clientSecret, OTHER)
    response.assertStatus(403)
    response.assertBodyContains({ error: { code: 'embed_origin_not_allowed' } })
    assert.isUndefined(response.header('access-control-allow-origin'))
    const noOrigin = await client.get(`/embed/v1/${id}/quota`).bearerToken(clientSecret)
    noOrigin.assertStatus(403)

    const preflight = await client
      .options(`/embed/v1/${id}/quota`)
      .header('origin', PORTAL)
      .header('access-control-request-method', 'GET')
      .header('access-control-request-headers', 'authorization')
    preflight.assertStatus(204)
    preflight.assertHeader('access-control-allow-origin', PORTAL)
    preflight.assertHeader('access-control-allow-headers', 'Authorization')
    const refused = await client.options(`/embed/v1/${id}/quota`).header('origin', OTHER)
    refused.assertStatus(403)
    assert.isUndefined(refused.header('access-control-allow-origin'))
  })

  test('a wrong secret answers 401 invalid_client_secret', async ({ client }) => {
    const { id } = await mint(client)
    const { clientSecret: otherSecret } = await mint(client)
    const response = await read(client, id, 'quota', otherSecret)
    response.assertStatus(401)
    response.assertBodyContains({ error: { code: 'invalid_client_secret' } })
  })

  test('an expired session answers 401 embed_session_expired (with CORS, so it can refresh)', async ({
    client,
  }) => {
    const { id, clientSecret } = await mint(client)
    await db
      .from('embed_sessions')
      .where('public_id', id)
      .update({ expires_at: toDbTimestamp(new Date(Date.now() - 1000)) })
    const response = await read(client, id, 'quota', clientSecret)
    response.assertStatus(401)
    response.assertHeader('access-control-allow-origin', PORTAL)
    response.assertBodyContains({ error: { code: 'embed_session_expired' } })
  })

  test('a revoked session answers 403 embed_session_revoked', async ({ client, assert }) => {
    const { id, clientSecret, key } = await mint(client)
    ;(await read(client, id, 'quota', clientSecret)).assertStatus(200)
    const revoked = await client.delete(`/api/v1/embed/sessions/${id}`).bearerToken(key)
    revoked.assertStatus(200)
    assert.equal(revoked.body().status, 'revoked')
    const response = await read(client, id, 'quota', clientSecret)
    response.assertStatus(403)
    response.assertBodyContains({ error: { code: 'embed_session_revoked' } })
  })

  test("a suspended owner's sessions answer 403 account_suspended until reinstated", async ({
    client,
  }) => {
    const { id, clientSecret, user } = await mint(client)
    ;(await read(client, id, 'quota', clientSecret)).assertStatus(200)
    user.suspendedAt = DateTime.utc()
    await user.save()
    const response = await read(client, id, 'quota', clientSecret)
    response.assertStatus(403)
    response.assertBodyContains({ error: { code: 'account_suspended' } })
    user.suspendedAt = null
    await user.save()
    ;(await read(client, id, 'quota', clientSecret)).assertStatus(200)
  })

  test('a list limit outside 1-50 answers 422, with CORS so the widget can read it', async ({
    client,
    assert,
  }) => {
    const { id, clientSecret } = await mint(client)
    for (const limit of ['abc', '0', '51', '1.5', '1e400']) {
      const response = await read(client, id, `recent_calls?limit=${limit}`, clientSecret)
      response.assertStatus(422)
      assert.equal(response.body().error.code, 'validation_failed')
      assert.equal(response.body().error.field, 'limit')
      assert.equal(response.header('access-control-allow-origin'), PORTAL)
    }
    ;(await read(client, id, 'recent_calls?limit=5', clientSecret)).assertStatus(200)
  })

  test("a component outside the session's scope is refused", async ({ client }) => {
    const { id, clientSecret } = await mint(client, { components: ['quota'] })
    const response = await read(client, id, 'recent_calls', clientSecret)
    response.assertStatus(403)
    response.assertBodyContains({ error: { code: 'embed_component_not_allowed' } })
  })

  test('another account cannot revoke the session', async ({ client }) => {
    const { id } = await mint(client)
    const stranger = await createUser()
    const { key } = await createApiKey(stranger)
    ;(await client.delete(`/api/v1/embed/sessions/${id}`).bearerToken(key)).assertStatus(404)
  })

  test('a session scoped to a client key sees only that key', async ({ client, assert }) => {
    const user = await createUser()
    await setPlan(user, 'agency')
    const { key: clientKey, record } = await createApiKey(user, 'Acme key', {
      label: 'Acme Dental',
      monthlyLimit: 500,
    })
    const { key: otherKey } = await createApiKey(user, 'Other client')
    ;(await client.get('/api/v1/usage').bearerToken(clientKey)).assertStatus(200)
    ;(await client.get('/api/v1/usage').bearerToken(otherKey)).assertStatus(200)
    ;(await client.get('/api/v1/usage').bearerToken(otherKey)).assertStatus(200)
    await setKeyUsage(record.id, 42)
    const { id, clientSecret } = await mint(client, { keyId: record.id }, { user })

    const quota = await read(client, id, 'quota', clientSecret)
    assert.containsSubset(quota.body(), { scope: 'key', used: 42, limit: 500, remaining: 458 })
    const keys = await read(client, id, 'keys', clientSecret)
    assert.lengthOf(keys.body(), 1)
    assert.containsSubset(keys.body()[0], { label: 'Acme Dental', usage: 42, monthlyLimit: 500 })
    assert.notInclude(JSON.stringify(keys.body()), clientKey)

    // The call log is written in batches after the responses.
    const { CallLog } = await import('#usage/services/call_log')
    const app = (await import('@adonisjs/core/services/app')).default
    await (await app.container.make(CallLog)).flush()
    const calls = await read(client, id, 'recent_calls', clientSecret)
    assert.lengthOf(calls.body(), 1)
    const usage = await read(client, id, 'usage', clientSecret)
    assert.equal(
      usage.body().daily.reduce((sum: number, day: { calls: number }) => sum + day.calls, 0),
      1
    )
    const info = await read(client, id, 'session', clientSecret)
    assert.containsSubset(info.body(), { key: { label: 'Acme Dental' }, poweredBy: true })
  })

  test('campaign_performance reads an allowed ad account and refuses others', async ({
    client,
    assert,
  }) => {
    const user = await createConnectedUser(ALEX)
    const { id, clientSecret } = await mint(
      client,
      { components: ['campaign_performance'], adAccountIds: [ALEX.accounts[0]] },
      { user }
    )
    const response = await read(client, id, 'campaign_performance?datePreset=last_7d', clientSecret)
    response.assertStatus(200)
    const body = response.body()
    assert.equal(body.adAccountId, ALEX.accounts[0])
    assert.lengthOf(body.daily, 7)
    assert.equal(
      body.totals.spend,
      body.daily.reduce((sum: number, day: { spend: number }) => sum + day.spend, 0)
    )
    assert.notInclude(JSON.stringify(body), 'access_token')
    const other = await read(
      client,
      id,
      `campaign_performance?adAccountId=${ALEX.accounts[1]}`,
      clientSecret
    )
    other.assertStatus(403)
    other.assertBodyContains({ error: { code: 'embed_ad_account_not_allowed' } })
  })

  test('reads are rate limited per session (120 a minute)', async ({ client }) => {
    const { id, clientSecret } = await mint(client, { components: ['quota'] })
    for (let index = 0; index < 120; index++) {
      ;(await read(client, id, 'quota', clientSecret)).assertStatus(200)
    }
    const limited = await read(client, id, 'quota', clientSecret)
    limited.assertStatus(429)
    limited.assertHeader('access-control-allow-origin', PORTAL)
    // Another session is unaffected.
    const second = await mint(client, { components: ['quota'] })
    ;(await read(client, second.id, 'quota', second.clientSecret)).assertStatus(200)
  })
})
