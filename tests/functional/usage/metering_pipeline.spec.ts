import { test } from '@japa/runner'
import app from '@adonisjs/core/services/app'
import db from '@adonisjs/lucid/services/db'
import { Metering } from '#usage/services/metering'
import { billingPeriodAt } from '#usage/services/billing_period'
import { createApiKey, createUser } from '#tests/helpers/factories'
import { setUsage } from '#tests/helpers/usage'
import { mintCliToken } from '#tests/helpers/cli'
import { callTool, connectMcp, flushCallLog, textOf } from '#tests/functional/automation/mcp_client'

/** This month's counted requests of `userId`, read through the quota store in use. */
async function quotaUsed(userId: number) {
  const metering = await app.container.make(Metering)
  return metering.quotas.current(userId, billingPeriodAt().period)
}

/** The user's call records, oldest first, as `[token_id, method, endpoint, status_code]`. */
async function recordedCalls(userId: number) {
  await flushCallLog()
  const rows = await db.from('api_calls').where('user_id', userId).orderBy('id', 'asc')
  return rows.map((row) => [
    row.token_id === null ? null : Number(row.token_id),
    row.method,
    row.endpoint,
    Number(row.status_code),
  ])
}

/** A call of a published action, made over REST and over MCP. */
interface SurfaceCase {
  /** What the call meets */
  title: string
  action: string
  module: 'usage' | 'meta'
  method: 'GET' | 'POST'
  args: Record<string, unknown>
  /** The month's usage before the call (default 0) */
  usedBefore?: number
  /** The status REST answers and both surfaces record */
  status: number
  /** The error code REST answers and the MCP tool error starts with (none on success) */
  code?: string
  /** Requests counted against the quota */
  counted: number
}

const cases: SurfaceCase[] = [
  {
    title: 'success',
    action: 'get_usage',
    module: 'usage',
    method: 'GET',
    args: {},
    status: 200,
    counted: 1,
  },
  {
    title: 'invalid input',
    action: 'get_campaign',
    module: 'meta',
    method: 'GET',
    args: {},
    status: 422,
    code: 'validation_failed',
    counted: 1,
  },
  {
    title: 'a plan gate',
    action: 'create_campaign',
    module: 'meta',
    method: 'POST',
    args: { adAccountId: 'act_1', name: 'Spring', objective: 'OUTCOME_TRAFFIC' },
    status: 403,
    code: 'plan_upgrade_required',
    counted: 1,
  },
  {
    title: "the action's own failure (no Meta connection)",
    action: 'list_ad_accounts',
    module: 'meta',
    method: 'GET',
    args: {},
    status: 409,
    code: 'meta_not_connected',
    counted: 1,
  },
  {
    title: 'the quota (recorded, not counted)',
    action: 'get_usage',
    module: 'usage',
    method: 'GET',
    args: {},
    usedBefore: 10_000,
    status: 429,
    code: 'quota_exceeded',
    counted: 0,
  },
]

test.group('Metering: one status rule for REST and MCP', () => {
  test('the same call over REST and MCP answers, counts and records alike: {title}')
    .with(cases)
    .run(async ({ client, assert }, call) => {
      // One user per surface, same plan and usage.
      const restUser = await createUser()
      const mcpUser = await createUser()
      for (const user of [restUser, mcpUser]) await setUsage(user.id, call.usedBefore ?? 0)
      const restKey = await createApiKey(restUser)
      const mcpKey = await createApiKey(mcpUser)

      const path = `/api/v1/${call.module}/${call.action}`
      const request =
        call.method === 'GET' ? client.get(path).qs(call.args) : client.post(path).json(call.args)
      const rest = await request.bearerToken(restKey.key)
      const mcp = await connectMcp(mcpKey.key)
      const result = await callTool(mcp, call.action, call.args)
      await mcp.close()

      assert.equal(rest.status(), call.status)
      assert.equal(rest.body().error?.code, call.code)
      assert.equal(result.isError ?? false, call.code !== undefined)
      if (call.code) assert.match(textOf(result), new RegExp(`^${call.code}: `))

      assert.deepEqual(await recordedCalls(restUser.id), [
        [restKey.record.id, call.method, path, call.status],
      ])
      assert.deepEqual(await recordedCalls(mcpUser.id), [
        [mcpKey.record.id, 'MCP', `tools/call ${call.action}`, call.status],
      ])
      const before = call.usedBefore ?? 0
      assert.equal((await quotaUsed(restUser.id)) - before, call.counted)
      assert.equal((await quotaUsed(mcpUser.id)) - before, call.counted)
    })
})

test.group('Metering: CLI tokens', () => {
  test('a CLI token is metered like an API key on REST, MCP and /internal, recorded under its own id', async ({
    client,
    assert,
  }) => {
    const user = await createUser()
    const token = await mintCliToken(user, 'laptop')
    const cli = await db.from('api_tokens').where({ user_id: user.id, kind: 'cli_token' }).first()

    ;(await client.get('/api/v1/usage').bearerToken(token)).assertStatus(200)
    const mcp = await connectMcp(token)
    const result = await callTool(mcp, 'get_account')
    await mcp.close()
    assert.notOk(result.isError)
    ;(await client.post('/internal/meta/resolve').bearerToken(token)).assertStatus(200)

    assert.equal(await quotaUsed(user.id), 3)
    assert.deepEqual(await recordedCalls(user.id), [
      [Number(cli.id), 'GET', '/api/v1/usage', 200],
      [Number(cli.id), 'MCP', 'tools/call get_account', 200],
      [Number(cli.id), 'POST', '/internal/meta/resolve', 200],
    ])

    const report = await client.get('/api/v1/usage/report').bearerToken(token)
    report.assertStatus(200)
    assert.containsSubset(report.body().credentials, [
      { tokenId: Number(cli.id), kind: 'cli_token', calls: 3, successful: 3, failed: 0 },
    ])
    // Reading the report is not metered.
    assert.equal(await quotaUsed(user.id), 3)

    // Months before 2000 are refused (years 0-99 had read as 1900-1999).
    for (const month of ['0000-01', '1999-12']) {
      const old = await client.get(`/api/v1/usage/report?month=${month}`).bearerToken(token)
      old.assertStatus(422)
      assert.equal(old.body().error.field, 'month')
    }
  })
})
