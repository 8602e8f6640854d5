import { randomBytes } from 'node:crypto'
import { test } from '@japa/runner'
import db from '@adonisjs/lucid/services/db'
import { DateTime } from 'luxon'
import { createApiKey, createUser, setPlan } from '#tests/helpers/factories'
import { connectMeta } from '#tests/helpers/meta'
import { logCalls } from '#tests/browser/web/helpers'
import { toDbTimestamp } from '#shared/db_time'
import { AuditLog } from '#admin/services/audit_log'
import MetaConnection from '#meta/models/meta_connection'
import ApiToken from '#keys/models/api_token'
import type User from '#accounts/models/user'
import { RATE_LIMITS } from '#start/limiter'

/** A user with something in every section: keys, a CLI session, calls, Meta, a code, audit. */
async function userWithData() {
  const user = await createUser({ firstName: 'Ex' })
  await setPlan(user, 'trafficker')
  const { record: apiKey } = await createApiKey(user, 'n8n production')
  const cli = await ApiToken.create({
    userId: user.id,
    kind: 'cli_token',
    name: 'laptop',
    tokenHash: randomBytes(32).toString('hex'),
    displayPrefix: 'adrc_1234',
    createdAt: DateTime.utc(),
  })
  await logCalls(user, [{ status: 200 }, { status: 429, endpoint: '/mcp', method: 'MCP' }])
  await db.table('usage_counters').insert({ user_id: user.id, period: '2026-11', count: 2 })
  const metaToken = await connectMeta(user)
  const [codeId] = await db.table('invitation_codes').insert({
    code: `EXPORT${user.id}`,
    plan_id: 'agency',
    grant_days: 30,
    max_redemptions: 5,
    redemption_count: 1,
    created_at: toDbTimestamp(new Date()),
  })
  await db.table('invitation_redemptions').insert({
    invitation_code_id: codeId,
    user_id: user.id,
    grants_until: toDbTimestamp(new Date(Date.now() + 30 * 86_400_000)),
    created_at: toDbTimestamp(new Date()),
  })
  const deviceCodeHash = randomBytes(32).toString('hex')
  await db.table('device_authorizations').insert({
    device_code_hash: deviceCodeHash,
    user_code: `ABCD${String(user.id).padStart(4, '0')}`,
    client_id: 'adrelay-cli',
    device_name: 'laptop',
    requester_ip: '203.0.113.9',
    status: 'consumed',
    user_id: user.id,
    interval_seconds: 5,
    expires_at: toDbTimestamp(new Date()),
    created_at: toDbTimestamp(new Date()),
  })
  await new AuditLog().record({
    actor: 'cli',
    action: 'user.promoted',
    target: { type: 'user', id: user.id, label: user.email },
  })
  return { user, apiKey, cli, metaToken, deviceCodeHash }
}

async function download(client: any, user: User, path = '/api/account/export') {
  const response = await client.get(path).loginAs(user)
  return response
}

test.group('Download my data', () => {
  test('a signed-out visitor gets 401', async ({ client }) => {
    const response = await client.get('/api/account/export')
    response.assertStatus(401)
  })

  test('the export is a JSON attachment with every section and never a secret', async ({
    client,
    assert,
  }) => {
    const { user, apiKey, cli, metaToken, deviceCodeHash } = await userWithData()
    const other = await createUser()
    await logCalls(other, [{ status: 200, endpoint: '/api/v1/not-mine' }])

    const response = await download(client, user)
    response.assertStatus(200)
    assert.match(response.header('content-type') ?? '', /^application\/json/)
    assert.match(
      response.header('content-disposition') ?? '',
      /^attachment; filename="adrelay-data-\d{4}-\d{2}-\d{2}\.json"$/
    )
    assert.equal(response.header('cache-control'), 'no-store')

    const text = response.text()
    const document = JSON.parse(text)
    assert.containsSubset(document, {
      format: 'adrelay-personal-data',
      version: 1,
      userId: user.id,
    })
    const data = document.data
    assert.containsSubset(data.account, {
      id: user.id,
      email: user.email,
      firstName: 'Ex',
      role: 'user',
    })
    assert.containsSubset(data.subscription, { planId: 'trafficker', status: 'active' })
    assert.deepEqual(
      data.apiKeys.map((key: any) => [key.id, key.kind, key.name, key.prefix]),
      [
        [apiKey.id, 'api_key', 'n8n production', apiKey.displayPrefix],
        [cli.id, 'cli_token', 'laptop', 'adrc_1234'],
      ]
    )
    assert.lengthOf(data.callLog, 2)
    assert.deepEqual(data.callLog.map((call: any) => call.statusCode).sort(), [200, 429])
    assert.notInclude(text, '/api/v1/not-mine')
    assert.deepEqual(data.usageCounters, [{ period: '2026-11', requests: 2 }])
    assert.containsSubset(data.metaConnection, {
      metaUserId: '10000000000001',
      name: 'Alex Rivera',
      scopes: ['ads_read', 'ads_management', 'business_management'],
    })
    assert.containsSubset(data.invitationRedemptions, [
      { code: `EXPORT${user.id}`, planId: 'agency' },
    ])
    assert.containsSubset(data.deviceAuthorizations, [
      { deviceName: 'laptop', status: 'consumed', requesterIp: '203.0.113.9' },
    ])
    assert.containsSubset(data.auditEntries, [
      { action: 'user.promoted', performedBy: 'command_line', about: 'you' },
    ])
    assert.equal(data.sessions.active, 0)

    // No secret, in any form.
    const stored = await MetaConnection.findByOrFail('userId', user.id)
    for (const secret of [
      apiKey.tokenHash,
      cli.tokenHash,
      deviceCodeHash,
      metaToken,
      stored.accessTokenEncrypted,
    ]) {
      assert.notInclude(text, secret)
    }
  })

  test('a user with nothing but an account gets empty sections, not errors', async ({
    client,
    assert,
  }) => {
    const user = await createUser()
    const response = await download(client, user)
    response.assertStatus(200)
    const { data } = JSON.parse(response.text())
    assert.containsSubset(data, {
      subscription: null,
      metaConnection: null,
      apiKeys: [],
      callLog: [],
      usageCounters: [],
      invitationRedemptions: [],
      deviceAuthorizations: [],
      auditEntries: [],
    })
  })

  test('30,000 call records are all exported, in order, as valid JSON', async ({
    client,
    assert,
  }) => {
    const user = await createUser()
    const total = 30_000
    const rows = Array.from({ length: total }, (_, index) => ({
      user_id: user.id,
      method: 'GET',
      endpoint: `/api/v1/call/${index}`,
      status_code: 200,
      response_time_ms: index % 1000,
      created_at: toDbTimestamp(new Date(1_700_000_000_000 + index * 1000)),
    }))
    // 400 rows per statement: SQLite allows at most 500 terms in a compound SELECT.
    for (let index = 0; index < total; index += 400) {
      await db.table('api_calls').multiInsert(rows.slice(index, index + 400))
    }

    const response = await download(client, user)
    response.assertStatus(200)
    const { data } = JSON.parse(response.text())
    assert.lengthOf(data.callLog, total)
    assert.equal(data.callLog[0].endpoint, '/api/v1/call/0')
    assert.equal(data.callLog[total - 1].endpoint, `/api/v1/call/${total - 1}`)
    const ids = data.callLog.map((call: any) => call.id)
    assert.equal(new Set(ids).size, total)
  }).timeout(120_000)

  test("an admin can download a user's data; the export is in the audit log", async ({
    client,
    assert,
  }) => {
    const admin = await createUser({ role: 'admin' })
    const { user } = await userWithData()
    const response = await download(client, admin, `/api/admin/users/${user.id}/export`)
    response.assertStatus(200)
    assert.match(
      response.header('content-disposition') ?? '',
      new RegExp(`filename="adrelay-data-user-${user.id}-\\d{4}-\\d{2}-\\d{2}\\.json"`)
    )
    assert.equal(JSON.parse(response.text()).data.account.email, user.email)

    const entry = await db
      .from('admin_audit_log')
      .where('action', 'user.data_exported')
      .where('target_id', String(user.id))
      .first()
    assert.equal(entry?.actor_label, admin.email)

    const notAdmin = await download(client, user, `/api/admin/users/${admin.id}/export`)
    notAdmin.assertStatus(403)
    const missing = await download(client, admin, '/api/admin/users/999999/export')
    missing.assertStatus(404)
  })

  test('exports are rate limited per user: the 11th in an hour answers 429 rate_limited', async ({
    client,
    assert,
  }) => {
    const user = await createUser()
    for (let index = 0; index < RATE_LIMITS.dataExport.requests; index++) {
      ;(await download(client, user)).assertStatus(200)
    }
    const refused = await download(client, user)
    refused.assertStatus(429)
    assert.equal(refused.body().error.code, 'rate_limited')
    assert.isString(refused.header('retry-after'))
    // Another user is not affected.
    ;(await download(client, await createUser())).assertStatus(200)
  })
})
