import { test } from '@japa/runner'
import app from '@adonisjs/core/services/app'
import { Metering } from '#usage/services/metering'
import { billingPeriodAt } from '#usage/services/billing_period'
import { createApiKey, createUser, setPlan } from '#tests/helpers/factories'
import { setKeyUsage, setUsage } from '#tests/helpers/usage'
import { mintCliToken } from '#tests/helpers/cli'

/*
| Client keys (issue 17): a label and a monthly limit of the key's own, enforced with the
| account's quota in one atomic step. These run on whichever counter store the app uses:
| SQL by default, Redis when REDIS_URL is set (CI's second pass).
*/

async function accountCount(userId: number) {
  const metering = await app.container.make(Metering)
  return metering.quotas.current(userId, billingPeriodAt().period)
}

test.group('Client keys: limits on the metered API', () => {
  test("with 50 left on the key's limit, exactly 50 of 200 concurrent requests succeed", async ({
    client,
    assert,
  }) => {
    const user = await createUser()
    const { key, record } = await createApiKey(user, 'Acme', { monthlyLimit: 1000 })
    await setUsage(user.id, 5000)
    await setKeyUsage(record.id, 950)
    const responses = await Promise.all(
      Array.from({ length: 200 }, () => client.get('/api/v1/usage').bearerToken(key))
    )
    const statuses = responses.map((response) => response.status())
    assert.equal(statuses.filter((status) => status === 200).length, 50)
    assert.equal(statuses.filter((status) => status === 429).length, 150)
    const refused = responses.find((response) => response.status() === 429)!
    assert.containsSubset(refused.body(), {
      error: { code: 'key_quota_exceeded', limit: 1000, used: 1000 },
    })
    assert.isAbove(Number(refused.header('retry-after')), 0)
    // The account was charged for the 50 calls that went through, not for the refused ones.
    assert.equal(await accountCount(user.id), 5050)
  })

  test('with 50 left on the account, a key with room gets exactly 50 of 200', async ({
    client,
    assert,
  }) => {
    const user = await createUser()
    const { key } = await createApiKey(user, 'Acme', { monthlyLimit: 9000 })
    await setUsage(user.id, 10000 - 50)
    const responses = await Promise.all(
      Array.from({ length: 200 }, () => client.get('/api/v1/usage').bearerToken(key))
    )
    const statuses = responses.map((response) => response.status())
    assert.equal(statuses.filter((status) => status === 200).length, 50)
    const refused = responses.find((response) => response.status() === 429)!
    assert.equal(refused.body().error.code, 'quota_exceeded')
    const keys = await client.get('/api/tokens').loginAs(user)
    assert.equal(keys.body()[0].usage, 50)
  })

  test('RateLimit headers describe whichever limit is closer', async ({ client }) => {
    const user = await createUser()
    const { key: tight, record } = await createApiKey(user, 'Tight', { monthlyLimit: 100 })
    await setKeyUsage(record.id, 90)
    const keyCloser = await client.get('/api/v1/usage').bearerToken(tight)
    keyCloser.assertStatus(200)
    keyCloser.assertHeader('ratelimit-limit', '100')
    keyCloser.assertHeader('ratelimit-remaining', '9')

    const { key: roomy } = await createApiKey(user, 'Roomy', { monthlyLimit: 9000 })
    await setUsage(user.id, 9990)
    const accountCloser = await client.get('/api/v1/usage').bearerToken(roomy)
    accountCloser.assertStatus(200)
    accountCloser.assertHeader('ratelimit-limit', '10000')
    accountCloser.assertHeader('ratelimit-remaining', '9')
  })

  test("get_usage reports the key's own limit and remaining beside the account's", async ({
    client,
    assert,
  }) => {
    const user = await createUser()
    const { key, record } = await createApiKey(user, 'Acme', { monthlyLimit: 20 })
    await setUsage(user.id, 17)
    for (let call = 0; call < 2; call++) {
      ;(await client.get('/api/v1/usage').bearerToken(key)).assertStatus(200)
    }
    const usage = await client.get('/api/v1/usage/get_usage').bearerToken(key)
    usage.assertStatus(200)
    assert.containsSubset(usage.body(), {
      total: 20,
      limit: 10000,
      remaining: 9980,
      key: { id: record.id, monthlyLimit: 20, used: 3, remaining: 17 },
    })

    const { key: plain, record: plainRecord } = await createApiKey(user, 'Plain')
    const unlimited = await client.get('/api/v1/usage').bearerToken(plain)
    assert.deepEqual(unlimited.body().key, {
      id: plainRecord.id,
      monthlyLimit: null,
      used: 1,
      remaining: null,
    })
    // The web app (no key) reads the account alone.
    const session = await client.get('/api/actions/get_usage').loginAs(user)
    session.assertStatus(200)
    assert.isNull(session.body().key)
    assert.equal(session.body().total, 21)
  })

  test('every call is counted per key, with or without a limit', async ({ client, assert }) => {
    const user = await createUser()
    const { key: first } = await createApiKey(user, 'First')
    const { key: second } = await createApiKey(user, 'Second', { label: 'Acme Dental' })
    for (let index = 0; index < 3; index++) {
      ;(await client.get('/api/v1/usage').bearerToken(first)).assertStatus(200)
    }
    ;(await client.get('/api/v1/usage').bearerToken(second)).assertStatus(200)
    const listed = (await client.get('/api/tokens').loginAs(user)).body()
    assert.deepEqual(
      listed.map((key: { name: string; label: string | null; usage: number }) => [
        key.name,
        key.label,
        key.usage,
      ]),
      [
        ['Second', 'Acme Dental', 1],
        ['First', null, 3],
      ]
    )
  })
})

test.group('Client keys: label and limit on the key endpoints', () => {
  test('the profile creates a key with a label and a monthly limit', async ({ client, assert }) => {
    const user = await createUser()
    const response = await client
      .post('/api/tokens')
      .json({ name: 'Portal', label: ' Acme\u202E Dental ', monthlyLimit: 500 })
      .withCsrfToken()
      .loginAs(user)
    response.assertStatus(201)
    assert.containsSubset(response.body(), { label: 'Acme Dental', monthlyLimit: 500 })
    const listed = await client.get('/api/tokens').loginAs(user)
    assert.containsSubset(listed.body()[0], {
      label: 'Acme Dental',
      monthlyLimit: 500,
      usage: 0,
    })
  })

  test("a limit above the plan's quota answers 422 key_limit_above_quota", async ({ client }) => {
    const user = await createUser()
    const response = await client
      .post('/api/tokens')
      .json({ name: 'Portal', monthlyLimit: 10001 })
      .withCsrfToken()
      .loginAs(user)
    response.assertStatus(422)
    response.assertBodyContains({ error: { code: 'key_limit_above_quota', quota: 10000 } })
  })

  test('a lowered limit applies to the next call; null clears it', async ({ client }) => {
    const user = await createUser()
    const { key, record } = await createApiKey(user, 'Portal')
    await setKeyUsage(record.id, 20)
    ;(await client.get('/api/v1/usage').bearerToken(key)).assertStatus(200)
    const lowered = await client
      .patch(`/api/tokens/${record.id}`)
      .json({ monthlyLimit: 21 })
      .withCsrfToken()
      .loginAs(user)
    lowered.assertStatus(200)
    lowered.assertBodyContains({ monthlyLimit: 21, usage: 21 })
    const refused = await client.get('/api/v1/usage').bearerToken(key)
    refused.assertStatus(429)
    refused.assertBodyContains({ error: { code: 'key_quota_exceeded' } })
    await client
      .patch(`/api/tokens/${record.id}`)
      .json({ monthlyLimit: null })
      .withCsrfToken()
      .loginAs(user)
    ;(await client.get('/api/v1/usage').bearerToken(key)).assertStatus(200)
  })

  test("another user's key cannot be changed (404)", async ({ client }) => {
    const owner = await createUser()
    const { record } = await createApiKey(owner)
    const other = await createUser()
    const response = await client
      .patch(`/api/tokens/${record.id}`)
      .json({ label: 'Mine' })
      .withCsrfToken()
      .loginAs(other)
    response.assertStatus(404)
  })

  test('the CLI endpoints take a label and a limit and list usage against it', async ({
    client,
    assert,
  }) => {
    const user = await createUser()
    await setPlan(user, 'agency')
    const token = await mintCliToken(user)
    const created = await client
      .post('/api/v1/keys')
      .bearerToken(token)
      .json({ name: 'Portal', label: 'Acme', monthlyLimit: 2000 })
    created.assertStatus(201)
    assert.containsSubset(created.body(), { label: 'Acme', monthlyLimit: 2000 })
    const updated = await client
      .patch(`/api/v1/keys/${created.body().id}`)
      .bearerToken(token)
      .json({ label: null })
    updated.assertStatus(200)
    assert.containsSubset(updated.body(), { label: null, monthlyLimit: 2000, usage: 0 })
    const wrong = await client
      .patch(`/api/v1/keys/${created.body().id}`)
      .bearerToken(token)
      .json({ monthlyLimit: -3 })
    wrong.assertStatus(422)
  })

  test("rotating a client key answers the new key with the old one's label and monthly limit", async ({
    client,
    assert,
  }) => {
    const user = await createUser()
    const token = await mintCliToken(user)
    const { record } = await createApiKey(user, 'Portal', { label: 'Acme', monthlyLimit: 2000 })
    const rotated = await client
      .post(`/api/v1/keys/${record.id}/rotate`)
      .bearerToken(token)
      .json({ graceSeconds: 60 })
    rotated.assertStatus(201)
    assert.containsSubset(rotated.body(), {
      name: 'Portal',
      label: 'Acme',
      monthlyLimit: 2000,
      previous: { id: record.id, revokedAt: null },
    })
    assert.match(rotated.body().token, /^adr_/)
    const listed = (await client.get('/api/v1/keys').bearerToken(token)).body()
    assert.containsSubset(
      listed.find((key: { id: number }) => key.id === rotated.body().id),
      { label: 'Acme', monthlyLimit: 2000 }
    )
  })
})
