import { test } from '@japa/runner'
import db from '@adonisjs/lucid/services/db'
import { DateTime } from 'luxon'
import MetaConnection from '#meta/models/meta_connection'
import { createApiKey, createUser, setPlan } from '#tests/helpers/factories'
import { toDbTimestamp } from '#shared/db_time'

test.group('Admin users list: search and pagination', () => {
  test('the list has the spec shape, newest first, with plan name and subscription status', async ({
    client,
    assert,
  }) => {
    const admin = await createUser({ role: 'admin' })
    const paid = await createUser({
      email: 'shape.paid@example.test',
      firstName: 'Shape',
      lastName: 'Paid',
    })
    const free = await createUser({
      email: 'shape.free@example.test',
      firstName: 'Shape',
      lastName: 'Free',
    })
    await setPlan(paid, 'trafficker', 'active', 'stripe')

    const response = await client.get('/api/admin/users?search=shape.').loginAs(admin)
    response.assertStatus(200)
    const { users, meta } = response.body()
    assert.deepEqual(meta, { total: 2, page: 1, perPage: 20, lastPage: 1 })
    assert.deepEqual(
      users.map((user: any) => user.email),
      ['shape.free@example.test', 'shape.paid@example.test']
    )
    assert.containsSubset(users[1], {
      id: paid.id,
      firstName: 'Shape',
      lastName: 'Paid',
      email: 'shape.paid@example.test',
      suspendedAt: null,
      subscription: { plan: { name: 'Trafficker' }, status: 'active' },
    })
    assert.isString(users[1].createdAt)
    assert.containsSubset(users[0], {
      id: free.id,
      subscription: { plan: { name: 'Free' }, status: 'none' },
    })
  })

  test('search matches first name, last name or email, case-insensitively, every word', async ({
    client,
    assert,
  }) => {
    const admin = await createUser({ role: 'admin' })
    await createUser({ email: 'jdoe@acme-search.test', firstName: 'Jane', lastName: 'Doe' })
    await createUser({ email: 'jsmith@acme-search.test', firstName: 'Jane', lastName: 'Smith' })
    await createUser({ email: 'other@elsewhere-search.test', firstName: 'Doe', lastName: 'Ray' })

    const emails = async (search: string) => {
      const response = await client.get('/api/admin/users').qs({ search }).loginAs(admin)
      response.assertStatus(200)
      return response
        .body()
        .users.map((user: any) => user.email)
        .sort()
    }

    assert.deepEqual(await emails('ACME-SEARCH'), [
      'jdoe@acme-search.test',
      'jsmith@acme-search.test',
    ])
    assert.deepEqual(await emails('jane'), ['jdoe@acme-search.test', 'jsmith@acme-search.test'])
    assert.deepEqual(await emails('  JANE   doe '), ['jdoe@acme-search.test'])
    assert.deepEqual(await emails('doe -search'), [
      'jdoe@acme-search.test',
      'other@elsewhere-search.test',
    ])
    assert.deepEqual(await emails('smith'), ['jsmith@acme-search.test'])
    assert.deepEqual(await emails('nobody-matches-this'), [])
  })

  test('% and _ typed in the search match literally, not as wildcards', async ({
    client,
    assert,
  }) => {
    const admin = await createUser({ role: 'admin' })
    await createUser({ email: 'pct@wild.test', firstName: '100%', lastName: 'Sure' })
    await createUser({ email: 'under_score@wild.test', firstName: 'Under', lastName: 'Score' })
    await createUser({ email: 'decoy@wild.test', firstName: 'Underxscore', lastName: 'Decoy' })

    const percent = await client.get('/api/admin/users').qs({ search: '%' }).loginAs(admin)
    assert.deepEqual(
      percent.body().users.map((user: any) => user.email),
      ['pct@wild.test']
    )
    const underscore = await client.get('/api/admin/users').qs({ search: 'r_s' }).loginAs(admin)
    assert.deepEqual(
      underscore.body().users.map((user: any) => user.email),
      ['under_score@wild.test']
    )
  })

  test('pages split the matching users and report the total', async ({ client, assert }) => {
    const admin = await createUser({ role: 'admin' })
    for (let index = 1; index <= 5; index += 1) {
      await createUser({ email: `page${index}@paging.test` })
    }
    const page = (number: number) =>
      client
        .get('/api/admin/users')
        .qs({ search: 'paging.test', page: number, perPage: 2 })
        .loginAs(admin)

    const first = await page(1)
    const third = await page(3)
    const beyond = await page(4)
    assert.deepEqual(first.body().meta, { total: 5, page: 1, perPage: 2, lastPage: 3 })
    assert.lengthOf(first.body().users, 2)
    assert.lengthOf(third.body().users, 1)
    assert.lengthOf(beyond.body().users, 0)

    const seen = new Set<string>()
    for (const number of [1, 2, 3]) {
      for (const user of (await page(number)).body().users) seen.add(user.email)
    }
    assert.equal(seen.size, 5)
  })

  test('perPage above 100 or a page below 1 is refused with 422', async ({ client }) => {
    const admin = await createUser({ role: 'admin' })
    const tooMany = await client.get('/api/admin/users').qs({ perPage: 101 }).loginAs(admin)
    tooMany.assertStatus(422)
    tooMany.assertBodyContains({ error: { code: 'validation_failed' } })
    const pageZero = await client.get('/api/admin/users').qs({ page: 0 }).loginAs(admin)
    pageZero.assertStatus(422)
  })
})

test.group('Admin user detail', () => {
  test('shows plan, subscription state, usage against the limit, keys and recent calls', async ({
    client,
    assert,
  }) => {
    const admin = await createUser({ role: 'admin' })
    const user = await createUser({
      email: 'detail@example.test',
      firstName: 'De',
      lastName: 'Tail',
    })
    await setPlan(user, 'trafficker', 'active', 'stripe')
    const { record } = await createApiKey(user)
    const revoked = await createApiKey(user, 'old')
    revoked.record.revokedAt = revoked.record.createdAt
    await revoked.record.save()
    const lastUse = new Date(Date.now() - 60_000)
    await db
      .from('api_tokens')
      .where('id', record.id)
      .update({ last_used_at: toDbTimestamp(lastUse) })
    const now = new Date()
    const period = `${now.getUTCFullYear()}-${String(now.getUTCMonth() + 1).padStart(2, '0')}`
    await db.table('usage_counters').insert({ user_id: user.id, period, count: 1234 })
    await db.table('api_calls').insert({
      user_id: user.id,
      token_id: record.id,
      method: 'GET',
      endpoint: '/api/v1/me',
      status_code: 200,
      response_time_ms: 42,
      created_at: toDbTimestamp(now),
    })

    const response = await client.get(`/api/admin/users/${user.id}`).loginAs(admin)
    response.assertStatus(200)
    const body = response.body()
    assert.containsSubset(body, {
      user: { id: user.id, email: 'detail@example.test', firstName: 'De', suspendedAt: null },
      subscription: {
        planId: 'trafficker',
        planName: 'Trafficker',
        status: 'active',
        provider: 'stripe',
      },
      usage: {
        period,
        total: 1234,
        limit: 100000,
        remaining: 100000 - 1234,
        plan: { id: 'trafficker' },
      },
      apiKeys: { count: 1 },
      meta: { connected: false, state: 'none' },
    })
    assert.equal(
      new Date(body.apiKeys.lastUsedAt).getTime(),
      Math.floor(lastUse.getTime() / 1000) * 1000
    )
    assert.lengthOf(body.recentCalls, 1)
    assert.containsSubset(body.recentCalls[0], {
      method: 'GET',
      endpoint: '/api/v1/me',
      statusCode: 200,
      responseTime: 42,
    })
    assert.notInclude(JSON.stringify(body), 'token_hash')
    assert.notInclude(JSON.stringify(body), 'accessToken')
  })

  test('shows the Meta connection without its token', async ({ client, assert }) => {
    const admin = await createUser({ role: 'admin' })
    const user = await createUser()
    const expiresAt = DateTime.utc().plus({ days: 50 }).startOf('second')
    await MetaConnection.create({
      userId: user.id,
      metaUserId: '1234567890',
      name: 'Acme Ads',
      accessTokenEncrypted: 'SEALED-TOKEN-MUST-NOT-LEAK',
      isLongLived: true,
      expiresAt,
      dataAccessExpiresAt: null,
      scopes: ['ads_read'],
      status: 'connected',
      lastErrorCode: null,
      sandbox: false,
    })

    const response = await client.get(`/api/admin/users/${user.id}`).loginAs(admin)
    response.assertStatus(200)
    assert.deepEqual(response.body().meta, {
      connected: true,
      state: 'connected',
      name: 'Acme Ads',
      userId: '1234567890',
      isLongLived: true,
      expiresAt: expiresAt.toISO(),
      sandbox: false,
    })
    assert.notInclude(response.text(), 'SEALED-TOKEN-MUST-NOT-LEAK')
  })

  test('an unknown user id answers 404 not_found', async ({ client }) => {
    const admin = await createUser({ role: 'admin' })
    const response = await client.get('/api/admin/users/999999').loginAs(admin)
    response.assertStatus(404)
    response.assertBodyContains({ error: { code: 'not_found' } })
  })
})
